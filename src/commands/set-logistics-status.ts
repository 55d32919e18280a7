// A leader moves a logistics route along its lifecycle; a delivery can add to what the request has covered. The
// route's volunteer moves it too, with their code: what they say they delivered is only reported, not covered.
import type { Actor, Context } from '../context.ts';
import { bounds } from '../domain/bounds.ts';
import { canMove, isLogisticsStatus, type LogisticsStatus } from '../domain/logistics-status.ts';
import { AppError, detail, type ErrorDetail } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { findById, updateRecord } from '../repositories/help-records/records.ts';
import { findLogisticsOperation, type LogisticsRow, updateLogisticsStatus } from '../repositories/logistics.ts';
import { closeClaimsOnMove } from '../repositories/route-claims.ts';
import { type RouteVolunteer, reportRouteDelivery } from './pledges/report-route-delivery.ts';
import { type ChangeStep, logDecision, saveRecord } from './record-change.ts';
import { writePublic } from './write-public.ts';

export interface LogisticsStatusOptions {
  /** Quantity the delivery brought: added to the destination's covered quantity. Only with 'delivered'. */
  addCovered?: number;
  /** Goes to the audit log; with addCovered it is also the public note of the coverage event. */
  note?: string | null;
  /**
   * The route's volunteer says they delivered: addCovered becomes a reported delivery of theirs (see
   * reportRouteDelivery), which a leader or the person helped confirms, instead of covered at once.
   */
  reportedBy?: RouteVolunteer;
  /** With reportedBy: the unit the volunteer brought it in (cajas, litros); the request's when left out. */
  unit?: string;
}

function checkOptions(status: string, options: LogisticsStatusOptions): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (!isLogisticsStatus(status)) {
    problems.push({
      field: 'status',
      message: 'No es un estado de ruta conocido.',
      code: 'invalid_value',
      value: status,
    });
  }
  const { addCovered, note } = options;
  if (addCovered !== undefined) {
    if (status !== 'delivered') {
      problems.push({
        field: 'addCovered',
        message: 'Solo se suma cantidad cubierta al marcar la ruta como entregada.',
        code: 'only_when_delivered',
      });
    } else if (!Number.isFinite(addCovered) || addCovered <= 0) {
      problems.push({ field: 'addCovered', message: 'Debe ser mayor que 0.', code: 'too_small' });
    } else if (addCovered > bounds.quantityRequired.max) {
      problems.push({
        field: 'addCovered',
        message: `Debe ser menor o igual que ${bounds.quantityRequired.max}.`,
        code: 'too_big',
      });
    }
  }
  if (note != null && note.length > bounds.note.max) {
    problems.push({ field: 'note', message: `Debe tener como máximo ${bounds.note.max} caracteres.`, code: 'too_big' });
  }
  return problems;
}

export async function setLogisticsStatus(
  ctx: Context,
  id: string,
  status: LogisticsStatus,
  actor: Actor,
  options: LogisticsStatusOptions = {},
): Promise<LogisticsRow> {
  const problems = checkOptions(status, options);
  if (problems.length > 0) throw new AppError('validation_failed', problems);
  const note = options.note?.trim() || null;
  const { addCovered } = options;
  const row = await writePublic(ctx, async (trx) => {
    // Route first, then its destination: every writer takes the locks in this order.
    const route = await findLogisticsOperation(trx, id, true);
    if (!route) {
      throw new AppError('logistics_operation_not_found', [
        detail('id', 'not_found', { code: 'logistics_operation_not_found', value: id }),
      ]);
    }
    const from = route.status;
    const refused = () =>
      new AppError('invalid_transition', [detail('status', 'invalid_transition', { from, to: status })]);
    if (!canMove(from, status)) throw refused();
    const destination = await findById(trx, route.destination_help_id, true);
    if (!destination)
      throw new AppError('not_found', [detail('destinationHelpId', 'not_found', { value: route.destination_help_id })]);
    const now = ctx.now().toISOString();
    if (!(await updateLogisticsStatus(trx.db, route.id, from, status, now))) throw refused();
    // Volunteers' claims follow the route: see closeClaimsOnMove.
    await closeClaimsOnMove(trx.db, route.id, status, now);
    if (addCovered !== undefined) {
      if (destination.review_status !== 'approved' || destination.type !== 'request') {
        throw new AppError('not_a_published_request', [
          detail('destinationHelpId', 'not_a_published_request', { value: destination.id }),
        ]);
      }
      const covered = destination.quantity_covered + addCovered;
      if (covered > bounds.quantityRequired.max) {
        throw new AppError('validation_failed', [
          {
            field: 'addCovered',
            message: `La cantidad cubierta no puede pasar de ${bounds.quantityRequired.max}.`,
            code: 'too_big',
          },
        ]);
      }
      const step: ChangeStep = { trx, record: destination, now };
      if (options.reportedBy) {
        await reportRouteDelivery(ctx, step, options.reportedBy, { quantity: addCovered, unit: options.unit }, actor);
        await audit(trx.db, {
          actor,
          action: 'logistics_status_changed',
          targetType: 'logistics_operation',
          targetId: route.id,
          details: { from, to: status, note, reported: addCovered, ...(options.unit ? { unit: options.unit } : {}) },
          at: now,
        });
        return { ...route, status, updated_at: now };
      }
      // The same change and public event as setCoveredQuantity, so derived fields and priority follow.
      await saveRecord(ctx, step, { quantity_covered: covered });
      await logDecision(step, actor, {
        kind: 'coverage_updated',
        isPublic: true,
        note,
        details: { from: destination.quantity_covered, to: covered, note, logisticsOperationId: route.id },
      });
    } else {
      // The destination's PublicHelp counts its available routes; a new change number drops every cached copy.
      await updateRecord(trx, destination.id, { updated_at: now });
    }
    await audit(trx.db, {
      actor,
      action: 'logistics_status_changed',
      targetType: 'logistics_operation',
      targetId: route.id,
      details: { from, to: status, note, addCovered: addCovered ?? null },
      at: now,
    });
    return { ...route, status, updated_at: now };
  });
  return row;
}
