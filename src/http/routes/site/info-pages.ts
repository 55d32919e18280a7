// /centros, /rutas, /datos-abiertos, /desarrolladores and /desarrolladores/referencia with their twins: read through
// the same queries and presenters as the API, so a page and the JSON it links to tell the same story.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import type { Context } from '../../../context.ts';
import { LEGACY_PROTOCOL_VERSION } from '../../../contract/mcp-protocol.ts';
import { buildOpenApi } from '../../../contract/openapi.ts';
import { categories } from '../../../domain/categories.ts';
import { tools } from '../../../mcp/tools.ts';
import { activeEmergencies, activeEmergencyContacts } from '../../../queries/emergencies.ts';
import { findEmergencyScope } from '../../../queries/emergency-scope.ts';
import { readInventory } from '../../../queries/inventory.ts';
import { listLogistics } from '../../../queries/list-logistics.ts';
import { emergencySlug } from '../../../schemas/common.ts';
import type { Lang, SiteDocument } from '../../../views/site/document.ts';
import { centresPage } from '../../../views/site/pages/centres-page.ts';
import { developersPage } from '../../../views/site/pages/developers-page.ts';
import type { EmergencyChoice } from '../../../views/site/pages/info-common.ts';
import { openDataPage } from '../../../views/site/pages/open-data-page.ts';
import type { OpenApiDoc } from '../../../views/site/pages/openapi-shape.ts';
import { referencePage, TRY_PATH, TRY_TARGET } from '../../../views/site/pages/reference-page.ts';
import { routesPage } from '../../../views/site/pages/routes-page.ts';
import { OPEN_DATA_PATH } from '../../../views/site/site-paths.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { queryRecord, queryText } from '../../request-values.ts';
import { sitePage } from './site-page.ts';

/** An empty parameter (a link without a value) means "not given"; anything else must be valid. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

// Not strict: a page ignores parameters it does not know (lang, tracking), unlike the API. A repeated parameter
// arrives as an array and fails like any other invalid value.
const centresQuery = z.object({ emergencia: optional(emergencySlug), categoria: optional(z.enum(categories)) });
const routesQuery = z.object({ emergencia: optional(emergencySlug) });

type Parsed<T> = { ok: true; value: T } | { ok: false; choice: EmergencyChoice };

function parse<S extends z.ZodType>(schema: S, request: { query: unknown }): Parsed<z.output<S>> {
  const parsed = schema.safeParse(queryRecord(request));
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, choice: { kind: 'invalid', param: String(parsed.error.issues[0]?.path[0] ?? '') } };
}

/** The emergency named, else the only active one, else a choice among the active ones. */
async function chooseEmergency(ctx: Context, slug: string | undefined): Promise<EmergencyChoice> {
  const scope = await findEmergencyScope(ctx.db, slug);
  if (!scope.found) return { kind: 'unknown', slug: scope.slug };
  const refs = scope.emergencies.map((e) => ({ slug: e.slug, name: e.name }));
  if (slug || refs.length === 1) return { kind: 'one', emergency: refs[0] as { slug: string; name: string } };
  return { kind: 'choose', emergencies: refs };
}

export function infoPages(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const baseUrl = ctx.config.baseUrl;

  sitePage(app, ctx, limiters, '/centros', async (request, lang) => {
    const query = parse(centresQuery, request);
    if (!query.ok) return centresPage({ choice: query.choice, lang, baseUrl });
    const { emergencia, categoria } = query.value;
    const choice = await chooseEmergency(ctx, emergencia);
    if (choice.kind !== 'one') return centresPage({ choice, category: categoria, lang, baseUrl });
    const inventory = await readInventory(ctx, { emergencia: choice.emergency.slug, categoria });
    return centresPage({ choice, inventory, category: categoria, lang, baseUrl });
  });

  sitePage(app, ctx, limiters, '/rutas', async (request, lang) => {
    const query = parse(routesQuery, request);
    if (!query.ok) return routesPage({ choice: query.choice, lang, baseUrl, now: ctx.now() });
    const choice = await chooseEmergency(ctx, query.value.emergencia);
    if (choice.kind !== 'one') return routesPage({ choice, lang, baseUrl, now: ctx.now() });
    const { operations } = await listLogistics(ctx, choice.emergency.slug);
    return routesPage({ choice, operations, lang, baseUrl, now: ctx.now() });
  });

  // The open data for people: each active emergency's downloads with the contact its admins published, nothing else.
  sitePage(app, ctx, limiters, OPEN_DATA_PATH, async (_request, lang) =>
    openDataPage({
      lang,
      emergencies: await activeEmergencyContacts(ctx),
      changesDays: ctx.config.retention.changesDays,
    }),
  );

  // The document only changes with the code and the configuration: read once, its reference built once per language.
  const openapi = buildOpenApi(baseUrl, ctx.config) as unknown as OpenApiDoc;
  const toolList = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    readOnly: tool.annotations.readOnlyHint === true,
  }));
  sitePage(app, ctx, limiters, '/desarrolladores', async (_request, lang) => {
    // A real slug makes every example answer as it is copied.
    const active = await activeEmergencies(ctx);
    return developersPage({
      lang,
      baseUrl,
      limits: ctx.config,
      openapi,
      tools: toolList,
      mcpProtocolVersion: LEGACY_PROTOCOL_VERSION,
      exampleSlug: active[0]?.slug,
      changesDays: ctx.config.retention.changesDays,
    });
  });

  // The reference's try-it forms: only GET paths of the document, only the fields that were filled; a path's own
  // field ({id}) goes into the path, and without it there is nothing to try.
  const gettable = new Set(
    Object.entries(openapi.paths)
      .filter(([, ops]) => 'get' in ops)
      .map(([path]) => path),
  );
  app.get(TRY_PATH, { onRequest: limiters.reads }, async (request, reply) => {
    const query = queryRecord(request);
    const target = query[TRY_TARGET];
    if (typeof target !== 'string' || !gettable.has(target) || target === '/mcp') return reply.callNotFound();
    const inPath = new Set<string>();
    let missing = false;
    const path = target.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      inPath.add(name);
      const value = queryText(request, name)?.trim() ?? '';
      if (value === '') missing = true;
      return encodeURIComponent(value);
    });
    if (missing) return reply.callNotFound();
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (name === TRY_TARGET || inPath.has(name)) continue;
      for (const one of [value].flat()) if (one !== '') params.append(name, one);
    }
    const rest = params.toString();
    return reply
      .code(303)
      .header('location', rest ? `${path}?${rest}` : path)
      .send();
  });

  const references = new Map<Lang, SiteDocument>();
  sitePage(app, ctx, limiters, '/desarrolladores/referencia', async (_request, lang) => {
    let doc = references.get(lang);
    if (!doc) {
      doc = referencePage({ lang, openapi });
      references.set(lang, doc);
    }
    return doc;
  });
}
