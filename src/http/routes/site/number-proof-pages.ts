// POST /recibido/:id/avisos and /recibido/:id/avisos/nuevo: the receipt's forms that prove the number a web form
// gave, by the code sent to it, and ask for a new code once one is spent. Same-origin only, like every site form;
// guesses count with the receipt-code lookups per client address, new codes with the submissions, and one number
// receives at most a few codes a day whoever asks (commands/channels/number-proof.ts).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { proofChannel } from '../../../channels/adapters.ts';
import { proveNumber, sendProofCode } from '../../../commands/channels/number-proof.ts';
import type { Context } from '../../../context.ts';
import { PROOF_CODES_PER_DAY } from '../../../domain/number-proof.ts';
import { isRecordId } from '../../../domain/record-id.ts';
import { AppError } from '../../../errors.ts';
import { submissionReceipt } from '../../../queries/receipt.ts';
import type { Lang } from '../../../views/site/document.ts';
import { formRefusedPage } from '../../../views/site/pages/form-controls.ts';
import { receiptPage, receiptPath } from '../../../views/site/pages/receipt-page.ts';
import { PROOF_CODE_FIELD, type ProofNotice, proofStrings } from '../../../views/site/pages/receipt-proof.ts';
import { field } from '../../forms/form-body.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { formBody } from '../../request-values.ts';
import { anonymousForms } from './anonymous-form.ts';
import { heldReceiptCode } from './receipt-cookie.ts';
import { languageOf } from './site-page.ts';

type ReceiptRoute = { Params: { id: string } };

export function numberProofPages(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const anonymous = anonymousForms(ctx.config.baseUrl, ctx.config.tileUrl);

  /** The receipt again, saying what the POST did; the receipt's own 404 for an unknown id. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, lang: Lang, id: string, notice?: ProofNotice) => {
    const receipt = await submissionReceipt(ctx, id, heldReceiptCode(request));
    return anonymous.send(
      reply,
      receipt ? receiptPage(lang, receipt.id, receipt, notice) : receiptPage(lang, id, null),
    );
  };
  /** Done: the receipt shows where the proof stands now, and reloading it sends nothing again. */
  const done = (reply: FastifyReply, lang: Lang, id: string) =>
    reply
      .code(303)
      .header('location', `${receiptPath(id, lang)}#avisos`)
      .send();

  const rateLimited = async (
    error: FastifyError | AppError,
    request: FastifyRequest<ReceiptRoute>,
    reply: FastifyReply,
  ) => {
    if (error instanceof AppError && error.code === 'rate_limited') {
      return answer(request, reply, languageOf(request), request.params.id, { kind: 'rate_limited' });
    }
    throw error;
  };

  /** Another site's post: refused, with the way back to the receipt. */
  const refused = (lang: Lang, id: string) =>
    formRefusedPage(lang, `/recibido/${id}`, proofStrings(lang).backToReceipt);

  /** The record's id as stored, or null when it cannot be one (answered as the receipt's 404). */
  const recordId = (id: string) => (isRecordId(id) ? id.toLowerCase() : null);

  /** Both forms: only from our own pages, and for an id that can be a record's; null when already answered. */
  const posted = async (request: FastifyRequest<ReceiptRoute>, reply: FastifyReply, lang: Lang) => {
    const { id } = request.params;
    if (!anonymous.fromOurPages(request)) {
      await anonymous.send(reply, refused(lang, id));
      return null;
    }
    const own = recordId(id);
    if (own === null) await answer(request, reply, lang, id);
    return own;
  };

  app.post<ReceiptRoute>(
    '/recibido/:id/avisos',
    // Counted before the body is read, with the receipt-code lookups: guessing is as slow as /estado.
    { onRequest: limiters.statusLookups, errorHandler: rateLimited },
    async (request, reply) => {
      const lang = languageOf(request);
      const own = await posted(request, reply, lang);
      if (own === null) return reply;
      // Only a string field counts: a JSON body sent here is read as a form with nothing in it.
      const outcome = await proveNumber(ctx, own, field(formBody(request), PROOF_CODE_FIELD));
      if (outcome.kind === 'proved') return done(reply, lang, own);
      if (outcome.kind === 'wrong') return answer(request, reply, lang, own, outcome);
      if (outcome.kind === 'malformed') return answer(request, reply, lang, own, { kind: 'malformed' });
      return answer(request, reply, lang, own);
    },
  );

  app.post<ReceiptRoute>(
    '/recibido/:id/avisos/nuevo',
    // A new code is a message sent: counted like a submission, and capped per number by the command.
    { onRequest: limiters.submissions, errorHandler: rateLimited },
    async (request, reply) => {
      const lang = languageOf(request);
      const own = await posted(request, reply, lang);
      if (own === null) return reply;
      const channel = proofChannel(ctx.config);
      if (channel === null) return answer(request, reply, lang, own, { kind: 'unavailable' });
      const outcome = await sendProofCode(ctx, own, channel, 'again');
      if (outcome.kind === 'capped')
        return answer(request, reply, lang, own, { kind: 'capped', codes: PROOF_CODES_PER_DAY });
      return done(reply, lang, own);
    },
  );
}
