// Pledges from the console: the emergency's list, and a leader's actions on one pledge (cancel or confirm the
// delivery of an open one, say a delivered one never arrived). Only pledges of the emergency in the path are
// reached: another emergency's pledge is not found.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cancelPledgeWithUndo,
  UNDO_MINUTES,
  UndoRefused,
  undoPledgeCancel,
} from '../../../commands/pledges/cancel-with-undo.ts';
import { convertDelivery } from '../../../commands/pledges/convert-delivery.ts';
import { type PledgeAction, settleById } from '../../../commands/pledges/settle-pledge.ts';
import { type PledgeGroupKey, voidPledgesOf } from '../../../commands/pledges/void-pledges.ts';
import type { Context } from '../../../context.ts';
import { formatNumber } from '../../../domain/number-format.ts';
import type { PledgeStatus } from '../../../domain/pledges.ts';
import { AppError, detail, errorMessage } from '../../../errors.ts';
import { consoleActor, emergencyFor, placeScopeIn } from '../../../queries/console-session.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import {
  isPledgeStatus,
  leaderPledgeOfEmergency,
  leaderPledgesOfEmergency,
  pledgeGroups,
} from '../../../queries/leader-pledges.ts';
import { inScope } from '../../../queries/place-scope.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { pledgeCancelPage } from '../../../views/console/pledge-cancel-page.ts';
import { pledgesPage } from '../../../views/console/pledges-page.ts';
import { field } from '../../forms/form-body.ts';
import { formAmount } from '../../forms/submission-form.ts';
import { queryText } from '../../request-values.ts';
import { checkForm, currentUser, flashFrom, frameFor, seeOther, sendPage } from './guard.ts';

type EmergencyRoute = { Params: { slug: string } };
type PledgeRoute = { Params: { slug: string; pledgeId: string } };

/** The path's last word -> the action, and the message shown after it ("cancelar" asks first, and can be undone). */
const actions: Record<string, { action: PledgeAction; flash: string }> = {
  entregar: { action: 'deliver', flash: 'compromiso-entregado' },
  disputar: { action: 'dispute', flash: 'compromiso-disputado' },
};

const flashes: Record<string, string> = {
  'compromiso-cancelado': `Compromiso cancelado: lo que había comprometido vuelve a estar disponible para otros. Puede deshacerlo durante ${UNDO_MINUTES} minutos; nadie recibe aviso antes.`,
  'cancelacion-deshecha': 'Cancelación deshecha: el compromiso vuelve a estar abierto, como antes.',
  'compromiso-entregado': 'Entrega confirmada: suma a lo cubierto de la solicitud.',
  'compromiso-disputado': 'Entrega marcada como no recibida: se restó de lo cubierto de la solicitud.',
  'compromiso-convertido': 'Entrega convertida: lo que equivale en la unidad de la solicitud suma a lo cubierto.',
  'compromisos-anulados':
    'Compromisos anulados: los abiertos quedaron cancelados y los reportados como no recibidos; lo que reservaban ' +
    'vuelve a estar disponible.',
};

/** The message after a pledge action, from a fixed list (the console's own messages come first). */
export function pledgeFlash(request: { query: unknown }): string | null {
  const key = queryText(request, 'hecho');
  return key !== undefined && Object.hasOwn(flashes, key) ? (flashes[key] ?? null) : null;
}

function statusFilter(value: unknown): PledgeStatus | undefined {
  return isPledgeStatus(value) ? value : undefined;
}

/** What a refused action tells the leader, beside the pledge. */
function actionError(err: AppError): string {
  if (err.code === 'pledge_closed') return errorMessage('pledge_closed', 'es');
  const detail = (Array.isArray(err.details) ? err.details[0] : undefined) as
    | { code?: string; max?: number }
    | undefined;
  if (detail?.code === 'no_quantity_required') {
    return 'Esta solicitud no tiene cantidad: confirme la entrega sin escribir una.';
  }
  if (detail?.code === 'out_of_range' && typeof detail.max === 'number') {
    return `La cantidad debe ser un número mayor que 0 y no mayor que ${formatNumber(detail.max)}.`;
  }
  return 'La cantidad que llegó debe ser un número mayor que 0, no mayor que lo comprometido.';
}

export function pledgeRoutes(app: FastifyInstance, ctx: Context): void {
  const scope = async (request: FastifyRequest<{ Params: { slug: string } }>) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    return { user, emergency };
  };

  const render = async (
    request: FastifyRequest,
    emergency: EmergencyRow,
    status: PledgeStatus | undefined,
    errors: Record<string, string> = {},
  ) => {
    const places = placeScopeIn(currentUser(request), emergency.id);
    const [pledges, frame] = await Promise.all([
      leaderPledgesOfEmergency(ctx, emergency.id, status, undefined, places),
      frameFor(ctx, currentUser(request), emergency, flashFrom(request) ?? pledgeFlash(request)),
    ]);
    // Groups are read from every pledge, whatever the filter shows.
    const all =
      status === undefined ? pledges : await leaderPledgesOfEmergency(ctx, emergency.id, undefined, undefined, places);
    return pledgesPage(frame, { pledges, status, errors, groups: pledgeGroups(all, ctx.now()) });
  };

  app.get<EmergencyRoute>('/e/:slug/compromisos', async (request, reply) => {
    const { emergency } = await scope(request);
    return sendPage(reply, await render(request, emergency, statusFilter(queryText(request, 'estado'))));
  });

  // "Anular todos": every pending pledge of one number or one address, named by the form.
  app.post<EmergencyRoute>('/e/:slug/compromisos/anular', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const key = field(form, 'valor');
    const by = field(form, 'por');
    if (key === '' || (by !== 'numero' && by !== 'conexion')) {
      throw new AppError('validation_failed', [detail('por', 'invalid_choice', { value: by })]);
    }
    const group: PledgeGroupKey =
      by === 'numero' ? { by: 'number', whatsapp: key } : { by: 'address', clientHash: key };
    const places = placeScopeIn(user, emergency.id);
    await voidPledgesOf(ctx, emergency.id, group, consoleActor(user), (record) => inScope(places, record));
    return seeOther(reply, `${panelPaths.pledges(emergency.slug)}?hecho=compromisos-anulados`);
  });

  /** Where a leader goes after acting on a pledge: the request's page or the list, as the form says. */
  const back = (form: ReturnType<typeof checkForm>, slug: string, pledgeId: string, helpId: string, flash: string) => {
    const done = `hecho=${flash}`;
    if (field(form, 'volver') === 'registro') return `${panelPaths.record(slug, helpId)}?${done}#compromisos`;
    const status = statusFilter(field(form, 'estado'));
    const filter = status ? `estado=${status}&` : '';
    return `${panelPaths.pledges(slug)}?${filter}${done}#compromiso-${encodeURIComponent(pledgeId)}`;
  };

  // A delivery in another unit: what it is worth in the request's unit, which then adds to covered.
  app.post<PledgeRoute>('/e/:slug/compromisos/:pledgeId/convertir', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const { pledgeId } = request.params;
    const raw = field(form, 'quantity').trim();
    const quantity = formAmount(raw);
    let helpId: string;
    try {
      if (typeof quantity === 'string') {
        throw new AppError('validation_failed', [detail('quantity', 'not_a_number', { value: raw })]);
      }
      helpId = (await convertDelivery(ctx, pledgeId, emergency.id, quantity, consoleActor(user))).help_id;
    } catch (err) {
      if (!(err instanceof AppError) || (err.code !== 'validation_failed' && err.code !== 'pledge_closed')) throw err;
      const status = statusFilter(field(form, 'estado'));
      return sendPage(reply, await render(request, emergency, status, { [pledgeId]: actionError(err) }), err.status);
    }
    return seeOther(reply, back(form, emergency.slug, pledgeId, helpId, 'compromiso-convertido'));
  });

  // "Cancelar" asks first: whose pledge, of what, to which request (a page, no JavaScript needed).
  app.get<PledgeRoute>('/e/:slug/compromisos/:pledgeId/cancelar', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const pledge = await leaderPledgeOfEmergency(ctx, emergency.id, request.params.pledgeId);
    if (!pledge) throw new AppError('pledge_not_found', [detail('code', 'not_found')]);
    const back = queryText(request, 'volver') === 'registro' ? 'registro' : 'lista';
    const filter = statusFilter(queryText(request, 'estado'));
    if (pledge.status !== 'open') {
      const page = await render(request, emergency, filter, { [pledge.id]: errorMessage('pledge_closed', 'es') });
      return sendPage(reply, page, 409);
    }
    const frame = await frameFor(ctx, user, emergency, null);
    return sendPage(
      reply,
      pledgeCancelPage(frame, { pledge, back, ...(filter ? { filter } : {}), undoMinutes: UNDO_MINUTES }),
    );
  });

  // Confirmed: cancelled now, with UNDO_MINUTES to undo it before anyone is told.
  app.post<PledgeRoute>('/e/:slug/compromisos/:pledgeId/cancelar', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const { pledgeId } = request.params;
    let helpId: string;
    try {
      helpId = (await cancelPledgeWithUndo(ctx, pledgeId, emergency.id, consoleActor(user))).helpId;
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'pledge_closed') throw err;
      const status = statusFilter(field(form, 'estado'));
      return sendPage(reply, await render(request, emergency, status, { [pledgeId]: actionError(err) }), err.status);
    }
    return seeOther(reply, back(form, emergency.slug, pledgeId, helpId, 'compromiso-cancelado'));
  });

  // "Deshacer": within its minutes, the cancelled pledge is open again as it was, if its quantity is still free.
  app.post<PledgeRoute>('/e/:slug/compromisos/:pledgeId/deshacer', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const { pledgeId } = request.params;
    let helpId: string;
    try {
      helpId = (await undoPledgeCancel(ctx, pledgeId, emergency.id, consoleActor(user))).helpId;
    } catch (err) {
      if (!(err instanceof UndoRefused)) throw err;
      const status = statusFilter(field(form, 'estado'));
      return sendPage(reply, await render(request, emergency, status, { [pledgeId]: err.message }), 409);
    }
    return seeOther(reply, back(form, emergency.slug, pledgeId, helpId, 'cancelacion-deshecha'));
  });

  for (const [verb, known] of Object.entries(actions)) {
    app.post<PledgeRoute>(`/e/:slug/compromisos/:pledgeId/${verb}`, async (request, reply) => {
      const { user, emergency } = await scope(request);
      const form = checkForm(ctx, request, user.csrf);
      const { pledgeId } = request.params;
      const status = statusFilter(field(form, 'estado'));
      const raw = field(form, 'quantity').trim();
      const quantity = known.action === 'deliver' && raw !== '' ? formAmount(raw) : undefined;
      let helpId: string;
      try {
        if (typeof quantity === 'string') {
          throw new AppError('validation_failed', [detail('quantity', 'not_a_number', { value: raw })]);
        }
        const result = await settleById(ctx, pledgeId, emergency.id, known.action, consoleActor(user), quantity);
        helpId = result.pledge.helpId;
      } catch (err) {
        if (!(err instanceof AppError) || (err.code !== 'validation_failed' && err.code !== 'pledge_closed')) throw err;
        return sendPage(reply, await render(request, emergency, status, { [pledgeId]: actionError(err) }), err.status);
      }
      return seeOther(reply, back(form, emergency.slug, pledgeId, helpId, known.flash));
    });
  }
}
