// Registers a declared operation (src/contract/routes/) on Fastify: its method and path come from the declaration,
// and the handler receives the path parameters, query and body already validated and typed by its schemas.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteGenericInterface,
} from 'fastify';
import type * as z from 'zod';
import type { Declared, HttpMethod, RouteDeclaration } from '../contract/route-declaration.ts';
import { AppError, type Lang } from '../errors.ts';
import { repeatedParameters } from '../schemas/issues.ts';
import { parseOrThrow } from '../schemas/parse.ts';
import { preferredLanguage } from './language.ts';

/** What Fastify hands every route: path parameters by name, the query as parsed (a repeated name gives a list). */
export interface RawInput extends RouteGenericInterface {
  Params: Record<string, string>;
  Querystring: Record<string, unknown>;
}

export type RawRequest = FastifyRequest<RawInput>;

/** The validated inputs of a declared operation; undefined for what it does not declare. */
export interface RouteInput<P, Q, B> {
  params: Declared<P>;
  query: Declared<Q>;
  body: Declared<B>;
}

export interface RouteOptions {
  /** The rate limit (reads or submissions) and any other check that runs before the body is read. */
  onRequest?: onRequestAsyncHookHandler | onRequestAsyncHookHandler[];
}

const METHODS = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  options: 'OPTIONS',
} as const satisfies Record<HttpMethod, string>;

/** /api/public/v1/help/{id}/reports -> /api/public/v1/help/:id/reports */
export function fastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

// One signature: it states what the implementation does, which TypeScript cannot follow from `schema === undefined`
// into the conditional type Declared<S>.
function validated<S extends z.ZodType | undefined>(
  schema: S | undefined,
  input: unknown,
  code: 'validation_failed' | 'invalid_query',
  lang: Lang,
): Declared<S>;
function validated(
  schema: z.ZodType | undefined,
  input: unknown,
  code: 'validation_failed' | 'invalid_query',
  lang: Lang,
): unknown {
  return schema === undefined ? undefined : parseOrThrow(schema, input, code, lang);
}

/**
 * The query of a declared operation, or AppError invalid_query: a repeated parameter first (each takes one value),
 * then the schema's own problems (unknown, out of bounds or malformed parameters).
 */
export function declaredQuery<Q extends z.ZodObject | undefined>(
  declaration: { query?: Q },
  request: RawRequest,
): Declared<Q> {
  const lang = preferredLanguage(request.headers['accept-language']);
  if (declaration.query !== undefined) {
    const repeated = repeatedParameters(request.query, lang);
    if (repeated.length > 0) throw new AppError('invalid_query', repeated);
  }
  return validated(declaration.query, request.query, 'invalid_query', lang);
}

/**
 * Registers the declaration's method and path. Path parameters and body that fail their schema answer 400
 * validation_failed (consent_required when missing consent is the only problem), a bad query 400 invalid_query.
 */
export function apiRoute<
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
>(
  app: FastifyInstance,
  declaration: RouteDeclaration<P, Q, B>,
  options: RouteOptions,
  handler: (input: RouteInput<P, Q, B>, request: RawRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.route<RawInput>({
    method: METHODS[declaration.method],
    url: fastifyPath(declaration.path),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    handler: async (request, reply) => {
      const lang = preferredLanguage(request.headers['accept-language']);
      const params = validated(declaration.params, request.params, 'validation_failed', lang);
      const query = declaredQuery(declaration, request);
      const body = validated(declaration.body, request.body, 'validation_failed', lang);
      return handler({ params, query, body }, request, reply);
    },
  });
}
