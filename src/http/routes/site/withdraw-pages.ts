// GET+POST /retirar: a person withdraws their own submission with its receipt code and the WhatsApp number they
// gave. Both are credentials, so they travel only in POST bodies (never in a URL, which the logs keep), attempts
// are limited per client address, and a wrong code and a wrong number get the very same page. The first POST shows
// which submission it is and asks to confirm; the second (with confirmar=1) withdraws it and erases its personal data.
// A wrong pair keeps the code in its field (never the number); /estado's "Retirar" posts the code alone, which opens
// the form with the code filled in.
import type { FastifyInstance } from 'fastify';
import { withdrawWithReceipt } from '../../../commands/personal-data/withdraw.ts';
import type { Context } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { findWithdrawable } from '../../../queries/withdrawable.ts';
import { formRefusedPage } from '../../../views/site/pages/form-controls.ts';
import {
  CODE_FIELD,
  CONFIRM_FIELD,
  WHATSAPP_FIELD,
  WITHDRAW_PATH,
  withdrawConfirmPage,
  withdrawDonePage,
  withdrawFormPage,
  withdrawStrings,
} from '../../../views/site/pages/withdraw-page.ts';
import { field } from '../../forms/form-body.ts';
import { type Limiters, WITHDRAWALS_PER_MINUTE } from '../../plugins/rate-limit.ts';
import { formBody } from '../../request-values.ts';
import { anonymousForms } from './anonymous-form.ts';
import { languageOf, sitePage } from './site-page.ts';

/** What a wrong pair may raise: answered as "not found", like an unknown pair, so no answer tells them apart. */
const NOT_FOUND_CODES = new Set(['help_not_found', 'validation_failed']);

export function withdrawPages(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const anonymous = anonymousForms(ctx.config.baseUrl, ctx.config.tileUrl);
  const page = (lang: ReturnType<typeof languageOf>, problem?: 'not_found' | 'rate_limited', code?: string) =>
    withdrawFormPage({ lang, attemptsPerMinute: WITHDRAWALS_PER_MINUTE, problem, code });

  sitePage(app, ctx, limiters, WITHDRAW_PATH, async (_request, lang) => page(lang));

  app.post(
    WITHDRAW_PATH,
    {
      // Counted before the body is read: a refused attempt costs nothing and reveals nothing.
      onRequest: limiters.withdrawals,
      errorHandler: anonymous.rateLimitedPage((request) => page(languageOf(request), 'rate_limited')),
    },
    async (request, reply) => {
      const lang = languageOf(request);
      if (!anonymous.fromOurPages(request)) {
        return anonymous.send(reply, formRefusedPage(lang, WITHDRAW_PATH, withdrawStrings(lang).forbidden));
      }
      // Only string fields count: a JSON body sent here is read as a form with nothing in it.
      const form = formBody(request);
      const code = field(form, CODE_FIELD);
      const whatsapp = field(form, WHATSAPP_FIELD);
      // Only the code, from /estado's "Retirar" button: the form with the code in its field, asking for the number.
      // Nothing is looked up, so this answer says nothing about the code.
      if (code.trim() !== '' && whatsapp.trim() === '' && field(form, CONFIRM_FIELD) !== '1') {
        return anonymous.send(reply, page(lang, undefined, code));
      }
      try {
        if (field(form, CONFIRM_FIELD) === '1') {
          const withdrawn = await withdrawWithReceipt(ctx, code, whatsapp);
          return anonymous.send(reply, withdrawDonePage(lang, withdrawn));
        }
        const found = await findWithdrawable(ctx, code, whatsapp);
        return anonymous.send(
          reply,
          found ? withdrawConfirmPage(lang, found, { code, whatsapp }) : page(lang, 'not_found', code),
        );
      } catch (err) {
        if (err instanceof AppError && NOT_FOUND_CODES.has(err.code)) {
          return anonymous.send(reply, page(lang, 'not_found', code));
        }
        throw err;
      }
    },
  );
}
