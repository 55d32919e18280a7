// Decisions on the cards a leader selected in the inbox: approve them, or reject them with one private reason.
// Each selection names the content version shown; a card changed since is skipped and listed, never decided. The
// answer is the inbox again, at the same filters and page, with what was done and what was skipped on top.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { approveMany } from '../../../commands/approve-many.ts';
import { BULK_DECISION_MAX, type DecideManyResult, type Selection } from '../../../commands/decide-many.ts';
import { rejectMany } from '../../../commands/reject-many.ts';
import { rejectMatching } from '../../../commands/reject-matching.ts';
import type { Context } from '../../../context.ts';
import { type ConsoleUser, consoleActor, emergencyFor } from '../../../queries/console-session.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import { inScope, placeScopeIn } from '../../../queries/place-scope.ts';
import { inboxPage, inboxQuery } from '../../../views/console/inbox-page.ts';
import { type FormBody, field, noteField } from '../../forms/form-body.ts';
import { wantsJson } from './decision-reply.ts';
import { checkForm, currentUser, frameFor, sendPage } from './guard.ts';
import { filtered, inboxView, parsedPlace, placeOfFields, placeOfForm } from './inbox-view.ts';

type EmergencyRoute = { Params: { slug: string } };

/** The selection a form carries: `id:version` per card; malformed when any value is not one. */
export function readSelections(form: FormBody): { selections: Selection[]; malformed: boolean } {
  const raw = form.seleccion === undefined ? [] : Array.isArray(form.seleccion) ? form.seleccion : [form.seleccion];
  const selections: Selection[] = [];
  let malformed = false;
  for (const value of raw) {
    const match = /^([A-Za-z0-9-]{1,80}):(\d{1,9})$/.exec(value);
    if (match) selections.push({ id: match[1] as string, version: Number(match[2]) });
    else malformed = true;
  }
  return { selections, malformed };
}

/** Why a selection cannot be decided at all, in words; undefined when it can. */
function selectionError(selections: Selection[], malformed: boolean, verb: string): string | undefined {
  const count = new Set(selections.map((s) => s.id)).size;
  if (malformed) return 'La selección enviada no es válida; vuelva a cargar la bandeja.';
  if (count === 0) return 'Seleccione al menos una publicación.';
  if (count > BULK_DECISION_MAX) {
    return `Puede ${verb} hasta ${BULK_DECISION_MAX} publicaciones a la vez; seleccionó ${count}.`;
  }
  return undefined;
}

export function bulkDecisionRoutes(app: FastifyInstance, ctx: Context): void {
  const opened = async (request: FastifyRequest<EmergencyRoute>) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    const form = checkForm(ctx, request, user.csrf);
    return { user, emergency, form };
  };

  /** The inbox after a bulk form: refused (400, what was typed kept) or done (the outcome on top). */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: ConsoleUser,
    emergency: EmergencyRow,
    form: FormBody,
    outcome:
      | { refused: { error?: string; reasonError?: string }; selections: Selection[] }
      | { decision: 'aprobar' | 'rechazar'; result: DecideManyResult },
  ) => {
    if ('refused' in outcome) {
      const message = outcome.refused.error ?? outcome.refused.reasonError ?? '';
      if (wantsJson(request)) return reply.code(400).send({ ok: false, code: 'invalid_selection', message });
      const bulk = {
        ...outcome.refused,
        reason: field(form, 'reason'),
        selected: new Set(outcome.selections.map((s) => s.id)),
      };
      const [view, frame] = await Promise.all([
        inboxView(ctx, user, emergency, placeOfForm(form), { bulk }),
        frameFor(ctx, user, emergency),
      ]);
      return sendPage(reply, inboxPage(frame, view), 400);
    }
    if (wantsJson(request)) {
      return reply.send({
        ok: true,
        decided: outcome.result.decided.map((d) => d.id),
        skipped: outcome.result.skipped.map((s) => ({ id: s.id, reason: s.reason })),
      });
    }
    const [view, frame] = await Promise.all([
      inboxView(ctx, user, emergency, placeOfForm(form), {
        result: { decision: outcome.decision, outcome: outcome.result },
      }),
      frameFor(ctx, user, emergency),
    ]);
    return sendPage(reply, inboxPage(frame, view));
  };

  app.post<EmergencyRoute>('/e/:slug/aprobar-seleccionados', async (request, reply) => {
    const { user, emergency, form } = await opened(request);
    const { selections, malformed } = readSelections(form);
    const error = selectionError(selections, malformed, 'aprobar');
    if (error) return answer(request, reply, user, emergency, form, { refused: { error }, selections });
    const places = placeScopeIn(user, emergency.id);
    const result = await approveMany(ctx, emergency.id, selections, consoleActor(user), (r) => inScope(places, r));
    return answer(request, reply, user, emergency, form, { decision: 'aprobar', result });
  });

  app.post<EmergencyRoute>('/e/:slug/rechazar-coincidentes', async (request, reply) => {
    const { user, emergency, form } = await opened(request);
    const place = placeOfFields(form);
    const parsed = parsedPlace(place);
    const shownAt = field(form, 'mostrada');
    const reason = noteField(form, 'reason');
    const matchingError =
      !filtered(place) || !parsed.valid
        ? 'Elija primero filtros válidos: sin ellos no se rechaza nada en bloque.'
        : !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(shownAt) || shownAt > ctx.now().toISOString()
          ? 'La página no dice cuándo se cargó; vuelva a cargarla.'
          : !reason
            ? 'Indique el motivo del rechazo.'
            : field(form, 'confirmar') === ''
              ? 'Marque la confirmación: se rechazarán todas las que coinciden.'
              : undefined;
    if (matchingError) {
      if (wantsJson(request))
        return reply.code(400).send({ ok: false, code: 'invalid_selection', message: matchingError });
      const [view, frame] = await Promise.all([
        inboxView(ctx, user, emergency, place, { bulk: { matchingError } }),
        frameFor(ctx, user, emergency),
      ]);
      return sendPage(reply, inboxPage(frame, view), 400);
    }
    const places = placeScopeIn(user, emergency.id);
    const result = await rejectMatching(ctx, {
      emergencyId: emergency.id,
      filter: parsed.filter,
      places,
      shownAt,
      reason: reason as string,
      actor: consoleActor(user),
      accountId: user.accountId,
      allowed: (r) => inScope(places, r),
    });
    form.volver = inboxQuery(place.values);
    return answer(request, reply, user, emergency, form, { decision: 'rechazar', result });
  });

  app.post<EmergencyRoute>('/e/:slug/rechazar-seleccionados', async (request, reply) => {
    const { user, emergency, form } = await opened(request);
    const { selections, malformed } = readSelections(form);
    const reason = noteField(form, 'reason');
    const error = selectionError(selections, malformed, 'rechazar');
    if (error || !reason) {
      const reasonError = reason ? undefined : 'Indique el motivo del rechazo.';
      return answer(request, reply, user, emergency, form, { refused: { error, reasonError }, selections });
    }
    const places = placeScopeIn(user, emergency.id);
    const result = await rejectMany(ctx, emergency.id, selections, consoleActor(user), reason, (r) =>
      inScope(places, r),
    );
    return answer(request, reply, user, emergency, form, { decision: 'rechazar', result });
  });
}
