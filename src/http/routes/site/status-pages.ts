// GET+POST /estado: a submission's state looked up by its receipt code. The code is a credential, so it is only
// ever sent in a POST body (never in a URL, which the logs keep), lookups are limited per client address, and an
// unknown code and a malformed one get the very same page. A pledge or route code typed here opens its own page
// (code-answer.ts), under the same per-address budget as /codigo, /compromisos and /mi-ruta.
import type { FastifyInstance } from 'fastify';
import { confirmationOutcomes, confirmWithReceipt } from '../../../commands/confirmation/confirm-record.ts';
import { settleForRequester } from '../../../commands/pledges/settle-pledge.ts';
import type { Context } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { receiptStatus } from '../../../queries/receipt-status.ts';
import { formRefusedPage } from '../../../views/site/pages/form-controls.ts';
import {
  CODE_FIELD,
  OUTCOME_FIELD,
  PLEDGE_ACTION_FIELD,
  PLEDGE_FIELD,
  STATUS_CONFIRM_PATH,
  STATUS_PATH,
  STATUS_PLEDGE_PATH,
  type StatusNotice,
  type StatusStrings,
  statusFormPage,
  statusResultPage,
  statusStrings,
} from '../../../views/site/pages/status-page.ts';
import { field } from '../../forms/form-body.ts';
import { type Limiters, STATUS_LOOKUPS_PER_MINUTE } from '../../plugins/rate-limit.ts';
import { formBody } from '../../request-values.ts';
import { anonymousForms } from './anonymous-form.ts';
import { codeAnswer } from './code-answer.ts';
import { languageOf, sitePage } from './site-page.ts';
import { registerOwnAsset } from './static-assets.ts';

registerOwnAsset('codigo.css');

export function statusPages(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const anonymous = anonymousForms(ctx.config.baseUrl, ctx.config.tileUrl);
  const page = (lang: ReturnType<typeof languageOf>, problem?: 'not_found' | 'rate_limited') =>
    statusFormPage({ lang, lookupsPerMinute: STATUS_LOOKUPS_PER_MINUTE, problem });

  sitePage(app, ctx, limiters, STATUS_PATH, async (_request, lang) => page(lang));

  /**
   * A POST answered with the submission's state, found by the receipt code in its body: the lookup itself, and the
   * sender's actions (still current, a pledge arrived or did not), which first act and say what they did.
   */
  const codeForm = (
    path: string,
    act: ((form: ReturnType<typeof formBody>, code: string, t: StatusStrings) => Promise<StatusNotice | null>) | null,
  ) =>
    app.post(
      path,
      {
        // Counted before the body is read: a refused lookup costs nothing and reveals nothing.
        onRequest: limiters.statusLookups,
        errorHandler: anonymous.rateLimitedPage((request) => page(languageOf(request), 'rate_limited')),
      },
      async (request, reply) => {
        const lang = languageOf(request);
        const t = statusStrings(lang);
        if (!anonymous.fromOurPages(request)) {
          return anonymous.send(reply, formRefusedPage(lang, STATUS_PATH, t.forbidden));
        }
        // Only a string field counts: a JSON body sent here is read as a form with nothing in it.
        const form = formBody(request);
        const code = field(form, CODE_FIELD);
        if (act === null) {
          // The lookup itself: any code opens its own page (a pledge's, a route's), the same door as /codigo.
          return anonymous.send(reply, (await codeAnswer(ctx, code, lang)) ?? page(lang, 'not_found'));
        }
        const notice = await act(form, code, t);
        const status = await receiptStatus(ctx, code);
        return anonymous.send(reply, status ? statusResultPage(lang, status, code, notice) : page(lang, 'not_found'));
      },
    );

  codeForm(STATUS_PATH, null);

  // The sender says whether the submission is still current (or no longer needed): proven by the receipt code.
  codeForm(STATUS_CONFIRM_PATH, async (form, code, t) => {
    const typed = field(form, OUTCOME_FIELD);
    const outcome = confirmationOutcomes.find((o) => o === typed) ?? 'current';
    try {
      await confirmWithReceipt(ctx, code, outcome);
      return { message: outcome === 'current' ? t.confirmedNotice_current : t.confirmedNotice_closed, ok: true };
    } catch (err) {
      // An unknown code is the plain not-found page; a record with nothing to confirm shows as it stands.
      if (!(err instanceof AppError) || !['not_found', 'invalid_state'].includes(err.code)) throw err;
      return null;
    }
  });

  // The requester says a pledge arrived, or that a confirmed one did not: proven by the same receipt code.
  codeForm(STATUS_PLEDGE_PATH, async (form, code, t) => {
    const action = field(form, PLEDGE_ACTION_FIELD) === 'dispute' ? 'dispute' : 'deliver';
    try {
      await settleForRequester(ctx, code, field(form, PLEDGE_FIELD), action);
      return { message: action === 'deliver' ? t.pledgeDone_deliver : t.pledgeDone_dispute, ok: true };
    } catch (err) {
      if (!(err instanceof AppError) || !['pledge_not_found', 'pledge_closed'].includes(err.code)) throw err;
      return { message: t.pledgeProblem, ok: false };
    }
  });
}
