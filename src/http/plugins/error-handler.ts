// Every error leaves as { error, code, details } with a stable code; nothing unexpected leaks its message.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type DetailInput, detail, type ErrorCode, errorBody, errorStatus } from '../../errors.ts';
import { notFoundPage } from '../../views/site/pages/not-found-page.ts';
import { renderHtml } from '../../views/site/render-html.ts';
import { preferredLanguage } from '../language.ts';
import { queryText } from '../request-values.ts';

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_BAD_URL: 'not_found',
};

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  details: readonly DetailInput[] = [],
) {
  const lang = preferredLanguage(request.headers['accept-language']);
  return reply
    .code(errorStatus(code))
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorBody(code, lang, details));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A refusal that ends by itself says when (a rate limit's window, a stream slot).
      const { retryAfter } = error as AppError & { retryAfter?: number };
      if (retryAfter) reply.header('retry-after', retryAfter);
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, error.code, error.given);
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) return sendError(request, reply, mapped);
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      if (status === 413) return sendError(request, reply, 'payload_too_large');
      if (status === 415) return sendError(request, reply, 'unsupported_media_type');
      if (status === 429) return sendError(request, reply, 'rate_limited');
      if (status === 404) return sendError(request, reply, 'not_found');
      request.log.warn({ err: error }, 'client error');
      return sendError(request, reply, 'validation_failed', [detail('', 'bad_request', { value: error.message })]);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, 'internal_error');
  });
  app.setNotFoundHandler((request, reply) => {
    // People following a broken link get a page; programs (and every /api, /mcp path) get the error body.
    const isPage = !/^\/(api|mcp)(\/|$|\?)/.test(request.url) && (request.headers.accept ?? '').includes('text/html');
    if (isPage && request.method === 'GET') {
      const lang = queryText(request, 'lang') === 'en' ? 'en' : 'es';
      return reply
        .code(404)
        .header('content-type', 'text/html; charset=utf-8')
        .send(renderHtml(notFoundPage(request.url.split('?')[0] ?? '/', lang)).value);
    }
    return sendError(request, reply, 'not_found');
  });
}
