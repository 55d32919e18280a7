// GET, POST (and CORS OPTIONS) /api/public/v1/help: SPEC 4.1-4.3.
import type { FastifyInstance } from 'fastify';
import { type Credential, identifySubmitter } from '../../../commands/submission-owner.ts';
import { submitHelp } from '../../../commands/submit-help.ts';
import type { Context } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { discovery } from '../../../queries/discovery.ts';
import { getHelp } from '../../../queries/get-help.ts';
import { listHelp } from '../../../queries/list-help.ts';
import { panorama } from '../../../queries/panorama.ts';
import { claimIdempotencyKey, releaseIdempotencyKey, takeOverStaleKey } from '../../../repositories/idempotency.ts';
import { type HelpQuery, helpQuery } from '../../../schemas/help-query.ts';
import { issuesToDetails, validationCode } from '../../../schemas/issues.ts';
import { helpSubmission } from '../../../schemas/submission.ts';
import {
  fingerprintOf,
  IDEMPOTENCY_KEY,
  IN_FLIGHT_TIMEOUT_MS,
  idempotencyScope,
  storedKey,
} from '../../idempotency.ts';
import { preferredLanguage } from '../../language.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import type { ResponseCache } from '../../response-cache.ts';
import { cachedRead } from './cached-read.ts';

export const HELP_PATH = '/api/public/v1/help';

/** `Authorization: Bearer <secret>`: an editToken or a registered source's key; anything else is no proof. */
function bearer(header: string | undefined): Credential {
  const match = /^Bearer +([\x21-\x7e]{1,512}) *$/i.exec(header ?? '');
  return match?.[1];
}

function compute(ctx: Context, query: HelpQuery): Promise<unknown> {
  switch (query.view) {
    case 'panorama':
      return panorama(ctx, query.emergencySlug);
    case 'list':
      return listHelp(ctx, query);
    case 'detail':
      return getHelp(ctx, query.id as string).then((item) => ({ generatedAt: ctx.now().toISOString(), item }));
    default:
      return discovery(ctx);
  }
}

export function helpRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters, cache: ResponseCache): void {
  cachedRead(app, HELP_PATH, { limiters, cache }, helpQuery, (query) => compute(ctx, query));

  app.post(HELP_PATH, { onRequest: limiters.submissions }, async (request, reply) => {
    const lang = preferredLanguage(request.headers['accept-language']);
    const parsed = helpSubmission.safeParse(request.body);
    if (!parsed.success) {
      const details = issuesToDetails(parsed.error.issues, lang, request.body);
      throw new AppError(validationCode(details, 'validation_failed'), details);
    }
    const credential = bearer(request.headers.authorization);
    const rawKey = request.headers['idempotency-key'];
    if (rawKey === undefined) {
      const { result } = await submitHelp(ctx, parsed.data, { credential });
      return reply.code(202).send(result);
    }
    if (typeof rawKey !== 'string' || !IDEMPOTENCY_KEY.test(rawKey)) throw new AppError('invalid_idempotency_key');
    // A wrong or missing key of a registered source is refused here, before any Idempotency-Key is claimed.
    const submitter = await identifySubmitter(ctx.db, parsed.data.source, credential);
    const scope = idempotencyScope(submitter.registered ? parsed.data.source : null, request.ip);
    const key = storedKey('help', scope, rawKey);
    const fingerprint = fingerprintOf(request.body);
    const now = ctx.now();
    const existing = await claimIdempotencyKey(ctx.db, key, fingerprint, now.toISOString());
    if (existing) {
      if (existing.fingerprint !== fingerprint) throw new AppError('idempotency_key_reused');
      if (existing.state === 'done') {
        reply.header('idempotent-replayed', 'true');
        return reply
          .code(existing.status_code ?? 202)
          .header('content-type', 'application/json; charset=utf-8')
          .send(existing.body);
      }
      const staleBefore = new Date(now.getTime() - IN_FLIGHT_TIMEOUT_MS).toISOString();
      if (!(await takeOverStaleKey(ctx.db, key, staleBefore, now.toISOString()))) {
        reply.header('retry-after', '2');
        throw new AppError('idempotency_key_in_flight');
      }
    }
    try {
      const { result } = await submitHelp(ctx, parsed.data, { idempotencyKey: key, credential });
      return reply.code(202).send(result);
    } catch (err) {
      await releaseIdempotencyKey(ctx.db, key).catch((releaseErr) =>
        request.log.error({ err: releaseErr }, 'key release failed'),
      );
      throw err;
    }
  });
}
