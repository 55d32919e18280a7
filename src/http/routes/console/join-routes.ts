// Joining duplicates: a pending submission joined to a published record of the same need, one at a time from its
// review page or the compare page, or several cards of one cluster from the inbox. Each names the version shown; a
// changed one is not joined. A refusal says why in words, beside a way back.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { joinDuplicate, joinMany } from '../../../commands/join-duplicate.ts';
import type { Context } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { consoleActor, emergencyFor } from '../../../queries/console-session.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import { inScope, placeScopeIn } from '../../../queries/place-scope.ts';
import { recordInEmergency } from '../../../queries/record-in-emergency.ts';
import { joinResultSection } from '../../../views/console/join-section.ts';
import { consolePage, panelPaths } from '../../../views/console/layout.ts';
import { html } from '../../../views/html.ts';
import { type FormBody, field, noteField } from '../../forms/form-body.ts';
import { queryText } from '../../request-values.ts';
import { readSelections } from './bulk-decision-routes.ts';
import { refusedJson, wantsJson } from './decision-reply.ts';
import { checkForm, currentUser, frameFor, seeOther, sendPage } from './guard.ts';
import { afterDecision, placeOfForm } from './inbox-view.ts';

type EmergencyRoute = { Params: { slug: string } };
type ReviewRoute = { Params: { slug: string; id: string } };

const ID = /^[A-Za-z0-9-]{1,80}$/;

/** What a refused join says: the detail's own Spanish words when it has them. */
function refusal(err: AppError): { status: number; message: string } {
  if (err.code === 'stale_version') {
    return { status: 409, message: 'La publicación cambió desde que la vio: no se hizo nada. Revísela de nuevo.' };
  }
  if (err.code === 'not_found') {
    return { status: 404, message: 'La publicación que se conserva no existe en esta emergencia: no se hizo nada.' };
  }
  const said = err.details.find((d) => typeof d.message === 'string')?.message;
  return { status: err.status, message: said ?? 'No se pudo unir: no se hizo nada.' };
}

export function joinRoutes(app: FastifyInstance, ctx: Context): void {
  const refused = async (
    request: FastifyRequest,
    reply: FastifyReply,
    emergency: EmergencyRow,
    back: string,
    status: number,
    code: string,
    message: string,
  ) => {
    if (wantsJson(request)) return refusedJson(reply, status, code, message, back);
    const frame = await frameFor(ctx, currentUser(request), emergency);
    const page = consolePage(
      { ...frame, title: 'No se unió', current: 'inbox' },
      html`<p role="alert">${message}</p><p><a href="${back}">Volver</a></p>`,
    );
    return sendPage(reply, page, status);
  };

  app.post<ReviewRoute>('/e/:slug/revisar/:id/unir', async (request, reply) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    const form = checkForm(ctx, request, user.csrf);
    const { id } = request.params;
    const back = panelPaths.review(emergency.slug, id);
    const record = await recordInEmergency(ctx, emergency.id, id);
    if (!record)
      return refused(request, reply, emergency, panelPaths.inbox(emergency.slug), 404, 'not_found', 'No encontrado.');
    const version = field(form, 'version').trim();
    // An inbox card's "Unir a «…»" button names the kept record in its address (one button carries one value).
    const keptId = (field(form, 'conservar') || (queryText(request, 'conservar') ?? '')).trim();
    if (!/^\d{1,9}$/.test(version)) {
      return refused(
        request,
        reply,
        emergency,
        back,
        409,
        'stale_version',
        'Vuelva a cargar la publicación: no se hizo nada.',
      );
    }
    if (!ID.test(keptId)) {
      return refused(request, reply, emergency, back, 400, 'kept_required', 'Elija la publicación que se conserva.');
    }
    try {
      await joinDuplicate(ctx, {
        id,
        version: Number(version),
        keptId,
        actor: consoleActor(user),
        note: noteField(form, 'note'),
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const { status, message } = refusal(err);
      const code = err.details[0]?.code ?? err.code;
      return refused(request, reply, emergency, back, status, code, message);
    }
    if (wantsJson(request)) {
      return reply.send({ ok: true, id, keptId, message: `«${record.title}» unida a otra publicación.` });
    }
    return seeOther(reply, await afterDecision(ctx, user, emergency, placeOfForm(form), record, 'unida'));
  });

  app.post<EmergencyRoute>('/e/:slug/unir-seleccionados', async (request, reply) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    const form: FormBody = checkForm(ctx, request, user.csrf);
    const back = panelPaths.inbox(emergency.slug);
    const { selections, malformed } = readSelections(form);
    const keptId = field(form, 'conservar').trim();
    if (malformed || selections.length === 0) {
      const message = malformed
        ? 'La selección enviada no es válida; vuelva a cargar la bandeja.'
        : 'Seleccione al menos una publicación.';
      return refused(request, reply, emergency, back, 400, 'invalid_selection', message);
    }
    const kept = ID.test(keptId) ? await recordInEmergency(ctx, emergency.id, keptId) : undefined;
    if (!kept) {
      return refused(request, reply, emergency, back, 400, 'kept_required', 'Elija la publicación que se conserva.');
    }
    let result: Awaited<ReturnType<typeof joinMany>>;
    try {
      const places = placeScopeIn(user, emergency.id);
      result = await joinMany(
        ctx,
        emergency.id,
        selections,
        kept.id,
        consoleActor(user),
        noteField(form, 'note'),
        (r) => inScope(places, r),
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const { status, message } = refusal(err);
      return refused(request, reply, emergency, back, status, err.details[0]?.code ?? err.code, message);
    }
    if (wantsJson(request)) {
      return reply.send({
        ok: true,
        joined: result.decided.map((r) => r.id),
        skipped: result.skipped.map((s) => ({ id: s.id, reason: s.reason })),
      });
    }
    const frame = await frameFor(ctx, user, emergency);
    return sendPage(
      reply,
      consolePage(
        { ...frame, title: 'Unir duplicados', current: 'inbox' },
        joinResultSection(emergency.slug, kept, result),
      ),
    );
  });
}
