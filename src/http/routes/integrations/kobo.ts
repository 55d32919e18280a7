// POST /integraciones/kobo: a KoboToolbox form's REST service, through the same submission command as the API.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { kobo } from '../../../channels/kobo.ts';
import { submitHelp } from '../../../commands/submit-help.ts';
import type { Context } from '../../../context.ts';
import { koboIntakeRoute } from '../../../contract/routes/kobo.ts';
import { isDatabaseBusy } from '../../../db/busy.ts';
import { AppError } from '../../../errors.ts';
import { validationCode } from '../../../schemas/issues.ts';
import { formFieldOf, type KoboResult, submissionFromKobo } from '../../../schemas/kobo-submission.ts';
import { parseInput } from '../../../schemas/parse.ts';
import { helpSubmission } from '../../../schemas/submission.ts';
import { apiRoute } from '../../define-route.ts';
import { preferredLanguage } from '../../language.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { bearer } from '../../request-values.ts';
import { intakeUnauthorized } from './unauthorized.ts';

/** Seconds Kobo is told to wait after a busy database (it retries on its own schedule anyway). */
const BUSY_RETRY_AFTER_SECONDS = 10;

/** Off without KOBO_SECRET; otherwise the adapter checks the shared secret, in constant time, before the body is read. */
function koboSecretCheck(ctx: Context): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!kobo.configured(ctx.config)) throw new AppError('integration_disabled');
    if (!kobo.authentic(ctx.config, { headers: request.headers, raw: Buffer.alloc(0), now: ctx.now() })) {
      throw intakeUnauthorized(kobo, request);
    }
  };
}

export function koboRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const onRequest = [limiters.submissions, koboSecretCheck(ctx)];
  apiRoute(app, koboIntakeRoute, { onRequest }, async ({ body }, request, reply) => {
    const lang = preferredLanguage(request.headers['accept-language']);
    const parsed = parseInput(helpSubmission, submissionFromKobo(body), lang);
    if (!parsed.ok) {
      // One problem per form field: latitude and longitude are both the geopoint ubicacion.
      const named = parsed.details.map((detail) => ({ ...detail, field: formFieldOf(detail.field) }));
      const details = named.filter((detail, i) => named.findIndex((d) => d.field === detail.field) === i);
      throw new AppError(validationCode(details, 'validation_failed'), details);
    }
    let submitted: Awaited<ReturnType<typeof submitHelp>>;
    try {
      // A registered kobo:<uid> proves itself with its key, which lets an edited submission revise its record.
      submitted = await submitHelp(ctx, parsed.value, {
        credential: bearer(request.headers.authorization),
        via: 'kobo',
      });
    } catch (err) {
      if (!isDatabaseBusy(err)) throw err;
      request.log.warn({ err }, 'database busy: Kobo will retry');
      reply.header('retry-after', BUSY_RETRY_AFTER_SECONDS);
      throw new AppError('service_busy');
    }
    const { result, outcome } = submitted;
    // No receipt code: KoboToolbox keeps what its REST service is answered, and the code is the person's secret.
    const answer: KoboResult = { ok: true, id: result.id, status: result.reviewStatus };
    return reply.code(outcome === 'unchanged' ? 200 : 202).send(answer);
  });
}
