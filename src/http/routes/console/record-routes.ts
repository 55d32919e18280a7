// Published records: list by status, and their lifecycle (status with a note, covered quantity, an answer to a
// WhatsApp or SMS sender). A withdrawn record keeps its page (what is left of it, no actions); an administrator may
// erase a record's personal data and withdraw it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REPLY_MAX, type ReplyWindow, replyToSubmitter } from '../../../commands/channels/reply-to-submitter.ts';
import { eraseRecord } from '../../../commands/personal-data/erase.ts';
import { renewReceiptCode } from '../../../commands/renew-receipt-code.ts';
import { setCoveredQuantity } from '../../../commands/set-covered-quantity.ts';
import { setRecordStatus } from '../../../commands/set-record-status.ts';
import type { Context } from '../../../context.ts';
import { type RecordStatus, recordStatuses } from '../../../domain/statuses.ts';
import { AppError, detail, errorMessage } from '../../../errors.ts';
import { urls } from '../../../presenters/urls.ts';
import { consoleActor, emergencyFor, placeScopeIn } from '../../../queries/console-session.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import { leaderConfirmation } from '../../../queries/leader-confirmations.ts';
import { leaderMatches } from '../../../queries/leader-matches.ts';
import { leaderPledgesOfRecord } from '../../../queries/leader-pledges.ts';
import { leaderRecords } from '../../../queries/leader-records.ts';
import { recordHistory } from '../../../queries/record-history.ts';
import { type HelpRow, recordInEmergency } from '../../../queries/record-in-emergency.ts';
import { recordReports } from '../../../queries/report-inbox.ts';
import type { Errors } from '../../../views/console/controls.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { receiptCodePage } from '../../../views/console/receipt-code-page.ts';
import { renewable } from '../../../views/console/receipt-code-section.ts';
import { recordPage } from '../../../views/console/record-page.ts';
import { recordsPage } from '../../../views/console/records-page.ts';
import { field, noteField } from '../../forms/form-body.ts';
import { formAmount } from '../../forms/submission-form.ts';
import { queryRecord } from '../../request-values.ts';
import { confirmationFlash } from './confirmation-routes.ts';
import { conversationView } from './conversation-view.ts';
import { readErasure } from './erasure-form.ts';
import { adminUser, checkForm, currentUser, flashFrom, frameFor, seeOther, sendPage } from './guard.ts';
import { pledgeFlash } from './pledge-routes.ts';
import { recordIn } from './review-routes.ts';

const PAGE_SIZE = 50;

type EmergencyRoute = { Params: { slug: string } };
type RecordRoute = { Params: { slug: string; id: string } };

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

export function recordRoutes(app: FastifyInstance, ctx: Context): void {
  const scope = async (request: FastifyRequest<{ Params: { slug: string; id?: string } }>) => {
    const user = currentUser(request);
    const { slug, id } = request.params;
    const emergency = await emergencyFor(ctx, user, slug);
    return { user, emergency, id: id ?? '' };
  };

  const published = async (emergency: EmergencyRow, id: string): Promise<HelpRow> => {
    const record = await recordIn(ctx, emergency, id);
    if (record.review_status !== 'approved')
      throw new AppError('not_found', [detail('id', 'not_published', { value: id })]);
    return record;
  };

  /** A published record, or a withdrawn one (shown without actions). */
  const shown = async (emergency: EmergencyRow, id: string): Promise<HelpRow> => {
    const record = await recordIn(ctx, emergency, id);
    if (record.review_status !== 'approved' && record.review_status !== 'withdrawn')
      throw new AppError('not_found', [detail('id', 'not_published', { value: id })]);
    return record;
  };

  const renderRecord = async (
    request: FastifyRequest,
    emergency: EmergencyRow,
    record: HelpRow,
    errors: Errors = {},
    values: Record<string, string> = {},
  ) => {
    const published = record.review_status === 'approved';
    const [{ timeline, audit }, frame, reports, matches, pledges, talk] = await Promise.all([
      recordHistory(ctx, record.id),
      frameFor(
        ctx,
        currentUser(request),
        emergency,
        flashFrom(request) ?? pledgeFlash(request) ?? confirmationFlash(request),
      ),
      recordReports(ctx, emergency.id, record.id),
      published ? leaderMatches(ctx, record.id) : undefined,
      published && record.type === 'request' ? leaderPledgesOfRecord(ctx, record) : undefined,
      published ? conversationView(ctx, record, errors, values) : null,
    ]);
    const base = ctx.config.baseUrl;
    return recordPage(frame, {
      record,
      publicUrl: urls.help(base, record.id),
      jsonUrl: urls.api(base, { view: 'detail', id: record.id }),
      timeline,
      audit,
      errors,
      values,
      reports,
      matches,
      pledges,
      confirmation: leaderConfirmation(ctx, record),
      conversation: talk,
    });
  };

  app.get<EmergencyRoute>('/e/:slug/registros', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const query = queryRecord(request);
    const status = oneOf(query.estado, [...recordStatuses, 'all', 'withdrawn'] as const, 'active');
    const type = oneOf(query.tipo, ['all', 'request', 'offer'] as const, 'all');
    const page = Math.max(1, Math.min(10_000, Number.parseInt(String(query.pagina ?? '1'), 10) || 1));
    const { rows, total } = await leaderRecords(
      ctx,
      emergency.id,
      {
        // Withdrawn records (by the sender or the team) are listed apart, whatever their last status was.
        reviewStatus: status === 'withdrawn' ? 'withdrawn' : 'approved',
        status: status === 'all' || status === 'withdrawn' ? undefined : status,
        type: type === 'all' ? undefined : type,
        places: placeScopeIn(user, emergency.id),
      },
      { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    );
    const frame = await frameFor(ctx, user, emergency, flashFrom(request));
    return sendPage(reply, recordsPage(frame, { rows, total, status, type, page, pageSize: PAGE_SIZE }));
  });

  app.get<RecordRoute>('/e/:slug/registros/:id', async (request, reply) => {
    const { emergency, id } = await scope(request);
    return sendPage(reply, await renderRecord(request, emergency, await shown(emergency, id)));
  });

  // Administrators only: a leader gets 403 before the form is read.
  app.post<RecordRoute>('/e/:slug/registros/:id/borrar', async (request, reply) => {
    const user = adminUser(request);
    const { emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const record = await shown(emergency, id);
    const input = readErasure(form);
    if (!input.ok) {
      return sendPage(reply, await renderRecord(request, emergency, record, input.errors, input.values), 400);
    }
    await eraseRecord(ctx, id, consoleActor(user), input.reason);
    return seeOther(reply, `${panelPaths.record(emergency.slug, id)}?hecho=borrada`);
  });

  app.post<RecordRoute>('/e/:slug/registros/:id/estado', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const record = await published(emergency, id);
    const status = field(form, 'status');
    const note = noteField(form, 'note');
    if (!recordStatuses.includes(status as RecordStatus) || status === record.status) {
      const page = await renderRecord(
        request,
        emergency,
        record,
        { status: 'Elija un estado distinto del actual.' },
        { note: note ?? '' },
      );
      return sendPage(reply, page, 400);
    }
    await setRecordStatus(ctx, id, status as RecordStatus, consoleActor(user), note);
    return seeOther(reply, `${panelPaths.record(emergency.slug, id)}?hecho=estado`);
  });

  app.post<RecordRoute>('/e/:slug/registros/:id/cubierto', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const record = await published(emergency, id);
    const raw = field(form, 'quantity');
    const quantity = formAmount(raw);
    const note = noteField(form, 'coverNote');
    try {
      if (typeof quantity !== 'number') throw new AppError('validation_failed');
      await setCoveredQuantity(ctx, id, quantity, consoleActor(user), note);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'validation_failed') throw err;
      const message = `${errorMessage('validation_failed', 'es')} Escriba un número entre 0 y 1.000.000.`;
      return sendPage(
        reply,
        await renderRecord(request, emergency, record, { quantity: message }, { quantity: raw }),
        400,
      );
    }
    return seeOther(reply, `${panelPaths.record(emergency.slug, id)}?hecho=cubierto`);
  });

  // "Generar código nuevo", from a published record's page or a submission's review page. The answer is the page
  // that shows the code, not a redirect: a code must never ride in an address, a Location or a flash cookie.
  app.post<RecordRoute>('/e/:slug/registros/:id/codigo', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    checkForm(ctx, request, user.csrf);
    const record = await recordIn(ctx, emergency, id);
    if (!renewable(record)) {
      throw new AppError('not_found', [
        { field: 'id', code: 'no_receipt_code', message: 'Esta publicación no tiene código de recibo.', value: id },
      ]);
    }
    const { code, sentBy } = await renewReceiptCode(ctx, id, consoleActor(user), { send: true });
    const inReview = record.review_status === 'pending_review';
    const page = receiptCodePage(await frameFor(ctx, user, emergency), {
      title: record.title,
      code,
      sentBy,
      back: inReview ? panelPaths.review(emergency.slug, id) : panelPaths.record(emergency.slug, id),
      current: inReview ? 'inbox' : 'records',
    });
    return sendPage(reply, page);
  });

  // A leader answers the record's sender on WhatsApp or SMS; a refusal (window closed, channel unavailable) is the
  // console's error page, an empty or too long answer the record page with the form's error.
  // A submission still in review can be answered too (to ask what is missing): it comes back to its review page.
  app.post<RecordRoute>('/e/:slug/registros/:id/responder', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const inReview = await recordInEmergency(ctx, emergency.id, id);
    if (inReview?.review_status === 'pending_review') {
      const { mode } = await replyToSubmitter(ctx, id, field(form, 'text'), {
        actor: consoleActor(user),
        accountId: user.accountId,
      });
      const done = mode === 'template' ? 'respuesta-plantilla' : 'respuesta';
      return seeOther(reply, `${panelPaths.review(emergency.slug, id)}?hecho=${done}#conversacion`);
    }
    const record = await published(emergency, id);
    const text = field(form, 'text');
    let mode: ReplyWindow['mode'];
    try {
      ({ mode } = await replyToSubmitter(ctx, id, text, { actor: consoleActor(user), accountId: user.accountId }));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'validation_failed') throw err;
      const message = `${errorMessage('validation_failed', 'es')} Escriba la respuesta, de 1 a ${REPLY_MAX} caracteres.`;
      return sendPage(reply, await renderRecord(request, emergency, record, { text: message }, { text }), 400);
    }
    const done = mode === 'template' ? 'respuesta-plantilla' : 'respuesta';
    return seeOther(reply, `${panelPaths.record(emergency.slug, id)}?hecho=${done}#conversacion`);
  });
}
