// Logistics routes from the console: list for leaders (with volunteers' offers to take them), create, and move
// through their statuses.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLogisticsOperation } from '../../../commands/create-logistics-operation.ts';
import { setLogisticsStatus } from '../../../commands/set-logistics-status.ts';
import type { Context } from '../../../context.ts';
import { isLogisticsStatus } from '../../../domain/logistics-status.ts';
import { AppError, type ErrorDetail, errorMessage } from '../../../errors.ts';
import { consoleActor, emergencyFor, placeScopeIn } from '../../../queries/console-session.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import { leaderRoutes, routeEndpoints, routeInEmergency } from '../../../queries/leader-logistics.ts';
import { leaderRouteClaims } from '../../../queries/leader-route-claims.ts';
import { pendingClaimDeclines } from '../../../queries/undo-windows.ts';
import type { Errors } from '../../../views/console/controls.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { logisticsPage } from '../../../views/console/logistics-page.ts';
import { claimFlashMessage } from '../../../views/console/route-claim-section.ts';
import type { Html } from '../../../views/html.ts';
import { type FormBody, field, noteField } from '../../forms/form-body.ts';
import { errorsByField } from '../../forms/form-errors.ts';
import { formAmount, formCoordinate } from '../../forms/submission-form.ts';
import { queryText } from '../../request-values.ts';
import { checkForm, currentUser, flashFrom, frameFor, seeOther, sendPage } from './guard.ts';

type EmergencyRoute = { Params: { slug: string } };
type OperationRoute = { Params: { slug: string; id: string } };

const ENDPOINTS_SHOWN = 300;
const textFields = [
  'destinationHelpId',
  'title',
  'supplyDescription',
  'quantityLabel',
  'pickupHelpId',
  'pickupAddress',
  'routeConditions',
  'volunteerContact',
];
const coordinateFields = ['pickupLatitude', 'pickupLongitude'];

/** The form's strings -> the command's input; empty fields are left out. */
function routeInput(slug: string, form: FormBody): Record<string, unknown> {
  const input: Record<string, unknown> = { emergencySlug: slug };
  for (const name of textFields) {
    const value = field(form, name).trim();
    if (value !== '') input[name] = value;
  }
  for (const name of coordinateFields) {
    const value = field(form, name).trim();
    if (value !== '') input[name] = formCoordinate(value);
  }
  return input;
}

/** What a re-drawn logistics page carries: a refused form, a refused move or a refused decision on an offer. */
export interface LogisticsForm {
  values?: Record<string, string>;
  errors?: Errors;
  moveErrors?: Record<string, string>;
  claimErrors?: Record<string, string>;
}

/** Draws an emergency's logistics page: its routes with their offers, the new-route form and the flash message. */
export function logisticsRenderer(ctx: Context) {
  return async (request: FastifyRequest, emergency: EmergencyRow, form: LogisticsForm = {}): Promise<Html> => {
    const flash = flashFrom(request) ?? claimFlashMessage(queryText(request, 'hecho'));
    const places = placeScopeIn(currentUser(request), emergency.id);
    const [routes, endpoints, claims, claimDeclines, frame] = await Promise.all([
      leaderRoutes(ctx, emergency.id, places),
      routeEndpoints(ctx, emergency.id, ENDPOINTS_SHOWN, places),
      leaderRouteClaims(ctx, emergency.id, places),
      pendingClaimDeclines(ctx, emergency.id),
      frameFor(ctx, currentUser(request), emergency, flash),
    ]);
    const preselected = queryText(request, 'destino');
    return logisticsPage(frame, {
      routes,
      ...endpoints,
      values: form.values ?? (preselected !== undefined ? { destinationHelpId: preselected } : {}),
      errors: form.errors ?? {},
      moveErrors: form.moveErrors,
      claims,
      claimErrors: form.claimErrors,
      claimDeclines,
    });
  };
}

export function logisticsRoutes(app: FastifyInstance, ctx: Context): void {
  const render = logisticsRenderer(ctx);
  const scope = async (request: FastifyRequest<EmergencyRoute>) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    return { user, emergency };
  };

  app.get<EmergencyRoute>('/e/:slug/logistica', async (request, reply) => {
    const { emergency } = await scope(request);
    return sendPage(reply, await render(request, emergency));
  });

  app.post<EmergencyRoute>('/e/:slug/logistica', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    try {
      await createLogisticsOperation(ctx, routeInput(emergency.slug, form), consoleActor(user), 'es');
    } catch (err) {
      if (!(err instanceof AppError) || (err.status !== 400 && err.code !== 'not_a_published_request')) throw err;
      const details = Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
      const errors =
        err.code === 'not_a_published_request'
          ? { destinationHelpId: errorMessage(err.code, 'es') }
          : errorsByField(details);
      const values = Object.fromEntries([...textFields, ...coordinateFields].map((n) => [n, field(form, n)]));
      return sendPage(reply, await render(request, emergency, { values, errors }), 400);
    }
    return seeOther(reply, `${panelPaths.logistics(emergency.slug)}?hecho=guardado`);
  });

  app.post<OperationRoute>('/e/:slug/logistica/:id/estado', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const { id } = request.params;
    const route = await routeInEmergency(ctx, emergency.id, id);
    if (!route) throw new AppError('logistics_operation_not_found');
    const status = field(form, 'status');
    const rawCovered = field(form, 'addCovered').trim();
    const addCovered = rawCovered === '' ? undefined : formAmount(rawCovered);
    const note = noteField(form, 'note');
    try {
      if (!isLogisticsStatus(status)) throw new AppError('invalid_transition');
      if (typeof addCovered === 'string') throw new AppError('validation_failed');
      await setLogisticsStatus(ctx, id, status, consoleActor(user), { addCovered, note });
    } catch (err) {
      if (!(err instanceof AppError) || (err.status !== 400 && err.code !== 'invalid_transition')) throw err;
      const message =
        err.code === 'invalid_transition'
          ? errorMessage('invalid_transition', 'es')
          : 'La cantidad entregada debe ser un número mayor que 0.';
      return sendPage(reply, await render(request, emergency, { moveErrors: { [id]: message } }), err.status);
    }
    return seeOther(reply, `${panelPaths.logistics(emergency.slug)}?hecho=guardado`);
  });
}
