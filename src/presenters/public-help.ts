// Row -> PublicHelp. Copies allowed fields one by one: nothing private can slip through a spread.
import { categoryLabel } from '../domain/categories.ts';
import { coveredFraction, operationalStatus, pendingQuantity } from '../domain/coverage.ts';
import { roundKm } from '../domain/distance.ts';
import {
  type Municipality,
  municipalityByCode,
  municipalityLabel,
  nearestMunicipality,
} from '../domain/municipalities.ts';
import { formatAmount } from '../domain/number-format.ts';
import { whatsappUrl } from '../domain/phone.ts';
import { uncommittedQuantity } from '../domain/pledges.ts';
import { isApproximate, type Precision, publicPoint } from '../domain/public-place.ts';
import { type CollectionCenterStatus, collectionCenterStatusLabels, type RecordStatus } from '../domain/statuses.ts';
import type { PublicHelpRow } from '../repositories/help-records/public.ts';
import type { TimelineRow } from '../repositories/timeline.ts';
import type { PublicHelp, TimelineItem } from '../schemas/public-help.ts';
import { urls } from './urls.ts';

const TEAM = 'Equipo de la emergencia';

const timelineLabels: Record<TimelineItem['kind'], string> = {
  submitted: 'Recibida',
  approved: 'Verificada y publicada por el equipo de la emergencia',
  revision_approved: 'Cambios verificados por el equipo de la emergencia',
  status_changed: 'Cambio de estado',
  coverage_updated: 'Cantidad cubierta actualizada',
  pledged: 'Alguien se comprometió a llevar ayuda',
  pledge_reported: 'Entregado según quien lo llevó, sin confirmar',
  pledge_delivered: 'Se confirmó una entrega comprometida',
  pledge_released: 'Un compromiso se liberó',
  pledge_disputed: 'Una entrega se marcó como no recibida',
};

export interface PresentOptions {
  baseUrl: string;
  timeline: TimelineRow[];
  availableRoutes: number;
  distanceKm?: number | null;
}

/** "20 bidones", "20" without a unit; null without a quantity. */
function amount(quantity: number | null | undefined, unit: string | null): string | null {
  if (quantity === null || quantity === undefined) return null;
  return formatAmount(quantity, unit);
}

/** A delivery in another unit than the request's, which no leader converted when the event was written. */
const UNCONVERTED = 'sin convertir';

/** A pledge event's label says how much, never who: "Alguien se comprometió a llevar 20 bidones". */
function pledgeLabel(kind: TimelineItem['kind'], what: string | null): string | null {
  switch (kind) {
    case 'pledged':
      return what ? `Alguien se comprometió a llevar ${what}` : 'Alguien se comprometió a llevar ayuda';
    case 'pledge_reported':
      return what
        ? `Entregado según quien lo llevó, sin confirmar: ${what}`
        : 'Entregado según quien lo llevó, sin confirmar';
    case 'pledge_delivered':
      return what ? `Se confirmó la entrega de ${what} comprometidos` : 'Se confirmó una entrega comprometida';
    case 'pledge_released':
      return what
        ? `Un compromiso de ${what} se liberó (cancelado o vencido)`
        : 'Un compromiso se liberó (cancelado o vencido)';
    case 'pledge_disputed':
      return what ? `Una entrega de ${what} se marcó como no recibida` : 'Una entrega se marcó como no recibida';
    default:
      return null;
  }
}

/**
 * `unit` is the request's. An event whose quantity is in another unit (a delivery of "15 cajas" to a request in
 * kilos) says so: it added nothing to covered until a leader converted it.
 */
export function presentTimelineItem(row: TimelineRow, unit: string | null = null): TimelineItem | null {
  const kind = row.kind as TimelineItem['kind'];
  if (!(kind in timelineLabels) || row.is_public !== 1) return null;
  const otherUnit = row.unit ?? null;
  const what = amount(row.quantity, otherUnit ?? unit);
  return {
    at: row.created_at,
    kind,
    label: pledgeLabel(kind, what && otherUnit ? `${what} (${UNCONVERTED})` : what) ?? timelineLabels[kind],
    note: row.note,
    status: (row.status as RecordStatus | null) ?? null,
    quantity: row.quantity ?? null,
    unit: otherUnit,
  };
}

export function presentPublicHelp(row: PublicHelpRow, options: PresentOptions): PublicHelp {
  const { baseUrl } = options;
  const isRequest = row.type === 'request';
  const pending = pendingQuantity(row.quantity_required, row.quantity_covered);
  const hasPlace = row.latitude !== null && row.longitude !== null;
  const place = publicLocation(row);
  const centreStatus = row.collection_center_status as CollectionCenterStatus | null;
  return {
    id: row.id,
    type: row.type,
    emergency: {
      slug: row.emergency_slug,
      name: row.emergency_name,
      status: row.emergency_status as 'active' | 'closed',
    },
    title: row.title,
    description: row.description,
    category: row.category as PublicHelp['category'],
    categoryLabel: categoryLabel(row.category),
    urgency: row.urgency,
    status: row.status,
    operationalStatus: operationalStatus(row.type, row.status, row.quantity_required, row.quantity_covered),
    priorityScore: row.priority_score,
    location: { ...place, distanceKm: options.distanceKm == null ? null : roundKm(options.distanceKm) },
    contact: {
      name: row.contact_name,
      whatsapp: row.contact_whatsapp,
      whatsappUrl: whatsappUrl(row.contact_whatsapp),
      channel: row.arrived_by ?? 'unknown',
    },
    quantities: isRequest
      ? {
          people: row.people,
          peopleGiven: row.people_given === 1,
          required: row.quantity_required,
          covered: row.quantity_covered,
          pending,
          unit: row.unit,
          coveredFraction: coveredFraction(row.quantity_required, row.quantity_covered),
          committed: row.quantity_committed,
          uncommitted: uncommittedQuantity(pending, row.quantity_committed),
          pledges: row.pledges_open,
        }
      : null,
    resources:
      isRequest && (row.resource_label || row.quantity_required !== null)
        ? [
            {
              label: row.resource_label ?? row.title,
              category: row.category as PublicHelp['category'],
              quantityRequired: row.quantity_required,
              quantityCovered: row.quantity_covered,
              quantityPending: pending,
              unit: row.unit,
            },
          ]
        : [],
    verification: {
      verified: true,
      verifiedBy: TEAM,
      verifiedAt: row.reviewed_at ?? row.published_at,
      method: 'leader_review',
    },
    confirmation: {
      state: row.confirmation_state,
      confirmedAt: row.confirmed_at ?? row.reviewed_at ?? row.published_at,
    },
    logistics: isRequest
      ? {
          deliverable: row.status === 'active' && hasPlace && (pending === null || pending > 0),
          pendingQuantity: pending,
          unit: row.unit,
          needsTransport: null,
          vehicle: null,
          capacityKg: null,
          capacityBoxes: null,
          passengerCapacity: null,
          zones: null,
          availableUntil: null,
          availableRoutes: options.availableRoutes,
        }
      : row.vehicle !== null ||
          row.capacity_kg !== null ||
          row.capacity_boxes !== null ||
          row.passenger_capacity !== null ||
          row.zones !== null ||
          row.available_until !== null ||
          row.needs_transport !== null
        ? {
            deliverable: false,
            pendingQuantity: null,
            unit: null,
            needsTransport: row.needs_transport === null ? null : row.needs_transport === 1,
            vehicle: row.vehicle,
            capacityKg: row.capacity_kg,
            capacityBoxes: row.capacity_boxes,
            passengerCapacity: row.passenger_capacity,
            zones: row.zones,
            availableUntil: row.available_until,
            availableRoutes: 0,
          }
        : null,
    collectionCenter: centreStatus
      ? {
          status: centreStatus,
          statusLabel: collectionCenterStatusLabels[centreStatus],
          inventoryUrl: urls.inventory(baseUrl, row.emergency_slug),
        }
      : null,
    timeline: options.timeline
      .map((event) => presentTimelineItem(event, row.unit))
      .filter((item): item is TimelineItem => item !== null),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publicUrl: urls.help(baseUrl, row.id),
  };
}

/** How close the map link opens: a street, a neighbourhood, or the whole municipality. */
const mapZoom: Record<Precision, number> = { exact: 17, approximate: 16, municipality: 12 };

/**
 * The public place (DESIGN.md): the street and exact point of a request or a person's offer stay with the leaders
 * unless asked otherwise; a collection centre is shown where it is.
 */
export function publicLocation(
  row: Pick<
    PublicHelpRow,
    | 'type'
    | 'exact_location'
    | 'collection_center_status'
    | 'address'
    | 'neighborhood'
    | 'latitude'
    | 'longitude'
    | 'municipality_code'
  >,
): Omit<PublicHelp['location'], 'distanceKm'> {
  const point = publicPoint(row);
  const municipality = placeMunicipality(row.municipality_code, point.latitude, point.longitude);
  return {
    // Checked again here, though the repository already left it unread: the street must never slip out.
    address: isApproximate(row) ? null : row.address,
    neighborhood: row.neighborhood,
    latitude: point.latitude,
    longitude: point.longitude,
    precision: point.precision,
    municipalityCode: municipality?.code ?? null,
    municipality: municipality ? municipalityLabel(municipality) : null,
    mapUrl:
      point.latitude === null || point.longitude === null
        ? null
        : urls.osm(point.latitude, point.longitude, mapZoom[point.precision]),
  };
}

/**
 * The stored municipality; a record stored without one (none should be) gets the nearest to its public point. A
 * record placed only by its municipality has that municipality's point, so it names that municipality.
 */
function placeMunicipality(
  code: string | null,
  latitude: number | null,
  longitude: number | null,
): Municipality | null {
  if (latitude === null || longitude === null) return null;
  return municipalityByCode(code) ?? nearestMunicipality(latitude, longitude);
}
