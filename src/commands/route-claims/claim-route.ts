// A volunteer offers to take an available route ("Quiero llevar esta ruta"). Nothing public changes: the offer
// waits for the emergency's leaders, who accept or decline it (decide-claim.ts).

import type { Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import type { HelperClient } from '../../domain/helper-caps.ts';
import { normalizeWhatsapp } from '../../domain/phone.ts';
import { newReceiptCode } from '../../domain/receipt-code.ts';
import { newRowId } from '../../domain/record-id.ts';
import {
  claimCodeHash,
  claimerHash,
  MAX_OPEN_CLAIMS_PER_ADDRESS,
  MAX_OPEN_CLAIMS_PER_WHATSAPP,
} from '../../domain/route-claims.ts';
import { AppError, detail } from '../../errors.ts';
import { presentRouteClaim } from '../../presenters/route-claim.ts';
import { audit } from '../../repositories/audit.ts';
import { findLogisticsOperation } from '../../repositories/logistics.ts';
import { insertRouteClaim, openClaimCounts, type RouteClaimRow } from '../../repositories/route-claims.ts';
import type { RouteClaimInput, RouteClaimResult } from '../../schemas/route-claim.ts';
import { checkHelperLimits } from '../helper-limits.ts';
import { type CompleteClaim, type Idempotent, type OnceRequest, runOnce } from '../idempotent.ts';

export const CLAIM_THANKS =
  'Gracias: su ofrecimiento llegó al equipo de la emergencia. Guarde el código: con él verá si lo aceptaron y ' +
  'marcará "en camino" y "entregado".';

/** The claim once per Idempotency-Key: the same key and body again answers the first answer (the same code). */
export async function claimRouteOnce(
  ctx: Context,
  operationId: string,
  input: RouteClaimInput,
  request: OnceRequest,
): Promise<Idempotent<RouteClaimResult>> {
  return runOnce(ctx, `route-claim:${operationId}`, request, input, (complete) =>
    claimRoute(ctx, operationId, input, { scope: request.scope, counted: request.counted ?? 'all' }, complete),
  );
}

export async function claimRoute(
  ctx: Context,
  operationId: string,
  input: RouteClaimInput,
  client: HelperClient,
  complete?: CompleteClaim,
): Promise<RouteClaimResult> {
  const whatsapp = normalizeWhatsapp(input.contactWhatsapp);
  if (whatsapp === null) {
    throw new AppError('validation_failed', [detail('contactWhatsapp', 'invalid_whatsapp')]);
  }
  const code = newReceiptCode();
  return inTransaction(ctx, async (trx) => {
    // The route's row lock (PostgreSQL) or the write lock (SQLite): the status read below stays true to the insert.
    const route = await findLogisticsOperation(trx, operationId, true);
    if (!route) throw new AppError('route_not_found', [detail('id', 'not_found', { value: operationId })]);
    if (route.status !== 'available') {
      throw new AppError('route_not_available', [detail('id', 'route_not_available', { code: route.status })]);
    }
    const clientHash = claimerHash(route.emergency_id, client.scope);
    await checkHelperLimits(ctx, trx.db, { emergencyId: route.emergency_id, whatsapp, client });
    if (client.counted !== 'none') {
      const open = await openClaimCounts(trx.db, route.emergency_id, whatsapp, clientHash);
      const byNumber = open.whatsapp >= MAX_OPEN_CLAIMS_PER_WHATSAPP;
      if (byNumber || (client.counted === 'all' && open.address >= MAX_OPEN_CLAIMS_PER_ADDRESS)) {
        const limit = byNumber ? MAX_OPEN_CLAIMS_PER_WHATSAPP : MAX_OPEN_CLAIMS_PER_ADDRESS;
        throw new AppError('too_many_open_claims', [
          detail(byNumber ? 'contactWhatsapp' : 'client', 'open_claims', {
            code: byNumber ? 'open_claims_per_whatsapp' : 'open_claims_per_address',
            limit,
          }),
        ]);
      }
    }
    const now = ctx.now().toISOString();
    const row: RouteClaimRow = {
      id: newRowId(ctx.now().getTime()),
      operation_id: route.id,
      emergency_id: route.emergency_id,
      code_hash: claimCodeHash(code),
      contact_name: input.contactName,
      contact_whatsapp: whatsapp,
      vehicle: input.vehicle ?? null,
      available_when: input.when,
      client_hash: clientHash,
      status: 'pending',
      created_at: now,
      updated_at: now,
      decided_at: null,
      decided_by: null,
      personal_data_erased_at: null,
    };
    await insertRouteClaim(trx.db, row);
    // The audit names the claim, never its contact.
    await audit(trx.db, {
      actor: 'public',
      action: 'route_claimed',
      targetType: 'logistics_operation',
      targetId: route.id,
      details: { claim: row.id },
      at: now,
    });
    const result: RouteClaimResult = { ok: true, code, claim: presentRouteClaim(row, route), message: CLAIM_THANKS };
    await complete?.(trx.db, 202, result);
    return result;
  });
}
