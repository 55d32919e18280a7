// GET+POST /necesito-ayuda and /quiero-ayudar, GET /recibido/:id: the website's forms, validated by the API's own
// schema and saved by the API's own command, so a form and a JSON client can never be told different rules.

import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newToken } from '../../../auth/tokens.ts';
import { channelLabel, proofChannel } from '../../../channels/adapters.ts';
import { WEB_SOURCE } from '../../../channels/own-sources.ts';
import { sendProofCode } from '../../../commands/channels/number-proof.ts';
import { type ConsentPayload, dropConsentDraft } from '../../../commands/consent-drafts.ts';
import { submitHelp } from '../../../commands/submit-help.ts';
import type { Context } from '../../../context.ts';
import { choosableMunicipality, municipalitiesOf } from '../../../domain/municipalities.ts';
import { isRecordId } from '../../../domain/record-id.ts';
import { AppError, type ErrorDetail } from '../../../errors.ts';
import { consentDraft } from '../../../queries/consent-drafts.ts';
import { activeEmergencies as listActive } from '../../../queries/emergencies.ts';
import { emergencyDepartment } from '../../../queries/emergency-department.ts';
import { submissionReceipt } from '../../../queries/receipt.ts';
import { identityDocument } from '../../../schemas/identity-document.ts';
import { parseInput } from '../../../schemas/parse.ts';
import { offerSubmission, requestSubmission } from '../../../schemas/submission.ts';
import type { Lang } from '../../../views/site/document.ts';
import {
  type EmergencyChoice,
  type Errors,
  type FormState,
  type FormStrings,
  formRefusedPage,
  formStrings,
  MUNICIPALITIES_PATH,
  NOTICES_FIELD,
  SHOW_MUNICIPALITIES,
  type Values,
} from '../../../views/site/pages/form-controls.ts';
import { OFFER_PATH, offerFormPage, offerLabels } from '../../../views/site/pages/offer-form-page.ts';
import { receiptPage, receiptPath } from '../../../views/site/pages/receipt-page.ts';
import { REQUEST_PATH, requestFormPage, requestLabels } from '../../../views/site/pages/request-form-page.ts';
import { amountQuestion } from '../../forms/amount-question.ts';
import { type FormBody, field } from '../../forms/form-body.ts';
import { formText, submissionFormFields, submissionFromForm } from '../../forms/submission-form.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { formBody, queryText } from '../../request-values.ts';
import { anonymousForms } from './anonymous-form.ts';
import { heldReceiptCode, setReceiptCookie } from './receipt-cookie.ts';
import { languageOf, sitePage } from './site-page.ts';
import { registerOwnAsset } from './static-assets.ts';

registerOwnAsset('ubicacion.js');

/** Codes of submitHelp's emergency checks: they belong next to the emergency select. */
const emergencyCodes = new Set(['unknown_emergency', 'emergency_closed', 'emergency_required', 'no_active_emergency']);

type Kind = 'request' | 'offer';
const forms = {
  request: { path: REQUEST_PATH, page: requestFormPage, labels: requestLabels, schema: requestSubmission },
  offer: { path: OFFER_PATH, page: offerFormPage, labels: offerLabels, schema: offerSubmission },
} as const;

/** The active emergencies; with only one, its department too, which the forms start on. */
async function activeEmergencies(ctx: Context): Promise<EmergencyChoice[]> {
  const rows = await listActive(ctx);
  return Promise.all(
    rows.map(async (e) => ({
      slug: e.slug,
      name: e.name,
      latitude: e.latitude,
      longitude: e.longitude,
      departmentCode: rows.length === 1 ? await emergencyDepartment(ctx, e) : null,
    })),
  );
}

/** ?borrador=TOKEN: the draft of a submission an assistant prepared, waiting for the person's confirmation. */
const DRAFT_PARAM = 'borrador';

/**
 * The draft's fields as the form shows them. The consent box stays unticked: ticking it and sending is the
 * person's confirmation. A fresh externalId, as for any form.
 */
function draftValues(kind: Kind, payload: ConsentPayload, token: string): Values {
  const submission = payload.submission as unknown as Record<string, unknown>;
  const values: Values = { ...freshSend(), borrador: token };
  for (const name of submissionFormFields[kind]) {
    const value = submission[name];
    if (typeof value === 'string') values[name] = value;
    else if (typeof value === 'number') values[name] = formText(kind, name, value);
    else if (typeof value === 'boolean') values[name] = value ? 'si' : 'no';
  }
  const place = choosableMunicipality(values.municipalityCode);
  if (place) values.departmentCode = place.departmentCode;
  if (typeof submission.emergencySlug === 'string') values.emergencySlug = submission.emergencySlug;
  return values;
}

/** A send token as newToken makes them; anything else is no token (the code is then not shown on a resend). */
const SEND_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What makes a rendered form one submission: its random externalId, and the send token that lets a resend of it be
 * given the receipt code again (commands/submit-help.ts).
 */
function freshSend(): Values {
  return { externalId: randomUUID(), sendToken: newToken() };
}

/** What the person typed, to show it again; the identity document is left out on purpose. */
function typedValues(kind: Kind, form: FormBody): Values {
  const values: Values = {};
  for (const name of [
    ...submissionFormFields[kind],
    'departmentCode',
    'emergencySlug',
    'publishContact',
    'externalId',
    'sendToken',
    NOTICES_FIELD,
    DRAFT_PARAM,
  ]) {
    values[name] = field(form, name);
  }
  if (!isRecordId(values.externalId ?? '')) Object.assign(values, freshSend());
  // A form rendered before send tokens keeps its id (a resend is still the same record), with a token of its own.
  if (!SEND_TOKEN.test(values.sendToken ?? '')) values.sendToken = newToken();
  return values;
}

/** The API's messages where a person reads them better in the form's own words. */
function formMessage(detail: ErrorDetail, t: FormStrings): string {
  const { field: name, code } = detail;
  if (name === 'publishContact') return t.consentError;
  if (code === 'coordinates_pair') return t.coordinatesPair;
  if (name === 'municipalityCode') return t.municipalityError;
  if (code === 'required') return detail.message;
  if (name === 'latitude') return t.latitudeError;
  if (name === 'longitude') return t.longitudeError;
  if (name === 'emergencySlug') return t.emergencyError;
  if (code === 'invalid_value') return t.choiceError;
  return detail.message;
}

/**
 * A request with neither a municipality nor a point: one message at the municipality list, the first way to give
 * a place without a map, instead of "required" under each coordinate.
 */
function placeProblem(kind: Kind, errors: Errors, form: FormBody, t: FormStrings): void {
  const chosen = field(form, 'municipalityCode').trim();
  const department = field(form, 'departmentCode').trim();
  const municipality = choosableMunicipality(chosen);
  if (municipality && department && municipality.departmentCode !== department) {
    errors.municipalityCode ??= t.municipalityOtherDepartment;
  }
  const typed = (name: string) => field(form, name).trim() !== '';
  if (kind === 'request' && !chosen && !typed('latitude') && !typed('longitude')) {
    delete errors.latitude;
    delete errors.longitude;
    errors.municipalityCode ??= t.placeRequired;
  }
}

/** One message per field, in the order the fields appear on the page. */
function ordered(errors: Errors, labels: Record<string, string>): Errors {
  const result: Errors = {};
  for (const name of Object.keys(labels)) if (errors[name]) result[name] = errors[name];
  for (const [name, message] of Object.entries(errors)) result[name] ??= message;
  return result;
}

export function formPages(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const anonymous = anonymousForms(ctx.config.baseUrl, ctx.config.tileUrl);
  const fromOurPages = anonymous.fromOurPages;

  const sendDoc = anonymous.send;
  // The channel a code proves a form's number on; without one the forms offer no notices and nothing changes.
  const proving = proofChannel(ctx.config);

  const state = (lang: Lang, emergencies: EmergencyChoice[], extra: Partial<FormState>): FormState => ({
    lang,
    emergencies,
    values: {},
    errors: {},
    baseUrl: ctx.config.baseUrl,
    retention: ctx.config.retention,
    ...(proving === null ? {} : { proofChannel: channelLabel(proving) }),
    ...extra,
  });

  for (const kind of ['request', 'offer'] as const) {
    const { path, page, labels, schema } = forms[kind];

    sitePage(app, ctx, limiters, path, async (request, lang) => {
      const emergencies = await activeEmergencies(ctx);
      const token = queryText(request, DRAFT_PARAM);
      if (token !== undefined) {
        // A submission an assistant prepared: the person reviews it here and confirms it by sending the form.
        const draft = await consentDraft(ctx, token, 'website');
        const t = formStrings(lang);
        const opened =
          draft?.payload.submission.type === kind
            ? state(lang, emergencies, { values: draftValues(kind, draft.payload, token), notice: t.draftNotice })
            : state(lang, emergencies, { values: freshSend(), formError: t.draftExpired });
        // It shows a name and a number: never kept by a cache.
        return { ...page(opened), noStore: true };
      }
      const asked = queryText(request, 'emergencia');
      const emergencyFromLink = emergencies.find((e) => e.slug === asked)?.slug;
      // A fresh id per rendered form: sending this same form again is recognised as the same submission.
      return page(state(lang, emergencies, { values: freshSend(), emergencyFromLink }));
    });

    /** The form again, with what was typed, the problems and a status; nothing has been written. */
    const again = async (request: FastifyRequest, reply: FastifyReply, errors: Errors, extra: Partial<FormState>) => {
      const lang = languageOf(request);
      const form = formBody(request);
      const doc = page(
        state(lang, await activeEmergencies(ctx), {
          values: typedValues(kind, form),
          errors: ordered(errors, labels(formStrings(lang))),
          retypeIdentity: kind === 'request' && field(form, 'identityDocument').trim() !== '',
          status: 400,
          ...extra,
        }),
      );
      return sendDoc(reply, doc);
    };

    app.post(
      path,
      {
        // After the body is read, so a refused send can still give the person back what they typed.
        preHandler: limiters.submissions,
        errorHandler: async (error: FastifyError | AppError, request, reply) => {
          if (error instanceof AppError && error.code === 'rate_limited') {
            const lang = languageOf(request);
            return again(request, reply, {}, { status: 429, formError: formStrings(lang).rateLimited });
          }
          throw error;
        },
      },
      async (request, reply) => {
        const lang = languageOf(request);
        const t = formStrings(lang);
        if (!fromOurPages(request)) {
          return sendDoc(reply, formRefusedPage(lang, path, kind === 'request' ? t.backToRequest : t.backToOffer));
        }
        // Only string fields count: a JSON body sent here is read as a form with nothing else in it.
        const form = formBody(request);
        const values = typedValues(kind, form);
        if (field(form, SHOW_MUNICIPALITIES) !== '') {
          // "Ver municipios" without JavaScript: the same form with the department's list; nothing is checked or saved.
          const doc = page(
            state(lang, await activeEmergencies(ctx), {
              values,
              retypeIdentity: kind === 'request' && field(form, 'identityDocument').trim() !== '',
              focus: 'municipalityCode',
            }),
          );
          return sendDoc(reply, doc);
        }
        const slug = values.emergencySlug ?? '';
        const body = {
          ...submissionFromForm(kind, form),
          source: WEB_SOURCE,
          externalId: values.externalId,
          publishContact: values.publishContact === 'si',
          ...(slug ? { emergencySlug: slug } : {}),
        };
        const parsed = parseInput(schema, body, lang);
        const errors: Errors = {};
        if (!parsed.ok) {
          for (const detail of parsed.details) {
            const name = detail.field.split('.')[0] || 'type';
            errors[name] ??= amountQuestion(detail, field(form, name), lang) ?? formMessage(detail, t);
          }
        }
        placeProblem(kind, errors, form, t);
        // Checked here too so every problem shows at once; submitHelp checks again inside its transaction.
        const emergencies = await activeEmergencies(ctx);
        if (!errors.emergencySlug) {
          if (slug && !emergencies.some((e) => e.slug === slug)) errors.emergencySlug = t.emergencyError;
          if (!slug && emergencies.length !== 1) errors.emergencySlug = t.emergencyError;
        }
        let document: string | null = null;
        if (kind === 'request') {
          const typed = parseInput(identityDocument, field(form, 'identityDocument'), lang);
          if (typed.ok) document = typed.value === '' ? null : typed.value;
          else errors.identityDocument = typed.details[0]?.message ?? t.choiceError;
        }
        if (!parsed.ok || Object.keys(errors).length > 0) return again(request, reply, errors, {});
        try {
          // The result carries the pair's editToken; the receipt does not offer changes yet, so it goes no further.
          const sendToken = values.sendToken;
          const { result } = await submitHelp(ctx, parsed.value, { identityDocument: document, sendToken, via: 'web' });
          // The assistant's draft this form was opened from has served its purpose, with its personal data.
          const token = field(form, DRAFT_PARAM);
          if (token !== '') await dropConsentDraft(ctx, token);
          if (proving !== null && field(form, NOTICES_FIELD) === 'si') {
            // The submission is committed whatever happens here: a code that cannot be queued is logged, and the
            // person still gets their receipt.
            await sendProofCode(ctx, result.id, proving, 'asked').catch((err: unknown) =>
              request.log.error({ err, id: result.id }, 'number proof code not queued'),
            );
          }
          // Given only to this send (or a resend of this very form): the receipt shows it from a cookie for a while.
          if (result.receiptCode !== undefined) setReceiptCookie(reply, ctx.config, result.id, result.receiptCode);
          // 303: reloading the receipt never sends the form again.
          return reply.code(303).header('location', receiptPath(result.id, lang)).send();
        } catch (err) {
          if (err instanceof AppError && emergencyCodes.has(err.code)) {
            return again(request, reply, { emergencySlug: t.emergencyError }, {});
          }
          if (err instanceof AppError && err.code === 'source_conflict') {
            // This form was already sent with other content (back, edit, send): the first send stays as it was, and
            // the form comes back under a fresh id, so sending it again is a new submission the person chose to make.
            const values = { ...typedValues(kind, form), ...freshSend() };
            return again(request, reply, {}, { values, status: 409, formError: t.alreadySent });
          }
          throw err;
        }
      },
    );
  }

  // The municipalities of one department, for the form's script: public facts that change with DANE's list only.
  app.get(MUNICIPALITIES_PATH, { onRequest: limiters.reads }, async (request, reply) => {
    const department = queryText(request, 'departamento') ?? '';
    const list = /^\d{2}$/.test(department) ? municipalitiesOf(department) : [];
    return reply
      .header('cache-control', 'public, max-age=86400')
      .send({ department, municipalities: list.map((m) => ({ code: m.code, name: m.name })) });
  });

  sitePage(app, ctx, limiters, '/recibido/:id', async (request, lang) => {
    const { id } = request.params;
    const receipt = await submissionReceipt(ctx, id, heldReceiptCode(request));
    return receipt ? receiptPage(lang, receipt.id, receipt) : receiptPage(lang, id, null);
  });
}
