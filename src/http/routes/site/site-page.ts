// One public page at its path, its Markdown twin at path.md (/ -> /index.md), and the twin again for
// `Accept: text/markdown`. Both come from the same SiteDocument, so they cannot tell different stories.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../../context.ts';
import type { Lang, SiteDocument } from '../../../views/site/document.ts';
import { renderHtml } from '../../../views/site/render-html.ts';
import { renderMarkdown } from '../../../views/site/render-markdown.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { queryText } from '../../request-values.ts';

/** The names of a route pattern's parameters: '/ayudas/:id/reportar' -> 'id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fastify's router fills every named parameter of the pattern with a string. */
export type PageRoute<P extends string> = { Params: Record<ParamNames<P>, string> };

export type BuildPage<P extends string> = (request: FastifyRequest<PageRoute<P>>, lang: Lang) => Promise<SiteDocument>;

/** The quality the client gives a media type, from its Accept header (0 when absent). */
function quality(accept: string, type: string): number {
  let best = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const q = Number(
      params
        .find((p) => p.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? 1,
    );
    const [major] = type.split('/');
    const matches = range === type || range === `${major}/*` || range === '*/*';
    const specificity = range === type ? 2 : range === '*/*' ? 0 : 1;
    if (matches && Number.isFinite(q)) best = Math.max(best, q + specificity / 1000);
  }
  return best;
}

export function wantsMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const markdown = quality(accept, 'text/markdown');
  return markdown >= 0.001 && markdown > quality(accept, 'text/html');
}

export function languageOf(request: { query: unknown }): Lang {
  return queryText(request, 'lang') === 'en' ? 'en' : 'es';
}

async function send<P extends string>(
  ctx: Context,
  request: FastifyRequest<PageRoute<P>>,
  reply: FastifyReply,
  build: BuildPage<P>,
  twin: boolean,
) {
  const doc = await build(request, languageOf(request));
  reply
    .code(doc.status ?? 200)
    .header('vary', 'Accept, Accept-Encoding')
    .header('cache-control', doc.noStore ? 'no-store' : 'no-cache');
  if (twin) {
    return reply
      .header('content-type', 'text/markdown; charset=utf-8')
      .send(renderMarkdown(doc, ctx.config.baseUrl, `${ctx.config.baseUrl}${doc.path}`));
  }
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .send(renderHtml(doc, { tileUrl: ctx.config.tileUrl }).value);
}

/** The router's parameters object, seen from code that knows the parameter's name only at run time. */
function isTextRecord(value: unknown): value is Record<string, string> {
  return !!value && typeof value === 'object' && Object.values(value).every((one) => typeof one === 'string');
}

/** Every page's route pattern ('/ayudas/:id'), as sitePage registers it: the site's one list of its pages. */
const pagePatterns = new Set<string>();

/** The patterns of the pages registered so far (all of them once an app is built). */
export function sitePagePatterns(): string[] {
  return [...pagePatterns];
}

/**
 * Registers GET path (HTML, or the twin for Accept: text/markdown) and its twin path. A path ending in a
 * parameter takes the twin as that parameter with ".md" (/ayudas/ID.md), read by the same route.
 */
export function sitePage<P extends string>(
  app: FastifyInstance,
  ctx: Context,
  limiters: Limiters,
  path: P,
  build: BuildPage<P>,
) {
  pagePatterns.add(path);
  const param = /\/:([A-Za-z]+)$/.exec(path)?.[1] ?? null;
  app.get<PageRoute<P>>(path, { onRequest: limiters.reads }, async (request, reply) => {
    const params: unknown = request.params;
    if (param && isTextRecord(params)) {
      const value = params[param] ?? '';
      if (value.endsWith('.md')) {
        params[param] = value.slice(0, -3);
        return send(ctx, request, reply, build, true);
      }
    }
    return send(ctx, request, reply, build, wantsMarkdown(request.headers.accept));
  });
  if (!param) {
    const twin = path === '/' ? '/index.md' : `${path}.md`;
    app.get<PageRoute<P>>(twin, { onRequest: limiters.reads }, (request, reply) =>
      send(ctx, request, reply, build, true),
    );
  }
}
