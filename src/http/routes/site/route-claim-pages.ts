// "Quiero llevar esta ruta" on the website, without JavaScript. GET+POST /rutas/:id/llevar: the route as the public
// list shows it and the offer's form, validated by the API's own schema and saved by the API's own command; the
// answer is a page (200, never a redirect) with the code, so the code never appears in an address.
// GET+POST /mi-ruta and POST /mi-ruta/avanzar: the code, only ever in POST bodies, shows the team's answer (any other
// code opens its own page) and, once the route is the volunteer's, marks it on its way and delivered, under the
// per-address limit of code lookups.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { claimRouteOnce } from '../../../commands/route-claims/claim-route.ts';
import { progressByCode } from '../../../commands/route-claims/decide-claim.ts';
import type { Context } from '../../../context.ts';
import { IDEMPOTENCY_KEY } from '../../../domain/idempotency-key.ts';
import { localWhatsapp } from '../../../domain/phone.ts';
import { AppError, type ErrorDetail } from '../../../errors.ts';
import { type ClaimableRoute, claimableRoute } from '../../../queries/claimable-route.ts';
import { parseInput } from '../../../schemas/parse.ts';
import { type RouteClaimResult, routeClaim, routeProgressBody } from '../../../schemas/route-claim.ts';
import type { Lang } from '../../../views/site/document.ts';
import { fill } from '../../../views/site/format.ts';
import { type Errors, formRefusedPage, type Values } from '../../../views/site/pages/form-controls.ts';
import { notFoundPage } from '../../../views/site/pages/not-found-page.ts';
import { KEY_FIELD, newFormKey } from '../../../views/site/pages/pledge-page.ts';
import {
  type ClaimFormState,
  CODE_FIELD,
  claimDonePage,
  claimFormPage,
  claimPath,
  claimStatusLabel,
  claimUnavailablePage,
  MY_ROUTE_PATH,
  myRouteActionPage,
  myRouteFormPage,
  myRoutePage,
  PROGRESS_PATH,
  type RouteClaimStrings,
  routeClaimStrings,
  routeStatusLabel,
} from '../../../views/site/pages/route-claim-page.ts';
import { plural } from '../../../views/site/plural.ts';
import { type FormBody, field } from '../../forms/form-body.ts';
import { formAmount } from '../../forms/submission-form.ts';
import { helperRequests } from '../../helper-request.ts';
import { type Limiters, STATUS_LOOKUPS_PER_MINUTE } from '../../plugins/rate-limit.ts';
import { formBody } from '../../request-values.ts';
import { anonymousForms } from './anonymous-form.ts';
import { codeAnswer, myRouteByCode } from './code-answer.ts';
import { helperLimitMessage } from './helper-limit-message.ts';
import { languageOf, type PageRoute, sitePage } from './site-page.ts';

const FORM_PATH = '/rutas/:id/llevar';
type ClaimRoute = PageRoute<typeof FORM_PATH>;
const FIELDS = ['contactName', 'contactWhatsapp', 'vehicle', 'when'] as const;

/** The offer's fields, as typed. */
function typedValues(form: FormBody): Values {
  const values: Values = {};
  for (const name of FIELDS) values[name] = field(form, name);
  // The form's key makes a resend (a reload, a double tap) answer the same offer and code.
  const key = field(form, KEY_FIELD);
  values[KEY_FIELD] = IDEMPOTENCY_KEY.test(key) ? key : newFormKey();
  return values;
}

/** The typed form as the API's JSON body: empty fields left out, a Colombian WhatsApp as people say it made +57…. */
function claimBody(values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of FIELDS) {
    const value = (values[name] ?? '').trim();
    if (value !== '') body[name] = value;
  }
  const whatsapp = (values.contactWhatsapp ?? '').trim();
  if (whatsapp !== '') body.contactWhatsapp = localWhatsapp(whatsapp) ?? whatsapp;
  return body;
}

/** One message per field; the command's own WhatsApp refusal in the form's words. */
function fieldErrors(details: ErrorDetail[], t: RouteClaimStrings): Errors {
  const errors: Errors = {};
  for (const detail of details) {
    const name = detail.field.split('.')[0] || 'contactName';
    if (name === 'contactWhatsapp' && detail.code === 'invalid_whatsapp') errors[name] ??= t.whatsappInvalid;
    else errors[name] ??= detail.message;
  }
  return errors;
}

function detailsOf(err: AppError): ErrorDetail[] {
  return Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
}

export function routeClaimPages(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const helper = helperRequests(ctx);
  const anonymous = anonymousForms(ctx.config.baseUrl, ctx.config.tileUrl);
  const sendDoc = anonymous.send;
  const baseUrl = ctx.config.baseUrl;
  const missing = (id: string, lang: Lang) => notFoundPage(claimPath(id), lang);

  /** The page for a route that is not (or no longer) on the public list: unknown is 404, taken has no form. */
  const notClaimable = (found: Exclude<ClaimableRoute, { kind: 'available' }>, id: string, lang: Lang, status = 200) =>
    found.kind === 'missing' ? missing(id, lang) : claimUnavailablePage(lang, id, status);

  /** The form again with what was typed and what is wrong (or why it is gone); the route is read afresh. */
  const again = async (
    request: FastifyRequest<ClaimRoute>,
    reply: FastifyReply,
    errors: Errors,
    extra: Partial<Pick<ClaimFormState, 'formError' | 'status' | 'unavailable' | 'values'>>,
  ) => {
    const lang = languageOf(request);
    const id = request.params.id;
    const found = await claimableRoute(ctx, id);
    if (found.kind !== 'available') return sendDoc(reply, notClaimable(found, id, lang, extra.status ?? 409));
    const doc = claimFormPage({
      lang,
      operation: found.operation,
      values: typedValues(formBody(request)),
      errors,
      baseUrl,
      now: ctx.now(),
      status: 400,
      ...extra,
    });
    return sendDoc(reply, doc);
  };

  sitePage(app, ctx, limiters, FORM_PATH, async (request, lang) => {
    const id = request.params.id;
    const found = await claimableRoute(ctx, id);
    if (found.kind !== 'available') return notClaimable(found, id, lang);
    return claimFormPage({ lang, operation: found.operation, values: {}, errors: {}, baseUrl, now: ctx.now() });
  });

  app.post<ClaimRoute>(
    FORM_PATH,
    {
      // After the body is read, so a refused send can still give the person back what they typed.
      preHandler: limiters.submissions,
      errorHandler: async (error: FastifyError | AppError, request, reply) => {
        if (error instanceof AppError && error.code === 'rate_limited') {
          const t = routeClaimStrings(languageOf(request));
          return again(request, reply, {}, { status: 429, formError: t.rateLimited });
        }
        throw error;
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const t = routeClaimStrings(lang);
      const id = request.params.id;
      if (!anonymous.fromOurPages(request)) return sendDoc(reply, formRefusedPage(lang, claimPath(id), t.openForm));
      const found = await claimableRoute(ctx, id);
      if (found.kind !== 'available') return sendDoc(reply, notClaimable(found, id, lang, 409));
      const values = typedValues(formBody(request));
      const body = claimBody(values);
      const parsed = parseInput(routeClaim, body, lang);
      if (!parsed.ok) return again(request, reply, fieldErrors(parsed.details, t), {});
      try {
        const answer = await claimRouteOnce(
          ctx,
          found.operation.id,
          parsed.value,
          await helper(request, {
            bearer: false,
            idempotencyKey: values[KEY_FIELD],
            body,
          }),
        );
        const result = answer.kind === 'fresh' ? answer.value : (JSON.parse(answer.body) as RouteClaimResult);
        // 200 with the code in the page: a redirect would have to carry the code in its address.
        return sendDoc(reply, claimDonePage(lang, result, found.operation.emergency_slug));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const details = detailsOf(err);
        const detail = details[0];
        switch (err.code) {
          case 'route_not_found':
            return sendDoc(reply, missing(id, lang));
          case 'route_not_available':
            return again(request, reply, {}, { status: 409, formError: t.notAvailableTitle, unavailable: true });
          case 'helper_limit_reached':
            return again(request, reply, {}, { status: 429, formError: helperLimitMessage(detail, lang) });
          case 'too_many_open_claims': {
            const limit = Number(detail?.limit ?? detail?.message ?? 0);
            const forms = detail?.field === 'contactWhatsapp' ? t.tooManyWhatsapp : t.tooManyAddress;
            return again(request, reply, {}, { status: 429, formError: plural(limit, forms, lang) });
          }
          case 'validation_failed':
            return again(request, reply, fieldErrors(details, t), { status: 400 });
          case 'idempotency_key_reused':
            // Sent before with other details: that offer stays; a new key makes the next send a new one.
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

  // ---- /mi-ruta ----
  const managePage = (lang: Lang, problem?: 'not_found' | 'rate_limited') =>
    myRouteFormPage({ lang, lookupsPerMinute: STATUS_LOOKUPS_PER_MINUTE, problem });
  const lookupOptions = {
    // Counted before the body is read: a refused attempt costs nothing and reveals nothing.
    onRequest: limiters.statusLookups,
    errorHandler: anonymous.rateLimitedPage((request) => managePage(languageOf(request), 'rate_limited')),
  };
  const refused = (reply: FastifyReply, lang: Lang) =>
    sendDoc(reply, formRefusedPage(lang, MY_ROUTE_PATH, routeClaimStrings(lang).openManage));

  const myRoute = (code: string) => myRouteByCode(ctx, code);

  sitePage(app, ctx, limiters, MY_ROUTE_PATH, async (_request, lang) => managePage(lang));

  app.post(MY_ROUTE_PATH, lookupOptions, async (request, reply) => {
    const lang = languageOf(request);
    if (!anonymous.fromOurPages(request)) return refused(reply, lang);
    // Only a string field counts: a JSON body sent here is read as a form with nothing in it.
    // Any code opens its own page: a receipt code typed here shows the submission's state, as on /codigo.
    const code = field(formBody(request), CODE_FIELD);
    return sendDoc(reply, (await codeAnswer(ctx, code, lang)) ?? managePage(lang, 'not_found'));
  });

  app.post(PROGRESS_PATH, lookupOptions, async (request, reply) => {
    const lang = languageOf(request);
    const t = routeClaimStrings(lang);
    if (!anonymous.fromOurPages(request)) return refused(reply, lang);
    const form = formBody(request);
    const code = field(form, CODE_FIELD);
    const status = field(form, 'status');
    const delivering = status === 'delivered';
    const typed = {
      quantity: delivering ? field(form, 'quantity').trim() : '',
      unit: delivering ? field(form, 'unit').trim() : '',
    };
    const parsed = parseInput(
      routeProgressBody,
      {
        code,
        status,
        ...(typed.quantity !== '' ? { quantity: formAmount(typed.quantity) } : {}),
        ...(typed.quantity !== '' && typed.unit !== '' ? { unit: typed.unit } : {}),
      },
      lang,
    );
    /** The claim again with what went wrong: the quantity, or that the step is no longer possible. */
    const shown = async (problem: 'quantity' | 'closed', unitError?: string) => {
      const view = await myRoute(code);
      if (!view) return sendDoc(reply, managePage(lang, 'not_found'));
      if (problem === 'closed') {
        const formError = fill(t.closedNow, {
          claim: claimStatusLabel(view.claim.status, t),
          route: routeStatusLabel(view.claim.routeStatus, t),
        });
        return sendDoc(reply, myRoutePage({ lang, view, code, formError, status: 409 }));
      }
      const errors: Errors = unitError === undefined ? { quantity: t.quantityError } : { unit: unitError };
      return sendDoc(reply, myRoutePage({ lang, view, code, typed, errors, status: 400 }));
    };
    if (!parsed.ok) {
      if (parsed.details.some((d) => d.field === 'code')) return sendDoc(reply, managePage(lang, 'not_found'));
      // Only the quantity is typed; a status that is not one of the two buttons' is a step that cannot be taken.
      const unit = parsed.details.find((d) => d.field === 'unit');
      if (unit && !parsed.details.some((d) => d.field === 'quantity')) return shown('quantity', unit.message);
      return shown(parsed.details.some((d) => d.field === 'quantity') ? 'quantity' : 'closed');
    }
    const { quantity, unit } = parsed.value;
    try {
      await progressByCode(ctx, parsed.value.code, parsed.value.status, quantity, unit);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'route_claim_not_found') return sendDoc(reply, managePage(lang, 'not_found'));
      if (err.code === 'validation_failed') return shown('quantity');
      // Closed, moved meanwhile by the team (invalid_transition), or its destination no longer takes deliveries.
      if (['route_claim_closed', 'invalid_transition', 'not_a_published_request'].includes(err.code)) {
        return shown('closed');
      }
      throw err;
    }
    const view = await myRoute(code);
    if (!view) return sendDoc(reply, managePage(lang, 'not_found'));
    return sendDoc(reply, myRouteActionPage(lang, parsed.value.status, view, code, quantity, unit));
  });
}
