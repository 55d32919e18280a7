// The review inbox and its decisions: approve, correct then approve, reject with a reason, reject several.
// Every decision names the content version its form was rendered from; a changed record is shown again.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { approveSubmission } from '../../../commands/approve-submission.ts';
import { approveWithEdits, type EditableFields } from '../../../commands/approve-with-edits.ts';
import { eraseRecord } from '../../../commands/personal-data/erase.ts';
import { rejectSubmission } from '../../../commands/reject-submission.ts';
import { submissionFields } from '../../../commands/submission-fields.ts';
import type { Context } from '../../../context.ts';
import { AppError, detail } from '../../../errors.ts';
import { consoleActor, emergencyFor } from '../../../queries/console-session.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import { recordHistory } from '../../../queries/record-history.ts';
import { type HelpRow, recordInEmergency } from '../../../queries/record-in-emergency.ts';
import { likelyDuplicates } from '../../../queries/review-inbox.ts';
import { parseInput } from '../../../schemas/parse.ts';
import { offerSubmission, requestSubmission } from '../../../schemas/submission.ts';
import { comparePage } from '../../../views/console/compare-page.ts';
import type { Errors } from '../../../views/console/controls.ts';
import { errorPage } from '../../../views/console/error-page.ts';
import { inboxPage, inboxQuery } from '../../../views/console/inbox-page.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { type Content, formValues, SHOW_MUNICIPALITIES, seenFromToken } from '../../../views/console/record-fields.ts';
import { reviewPage, type StaleNotice } from '../../../views/console/review-page.ts';
import { type FormBody, field, noteField } from '../../forms/form-body.ts';
import { errorsByField } from '../../forms/form-errors.ts';
import { submissionFromForm } from '../../forms/submission-form.ts';
import { queryRecord, queryText } from '../../request-values.ts';
import { conversationView } from './conversation-view.ts';
import { decidedWords, decisionReply, refusedJson, wantsJson } from './decision-reply.ts';
import { readErasure } from './erasure-form.ts';
import { adminUser, checkForm, currentUser, flashFrom, frameFor, seeOther, sendPage } from './guard.ts';
import { inboxView, placeOfForm, placeOfRequest } from './inbox-view.ts';

type EmergencyRoute = { Params: { slug: string } };
type ReviewRoute = { Params: { slug: string; id: string } };

/** The version a decision form names; null when absent or not a version number. */
function formVersion(form: FormBody): number | null {
  const value = field(form, 'version').trim();
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** The inbox place a review page returns to: its query on a GET, the form's `volver` when a form was refused. */
function backOf(request: FastifyRequest): string {
  const body = request.body;
  const place =
    request.method === 'POST' && body && typeof body === 'object'
      ? placeOfForm(body as FormBody)
      : placeOfRequest(request);
  return inboxQuery(place.values, place.after, place.batch);
}

function isStale(err: unknown): boolean {
  return err instanceof AppError && err.code === 'stale_version';
}

function reviewable(record: HelpRow): boolean {
  return (
    record.review_status === 'pending_review' || (record.review_status === 'approved' && !!record.pending_revision)
  );
}

/** A record of this emergency: an id from another emergency is "not found" here, whoever asks. */
export async function recordIn(ctx: Context, emergency: EmergencyRow, id: string): Promise<HelpRow> {
  const record = await recordInEmergency(ctx, emergency.id, id);
  if (!record) {
    throw new AppError('not_found', [detail('id', 'not_found', { value: id })]);
  }
  return record;
}

function proposedContent(record: HelpRow): Content {
  return record.review_status === 'approved' && record.pending_revision
    ? (JSON.parse(record.pending_revision) as Content)
    : record;
}

export function reviewRoutes(app: FastifyInstance, ctx: Context): void {
  const scope = async (request: FastifyRequest<{ Params: { slug: string; id?: string } }>) => {
    const user = currentUser(request);
    const { slug, id } = request.params;
    const emergency = await emergencyFor(ctx, user, slug);
    return { user, emergency, id: id ?? '' };
  };

  const renderReview = async (
    request: FastifyRequest,
    record: HelpRow,
    emergency: EmergencyRow,
    extra: {
      edit?: { values: Record<string, string>; errors: Errors };
      rejectError?: string;
      stale?: StaleNotice;
      erase?: { errors: Errors; values: Record<string, string> };
    } = {},
  ) => {
    const user = currentUser(request);
    const proposed = proposedContent(record);
    const [duplicates, { timeline, audit }, frame, conversation] = await Promise.all([
      likelyDuplicates(ctx, { ...record, ...proposed } as HelpRow),
      recordHistory(ctx, record.id),
      frameFor(ctx, user, emergency, flashFrom(request)),
      // A submission in review can be answered (to ask what is missing); a revision's record page has the form.
      record.review_status === 'pending_review' ? conversationView(ctx, record) : null,
    ]);
    return reviewPage(frame, {
      record,
      proposed,
      duplicates,
      timeline,
      audit,
      edit: extra.edit
        ? { ...extra.edit, open: true }
        : { values: formValues(proposed), errors: {}, open: queryText(request, 'corregir') === '1' },
      rejectError: extra.rejectError,
      stale: extra.stale,
      conversation,
      erase: extra.erase,
      back: backOf(request),
    });
  };

  /**
   * A decision named another version than the record has now (or none): nothing was done. The leader sees the
   * current content, what changed since the form was rendered, and forms that carry the current version.
   */
  const staleReply = async (
    request: FastifyRequest,
    reply: FastifyReply,
    emergency: EmergencyRow,
    id: string,
    form: FormBody,
    decision: string,
  ) => {
    const record = await recordIn(ctx, emergency, id);
    const seenVersion = formVersion(form);
    if (wantsJson(request)) {
      return reviewable(record)
        ? refusedJson(
            reply,
            409,
            'stale_version',
            `«${record.title}» cambió desde que se mostró: no se pudo ${decision}. Ábrala para ver qué cambió.`,
            panelPaths.review(emergency.slug, id),
          )
        : refusedJson(reply, 409, 'not_pending', `«${record.title}» ya no está pendiente: otra persona la decidió.`);
    }
    if (!reviewable(record)) {
      const message = `La publicación cambió y ya no tiene nada pendiente de revisión (por ejemplo, quien la envió retiró los cambios). No se pudo ${decision}: no se hizo nada.`;
      return sendPage(reply, errorPage('La publicación cambió', message), 409);
    }
    const seen = seenFromToken(field(form, 'visto'), record.type);
    const page = await renderReview(request, record, emergency, { stale: { seenVersion, seen, decision } });
    return sendPage(reply, page, seenVersion === null ? 400 : 409);
  };

  app.get<EmergencyRoute>('/e/:slug', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const [view, frame] = await Promise.all([
      inboxView(ctx, user, emergency, placeOfRequest(request)),
      frameFor(ctx, user, emergency, await decisionFlash(request, emergency)),
    ]);
    return sendPage(reply, inboxPage(frame, view), view.page ? 200 : 400);
  });

  /** After one decision: the message names the record decided (looked up here, never echoed from the link). */
  const decisionFlash = async (request: FastifyRequest, emergency: EmergencyRow): Promise<string | null> => {
    const done = queryText(request, 'hecho');
    const id = queryText(request, 'publicacion');
    const words = done === undefined ? undefined : decidedWords[done];
    if (!words || !id) return flashFrom(request);
    const record = await recordInEmergency(ctx, emergency.id, id.slice(0, 80));
    return record ? `«${record.title}» ${words}` : flashFrom(request);
  };

  app.get<ReviewRoute>('/e/:slug/revisar/:id', async (request, reply) => {
    const { emergency, id } = await scope(request);
    const record = await recordIn(ctx, emergency, id);
    if (!reviewable(record)) {
      // Already decided (perhaps by another leader) or withdrawn: show where it stands now (a joined one: the record
      // it was joined to).
      const where =
        record.review_status === 'rejected'
          ? panelPaths.inbox(emergency.slug)
          : record.review_status === 'joined' && record.duplicate_of
            ? panelPaths.record(emergency.slug, record.duplicate_of)
            : panelPaths.record(emergency.slug, id);
      return seeOther(reply, where);
    }
    return sendPage(reply, await renderReview(request, record, emergency));
  });

  // Administrators only: erase the personal data of a submission still in review and withdraw it.
  app.post<ReviewRoute>('/e/:slug/revisar/:id/borrar', async (request, reply) => {
    const user = adminUser(request);
    const { emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const record = await recordIn(ctx, emergency, id);
    const input = readErasure(form);
    if (!input.ok) {
      if (!reviewable(record)) return seeOther(reply, panelPaths.review(emergency.slug, id));
      const page = await renderReview(request, record, emergency, { erase: input });
      return sendPage(reply, page, 400);
    }
    await eraseRecord(ctx, id, consoleActor(user), input.reason);
    return seeOther(reply, `${panelPaths.record(emergency.slug, id)}?hecho=borrada`);
  });

  app.get<EmergencyRoute>('/e/:slug/comparar', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const query = queryRecord(request);
    const [a, b] = await Promise.all([
      recordIn(ctx, emergency, String(query.a ?? '')),
      recordIn(ctx, emergency, String(query.b ?? '')),
    ]);
    return sendPage(reply, comparePage(await frameFor(ctx, user, emergency), a, b));
  });

  app.post<ReviewRoute>('/e/:slug/revisar/:id/aprobar', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const record = await recordIn(ctx, emergency, id);
    const version = formVersion(form);
    if (version === null || version !== record.content_version) {
      return staleReply(request, reply, emergency, id, form, 'aprobar');
    }
    try {
      await approveSubmission(ctx, id, consoleActor(user), noteField(form, 'note'), version);
    } catch (err) {
      if (isStale(err)) return staleReply(request, reply, emergency, id, form, 'aprobar');
      throw err;
    }
    return decisionReply(ctx, request, reply, emergency, form, record, 'aprobada');
  });

  app.post<ReviewRoute>('/e/:slug/revisar/:id/rechazar', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const record = await recordIn(ctx, emergency, id);
    // Older forms carried no version: a rejection publishes nothing, so it is checked only when named.
    const version = field(form, 'version') === '' ? undefined : formVersion(form);
    if (version === null || (version !== undefined && version !== record.content_version)) {
      return staleReply(request, reply, emergency, id, form, 'rechazar');
    }
    const reason = noteField(form, 'reason');
    if (!reason && wantsJson(request)) {
      return refusedJson(reply, 400, 'reason_required', 'Indique el motivo del rechazo.');
    }
    if (!reason) {
      const page = await renderReview(request, record, emergency, { rejectError: 'Indique el motivo del rechazo.' });
      return sendPage(reply, page, 400);
    }
    try {
      await rejectSubmission(ctx, id, consoleActor(user), reason, version);
    } catch (err) {
      if (isStale(err)) return staleReply(request, reply, emergency, id, form, 'rechazar');
      throw err;
    }
    return decisionReply(ctx, request, reply, emergency, form, record, 'rechazada');
  });

  app.post<ReviewRoute>('/e/:slug/revisar/:id/corregir', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const record = await recordIn(ctx, emergency, id);
    const version = formVersion(form);
    if (version === null || version !== record.content_version) {
      return staleReply(request, reply, emergency, id, form, 'aplicar las correcciones');
    }
    const typed = () => Object.fromEntries(Object.keys(formValues(record)).map((name) => [name, field(form, name)]));
    if (field(form, SHOW_MUNICIPALITIES) !== '') {
      // "Ver municipios": the correction form again with the department's municipalities; nothing is published.
      return sendPage(reply, await renderReview(request, record, emergency, { edit: { values: typed(), errors: {} } }));
    }
    const body = {
      ...submissionFromForm(record.type, form),
      source: record.source,
      externalId: record.external_id,
      publishContact: true,
    };
    const schema = record.type === 'request' ? requestSubmission : offerSubmission;
    const parsed = parseInput(schema, body, 'es');
    if (!parsed.ok) {
      const errors = errorsByField(parsed.details);
      return sendPage(
        reply,
        await renderReview(request, record, emergency, { edit: { values: typed(), errors } }),
        400,
      );
    }
    const {
      emergency_id: _e,
      identity_document: _d,
      ...edits
    } = submissionFields(parsed.value, record.emergency_id, null);
    try {
      await approveWithEdits(
        ctx,
        id,
        edits satisfies EditableFields,
        consoleActor(user),
        noteField(form, 'note'),
        version,
      );
    } catch (err) {
      if (isStale(err)) return staleReply(request, reply, emergency, id, form, 'aplicar las correcciones');
      throw err;
    }
    return decisionReply(ctx, request, reply, emergency, form, record, 'corregida');
  });
}
