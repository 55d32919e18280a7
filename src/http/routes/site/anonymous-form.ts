// What the public site's forms share: who may post them, and how a form page (never cached) is sent.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ownOrigin } from '../../../contract/own-origin.ts';
import { AppError } from '../../../errors.ts';
import type { SiteDocument } from '../../../views/site/document.ts';
import { renderHtml } from '../../../views/site/render-html.ts';

export interface AnonymousForms {
  /** Anonymous forms have no session to bind a token to; a browser's cross-site post is still refused. */
  fromOurPages(request: FastifyRequest): boolean;
  /** A form, its errors or its result: personal data may be on it, so it is never cached. */
  send(reply: FastifyReply, doc: SiteDocument): FastifyReply;
  /** A route's error handler that answers a refused attempt (rate_limited) with the form's own page. */
  rateLimitedPage(
    page: (request: FastifyRequest) => SiteDocument,
  ): (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

export function anonymousForms(baseUrl: string, tileUrl: string): AnonymousForms {
  const origins = ownOrigin(baseUrl);
  const send = (reply: FastifyReply, doc: SiteDocument) =>
    reply
      .code(doc.status ?? 200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderHtml(doc, { tileUrl }).value);
  return {
    fromOurPages: (request) =>
      origins.origin(request.headers.origin) && request.headers['sec-fetch-site'] !== 'cross-site',
    send,
    rateLimitedPage: (page) => async (error, request, reply) => {
      if (error instanceof AppError && error.code === 'rate_limited') return send(reply, page(request));
      throw error;
    },
  };
}
