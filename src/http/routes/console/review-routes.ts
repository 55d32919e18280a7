// The review inbox and its decisions: approve, correct then approve, reject with a reason.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { approveSubmission } from '../../../commands/approve-submission.ts';
import { approveWithEdits, type EditableFields } from '../../../commands/approve-with-edits.ts';
import { rejectSubmission } from '../../../commands/reject-submission.ts';
import { submissionFields } from '../../../commands/submission-fields.ts';
import type { Context } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { consoleActor, emergencyFor } from '../../../queries/console-session.ts';
import { likelyDuplicates, reviewInbox } from '../../../queries/review-inbox.ts';
import type { EmergencyRow } from '../../../repositories/emergencies.ts';
import { findById, type HelpRow } from '../../../repositories/help-records.ts';
import { auditEntries, fullTimeline } from '../../../repositories/review.ts';
import { issuesToDetails } from '../../../schemas/issues.ts';
import { offerSubmission, requestSubmission } from '../../../schemas/submission.ts';
import { comparePage } from '../../../views/console/compare-page.ts';
import type { Errors } from '../../../views/console/controls.ts';
import { inboxPage } from '../../../views/console/inbox-page.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { type Content, formValues } from '../../../views/console/record-fields.ts';
import { reviewPage } from '../../../views/console/review-page.ts';
import { field, noteField } from '../../forms/form-body.ts';
import { errorsByField } from '../../forms/form-errors.ts';
import { submissionFromForm } from '../../forms/submission-form.ts';
import { checkForm, currentUser, flashFrom, frameFor, seeOther, sendPage } from './guard.ts';

type Params = { slug: string; id: string };

/** A record of this emergency: an id from another emergency is "not found" here, whoever asks. */
export async function recordIn(ctx: Context, emergency: EmergencyRow, id: string): Promise<HelpRow> {
  const record = await findById(ctx.db, ctx.dialect, id);
  if (!record || record.emergency_id !== emergency.id) {
    throw new AppError('not_found', [{ field: 'id', message: id, code: 'not_found' }]);
  }
  return record;
}

function proposedContent(record: HelpRow): Content {
  return record.review_status === 'approved' && record.pending_revision
    ? (JSON.parse(record.pending_revision) as Content)
    : record;
}

export function reviewRoutes(app: FastifyInstance, ctx: Context): void {
  const scope = async (request: FastifyRequest) => {
    const user = currentUser(request);
    const { slug, id } = request.params as Params;
    const emergency = await emergencyFor(ctx, user, slug);
    return { user, emergency, id };
  };

  const renderReview = async (
    request: FastifyRequest,
    record: HelpRow,
    emergency: EmergencyRow,
    extra: { edit?: { values: Record<string, string>; errors: Errors }; rejectError?: string } = {},
  ) => {
    const user = currentUser(request);
    const proposed = proposedContent(record);
    const [duplicates, timeline, audit, frame] = await Promise.all([
      likelyDuplicates(ctx, { ...record, ...proposed } as HelpRow),
      fullTimeline(ctx.db, record.id),
      auditEntries(ctx.db, record.id),
      frameFor(ctx, user, emergency, flashFrom(request)),
    ]);
    return reviewPage(frame, {
      record,
      proposed,
      duplicates,
      timeline,
      audit,
      edit: extra.edit ? { ...extra.edit, open: true } : { values: formValues(proposed), errors: {}, open: false },
      rejectError: extra.rejectError,
    });
  };

  app.get('/e/:slug', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const [items, frame] = await Promise.all([
      reviewInbox(ctx, emergency.id),
      frameFor(ctx, user, emergency, flashFrom(request)),
    ]);
    return sendPage(reply, inboxPage({ ...frame, title: 'Bandeja de revisión' }, items, ctx.now()));
  });

  app.get('/e/:slug/revisar/:id', async (request, reply) => {
    const { emergency, id } = await scope(request);
    const record = await recordIn(ctx, emergency, id);
    if (record.review_status === 'rejected' || (record.review_status === 'approved' && !record.pending_revision)) {
      // Already decided (perhaps by another leader): show where it stands now.
      return seeOther(
        reply,
        record.review_status === 'approved' ? panelPaths.record(emergency.slug, id) : panelPaths.inbox(emergency.slug),
      );
    }
    return sendPage(reply, await renderReview(request, record, emergency));
  });

  app.get('/e/:slug/comparar', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const query = request.query as Record<string, unknown>;
    const [a, b] = await Promise.all([
      recordIn(ctx, emergency, String(query.a ?? '')),
      recordIn(ctx, emergency, String(query.b ?? '')),
    ]);
    return sendPage(reply, comparePage(await frameFor(ctx, user, emergency), a, b));
  });

  app.post('/e/:slug/revisar/:id/aprobar', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    await recordIn(ctx, emergency, id);
    await approveSubmission(ctx, id, consoleActor(user), noteField(form, 'note'));
    return seeOther(reply, `${panelPaths.inbox(emergency.slug)}?hecho=aprobada`);
  });

  app.post('/e/:slug/revisar/:id/rechazar', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const record = await recordIn(ctx, emergency, id);
    const reason = noteField(form, 'reason');
    if (!reason) {
      const page = await renderReview(request, record, emergency, { rejectError: 'Indique el motivo del rechazo.' });
      return sendPage(reply, page, 400);
    }
    await rejectSubmission(ctx, id, consoleActor(user), reason);
    return seeOther(reply, `${panelPaths.inbox(emergency.slug)}?hecho=rechazada`);
  });

  app.post('/e/:slug/revisar/:id/corregir', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const record = await recordIn(ctx, emergency, id);
    const body = {
      ...submissionFromForm(record.type, form),
      source: record.source,
      externalId: record.external_id,
      publishContact: true,
    };
    const schema = record.type === 'request' ? requestSubmission : offerSubmission;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const errors = errorsByField(issuesToDetails(parsed.error.issues, 'es', body));
      const values = Object.fromEntries(Object.keys(formValues(record)).map((name) => [name, field(form, name)]));
      return sendPage(reply, await renderReview(request, record, emergency, { edit: { values, errors } }), 400);
    }
    const {
      emergency_id: _e,
      identity_document: _d,
      ...edits
    } = submissionFields(parsed.data, record.emergency_id, null);
    await approveWithEdits(ctx, id, edits satisfies EditableFields, consoleActor(user), noteField(form, 'note'));
    return seeOther(reply, `${panelPaths.inbox(emergency.slug)}?hecho=corregida`);
  });
}
