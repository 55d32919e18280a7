// "Voy a llevar" on the website, without JavaScript. GET+POST /ayudas/:id/comprometer: the pledge form, validated by
// the API's own schema and saved by the API's own command; the answer is a page (200, never a redirect) with the
// code, so the code never appears in an address, and the form's hidden key makes a reload answer the same pledge.
// GET+POST /compromisos, POST /compromisos/entregar and /compromisos/cancelar: the code, only ever in POST bodies,
// looks the pledge up (any other code opens its own page), confirms its delivery or cancels it, under the per-address
// limit of receipt-code lookups.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pledgeHelpOnce } from '../../../commands/pledges/make-pledge.ts';
import { settleByCode } from '../../../commands/pledges/settle-pledge.ts';
import type { Context } from '../../../context.ts';
import { IDEMPOTENCY_KEY } from '../../../domain/idempotency-key.ts';
import { localWhatsapp } from '../../../domain/phone.ts';
import { AppError, type ErrorDetail } from '../../../errors.ts';
import { findHelp } from '../../../queries/get-help.ts';
import { pledgeViewByCode } from '../../../queries/pledge-by-code.ts';
import { parseInput } from '../../../schemas/parse.ts';
import { helpPledge, type PledgeResult, pledgeDeliveryBody } from '../../../schemas/pledge.ts';
import type { Lang } from '../../../views/site/document.ts';
import { fill, formatAmount } from '../../../views/site/format.ts';
import { type Errors, formRefusedPage, type Values } from '../../../views/site/pages/form-controls.ts';
import { notFoundPage } from '../../../views/site/pages/not-found-page.ts';
import {
  CANCEL_PATH,
  CODE_FIELD,
  DELIVER_PATH,
  KEY_FIELD,
  MANAGE_PATH,
  manageFormPage,
  newFormKey,
  type PledgeFormState,
  type PledgeStrings,
  pledgeActionPage,
  pledgeDonePage,
  pledgeFormPage,
  pledgePath,
  pledgeStrings,
  pledgeViewPage,
  statusLabel,
} from '../../../views/site/pages/pledge-page.ts';
import { plural } from '../../../views/site/plural.ts';
import { type FormBody, field } from '../../forms/form-body.ts';
import { formAmount } from '../../forms/submission-form.ts';
import { helperRequests } from '../../helper-request.ts';
import { type Limiters, STATUS_LOOKUPS_PER_MINUTE } from '../../plugins/rate-limit.ts';
import { formBody } from '../../request-values.ts';
import { anonymousForms } from './anonymous-form.ts';
import { codeAnswer } from './code-answer.ts';
import { helperLimitMessage } from './helper-limit-message.ts';
import { languageOf, type PageRoute, sitePage } from './site-page.ts';

const FORM_PATH = '/ayudas/:id/comprometer';
type RecordRoute = PageRoute<typeof FORM_PATH>;

/** The pledge form's fields, as typed; the form's key is kept when it is one, else a new one is drawn. */
function typedValues(form: FormBody): Values {
  const values: Values = {};
  for (const name of ['quantity', 'deliverWithinHours', 'contactName', 'contactWhatsapp']) {
    values[name] = field(form, name);
  }
  const key = field(form, KEY_FIELD);
  values[KEY_FIELD] = IDEMPOTENCY_KEY.test(key) ? key : newFormKey();
  return values;
}

/**
 * The typed form as the API's JSON body: the quantity only when the request asks for one, numbers as people write
 * them ("2,5"), and a Colombian WhatsApp as people say it ("311 555 0199") turned into +57… first.
 */
function pledgeBody(values: Values, withQuantity: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const quantity = (values.quantity ?? '').trim();
  if (withQuantity && quantity !== '') body.quantity = formAmount(quantity);
  const hours = (values.deliverWithinHours ?? '').trim();
  if (hours !== '') body.deliverWithinHours = formAmount(hours);
  const name = (values.contactName ?? '').trim();
  if (name !== '') body.contactName = name;
  const whatsapp = (values.contactWhatsapp ?? '').trim();
  if (whatsapp !== '') body.contactWhatsapp = localWhatsapp(whatsapp) ?? whatsapp;
  return body;
}

/** One message per field, in the form's words where the API's would read oddly. */
function fieldErrors(details: ErrorDetail[], t: PledgeStrings): Errors {
  const errors: Errors = {};
  for (const detail of details) {
    const name = detail.field.split('.')[0] || 'contactName';
    if (name === 'quantity') {
      errors.quantity ??=
        detail.code === 'required'
          ? t.quantityRequired
          : detail.code === 'no_quantity_required'
            ? t.quantityNotAsked
            : t.quantityInvalid;
    } else if (name === 'deliverWithinHours') {
      errors.deliverWithinHours ??= t.whenError;
    } else {
      errors[name] ??= detail.message;
    }
  }
  return errors;
}

/** An error's details as a list, whatever it carries. */
function detailsOf(err: AppError): ErrorDetail[] {
  return Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
}

/** The stored answer of a pledge sent before with the same key: the same code page again. */
function replayed(body: string): PledgeResult {
  return JSON.parse(body) as PledgeResult;
}

export function pledgePages(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const helper = helperRequests(ctx);
  const anonymous = anonymousForms(ctx.config.baseUrl, ctx.config.tileUrl);
  const sendDoc = anonymous.send;
  const idOf = (request: FastifyRequest<RecordRoute>) => request.params.id;
  const missing = (id: string, lang: Lang) => notFoundPage(`/ayudas/${encodeURIComponent(id)}/comprometer`, lang);

  /** The form again with what was typed and what is wrong (or why it is gone); the record is read afresh. */
  const again = async (
    request: FastifyRequest<RecordRoute>,
    reply: FastifyReply,
    errors: Errors,
    extra: Partial<Pick<PledgeFormState, 'formError' | 'status' | 'values'>>,
  ) => {
    const lang = languageOf(request);
    const item = await findHelp(ctx, idOf(request));
    if (!item) return sendDoc(reply, missing(idOf(request), lang));
    const doc = pledgeFormPage({
      lang,
      item,
      values: typedValues(formBody(request)),
      errors,
      baseUrl: ctx.config.baseUrl,
      status: 400,
      ...extra,
    });
    return sendDoc(reply, doc);
  };

  sitePage(app, ctx, limiters, FORM_PATH, async (request, lang) => {
    const item = await findHelp(ctx, idOf(request));
    if (!item) return missing(idOf(request), lang);
    return pledgeFormPage({
      lang,
      item,
      values: { [KEY_FIELD]: newFormKey() },
      errors: {},
      baseUrl: ctx.config.baseUrl,
    });
  });

  app.post<RecordRoute>(
    FORM_PATH,
    {
      // After the body is read, so a refused send can still give the person back what they typed.
      preHandler: limiters.submissions,
      errorHandler: async (error: FastifyError | AppError, request, reply) => {
        if (error instanceof AppError && error.code === 'rate_limited') {
          return again(request, reply, {}, { status: 429, formError: pledgeStrings(languageOf(request)).rateLimited });
        }
        throw error;
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const t = pledgeStrings(lang);
      const id = idOf(request);
      if (!anonymous.fromOurPages(request)) return sendDoc(reply, formRefusedPage(lang, pledgePath(id), t.openForm));
      const item = await findHelp(ctx, id);
      if (!item) return sendDoc(reply, missing(id, lang));
      const values = typedValues(formBody(request));
      const withQuantity = item.quantities?.required != null;
      const body = pledgeBody(values, withQuantity);
      const parsed = parseInput(helpPledge, body, lang);
      const errors = parsed.ok ? {} : fieldErrors(parsed.details, t);
      // Checked here too so every problem shows at once; the command checks again on the locked record.
      if (withQuantity && body.quantity === undefined) errors.quantity ??= t.quantityRequired;
      if (!parsed.ok || Object.keys(errors).length > 0) return again(request, reply, errors, {});
      try {
        const answer = await pledgeHelpOnce(
          ctx,
          item.id,
          parsed.value,
          await helper(request, {
            bearer: false,
            idempotencyKey: values[KEY_FIELD],
            body,
          }),
        );
        const result = answer.kind === 'fresh' ? answer.value : replayed(answer.body);
        // 200 with the code in the page: a redirect would have to carry the code in its address.
        return sendDoc(reply, pledgeDonePage(lang, result));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const details = detailsOf(err);
        const detail = details[0];
        switch (err.code) {
          case 'help_not_found':
            return sendDoc(reply, missing(id, lang));
          case 'not_pledgeable':
            return again(request, reply, {}, { status: 409, formError: t.notPledgeable });
          case 'pledge_exceeds_pending': {
            const open = Number(detail?.uncommitted ?? 0);
            const message =
              open > 0 ? fill(t.exceeds, { open: formatAmount(open, detail?.unit, lang) }) : t.exceedsNone;
            return again(request, reply, { quantity: message }, { status: 409 });
          }
          case 'helper_limit_reached':
            return again(request, reply, {}, { status: 429, formError: helperLimitMessage(detail, lang) });
          case 'too_many_open_pledges': {
            const limit = Number(detail?.limit ?? detail?.message ?? 0);
            const forms = detail?.field === 'contactWhatsapp' ? t.tooManyWhatsapp : t.tooManyAddress;
            return again(request, reply, {}, { status: 429, formError: plural(limit, forms, lang) });
          }
          case 'validation_failed':
            return again(request, reply, fieldErrors(details, t), { status: 400 });
          case 'idempotency_key_reused':
            // This form was sent before with other details: that pledge stays; a new key makes the next send new.
            return again(
              request,
              reply,
              {},
              { status: 409, formError: t.alreadySent, values: { ...values, [KEY_FIELD]: newFormKey() } },
            );
          case 'idempotency_key_in_flight':
            return again(request, reply, {}, { status: 409, formError: t.inFlight });
          default:
            throw err;
        }
      }
    },
  );

  // ---- /compromisos ----
  const managePage = (lang: Lang, problem?: 'not_found' | 'rate_limited') =>
    manageFormPage({ lang, lookupsPerMinute: STATUS_LOOKUPS_PER_MINUTE, problem });
  const lookupOptions = {
    // Counted before the body is read: a refused attempt costs nothing and reveals nothing.
    onRequest: limiters.statusLookups,
    errorHandler: anonymous.rateLimitedPage((request) => managePage(languageOf(request), 'rate_limited')),
  };
  const refused = (reply: FastifyReply, lang: Lang) =>
    sendDoc(reply, formRefusedPage(lang, MANAGE_PATH, pledgeStrings(lang).openManage));

  sitePage(app, ctx, limiters, MANAGE_PATH, async (_request, lang) => managePage(lang));

  app.post(MANAGE_PATH, lookupOptions, async (request, reply) => {
    const lang = languageOf(request);
    if (!anonymous.fromOurPages(request)) return refused(reply, lang);
    // Only a string field counts: a JSON body sent here is read as a form with nothing in it.
    // Any code opens its own page: a receipt code typed here shows the submission's state, as on /codigo.
    const code = field(formBody(request), CODE_FIELD);
    return sendDoc(reply, (await codeAnswer(ctx, code, lang)) ?? managePage(lang, 'not_found'));
  });

  for (const [path, action] of [
    [DELIVER_PATH, 'deliver'],
    [CANCEL_PATH, 'cancel'],
  ] as const) {
    app.post(path, lookupOptions, async (request, reply) => {
      const lang = languageOf(request);
      const t = pledgeStrings(lang);
      if (!anonymous.fromOurPages(request)) return refused(reply, lang);
      const form = formBody(request);
      const code = field(form, CODE_FIELD);
      const typed = { quantity: action === 'deliver' ? field(form, 'quantity').trim() : '' };
      const parsed = parseInput(
        pledgeDeliveryBody,
        { code, ...(typed.quantity !== '' ? { quantity: formAmount(typed.quantity) } : {}) },
        lang,
      );
      /** The pledge again with what went wrong: the quantity, or that it closed meanwhile; unknown code: not found. */
      const shown = async (problem: 'quantity' | 'closed') => {
        const view = await pledgeViewByCode(ctx, code);
        if (!view) return sendDoc(reply, managePage(lang, 'not_found'));
        if (problem === 'closed') {
          const formError = fill(t.closedNow, { status: statusLabel(view.status, t) });
          return sendDoc(reply, pledgeViewPage({ lang, view, code, formError, status: 409 }));
        }
        const max = formatAmount(view.quantity ?? 0, view.unit, lang);
        const errors = { quantity: fill(t.deliveredQuantityError, { max }) };
        return sendDoc(reply, pledgeViewPage({ lang, view, code, typed, errors, status: 400 }));
      };
      if (!parsed.ok) {
        if (parsed.details.some((d) => d.field === 'code')) return sendDoc(reply, managePage(lang, 'not_found'));
        return shown('quantity');
      }
      try {
        const result = await settleByCode(ctx, parsed.value.code, action, parsed.value.quantity);
        return sendDoc(reply, pledgeActionPage(lang, action, result.pledge));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.code === 'pledge_not_found') return sendDoc(reply, managePage(lang, 'not_found'));
        if (err.code === 'pledge_closed') return shown('closed');
        if (err.code === 'validation_failed') return shown('quantity');
        throw err;
      }
    });
  }
}
