// A leader opens a logistics route to a published request: validated, placed, stored as available, made public.
import { randomUUID } from 'node:crypto';
import type { Actor, Context } from '../context.ts';
import type { Store } from '../db/store.ts';
import { distanceKm, roundKm } from '../domain/distance.ts';
import { AppError, detail, type Lang } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { findEmergencyBySlug } from '../repositories/emergencies.ts';
import { findById, type HelpRow, updateRecord } from '../repositories/help-records/records.ts';
import { insertLogisticsOperation, type LogisticsRow } from '../repositories/logistics.ts';
import {
  type LogisticsOperationInput,
  logisticsInputDetails,
  logisticsOperationInput,
} from '../schemas/logistics-input.ts';
import { writePublic } from './write-public.ts';

interface Place {
  address: string;
  latitude: number;
  longitude: number;
}

/** Only an approved, open request of this emergency with a place can receive a route. */
function isRouteDestination(record: HelpRow | undefined, emergencyId: string): record is HelpRow {
  return (
    record !== undefined &&
    record.emergency_id === emergencyId &&
    record.type === 'request' &&
    record.review_status === 'approved' &&
    record.status !== 'completed' &&
    record.latitude !== null &&
    record.longitude !== null
  );
}

async function pickupPlace(trx: Store, input: LogisticsOperationInput, emergencyId: string): Promise<Place> {
  if (input.pickupHelpId === undefined) {
    return {
      address: input.pickupAddress as string,
      latitude: input.pickupLatitude as number,
      longitude: input.pickupLongitude as number,
    };
  }
  const centre = await findById(trx, input.pickupHelpId);
  if (
    !centre ||
    centre.emergency_id !== emergencyId ||
    centre.type !== 'offer' ||
    centre.review_status !== 'approved' ||
    centre.latitude === null ||
    centre.longitude === null
  ) {
    throw new AppError('validation_failed', [
      {
        field: 'pickupHelpId',
        message: 'Debe ser un ofrecimiento o centro de acopio publicado de esta emergencia, con ubicación.',
        code: 'not_a_published_offer',
      },
    ]);
  }
  // An offer's address is optional; its title then names the place.
  return { address: centre.address ?? centre.title, latitude: centre.latitude, longitude: centre.longitude };
}

/** Empty optional text means "not given". */
const orNull = (value: string | undefined) => (value ? value : null);

export async function createLogisticsOperation(
  ctx: Context,
  raw: unknown,
  actor: Actor,
  lang: Lang = 'es',
): Promise<LogisticsRow> {
  const parsed = logisticsOperationInput.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('validation_failed', logisticsInputDetails(parsed.error.issues, lang, raw));
  }
  const input = parsed.data;
  const emergency = await findEmergencyBySlug(ctx.db, input.emergencySlug);
  if (!emergency) {
    throw new AppError('unknown_emergency', [
      detail('emergencySlug', 'unknown_emergency', { value: input.emergencySlug }),
    ]);
  }
  if (emergency.status !== 'active') {
    throw new AppError('emergency_closed', [
      detail('emergencySlug', 'emergency_closed', { value: input.emergencySlug }),
    ]);
  }
  const row = await writePublic(ctx, async (trx) => {
    // Locked so the destination cannot be closed or moved while its route is being written.
    const destination = await findById(trx, input.destinationHelpId, true);
    if (!isRouteDestination(destination, emergency.id)) {
      throw new AppError('not_a_published_request', [
        detail('destinationHelpId', 'not_a_published_request', { value: input.destinationHelpId }),
      ]);
    }
    const pickup = await pickupPlace(trx, input, emergency.id);
    const now = ctx.now().toISOString();
    const stored = await insertLogisticsOperation(trx.db, {
      id: randomUUID(),
      emergency_id: emergency.id,
      destination_help_id: destination.id,
      title: input.title,
      supply_description: input.supplyDescription,
      quantity_label: orNull(input.quantityLabel),
      pickup_address: pickup.address,
      pickup_latitude: pickup.latitude,
      pickup_longitude: pickup.longitude,
      pickup_help_id: input.pickupHelpId ?? null,
      distance_km: roundKm(
        distanceKm(pickup.latitude, pickup.longitude, destination.latitude as number, destination.longitude as number),
      ),
      route_conditions: orNull(input.routeConditions),
      volunteer_contact: orNull(input.volunteerContact),
      status: 'available',
      created_at: now,
      updated_at: now,
    });
    // The destination's PublicHelp counts its available routes; a new change number drops every cached copy.
    await updateRecord(trx, destination.id, { updated_at: now });
    await audit(trx.db, {
      actor,
      action: 'logistics_created',
      targetType: 'logistics_operation',
      targetId: stored.id,
      details: { destinationHelpId: destination.id, pickupHelpId: stored.pickup_help_id },
      at: now,
    });
    return stored;
  });
  return row;
}
