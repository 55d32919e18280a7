// A leader's digest of an emergency: what needs a nudge today. Open pledges past their date, deliveries reported
// DELIVERY_CONFIRM_HOURS ago that nobody confirmed (entregas por confirmar), routes in progress
// untouched for 24 hours, offers to take a route waiting a day for an answer, and needs about to expire (por
// confirmar) or expired, the most urgent first. The same
// for the console's page and `ayuda digest`.
import type { Context } from '../context.ts';
import { confirmationDeadlines } from '../domain/confirmation.ts';
import { QUIET_ROUTE_HOURS } from '../domain/quiet-routes.ts';
import { overduePledges, recordsToConfirm, staleRoutes, unconfirmedDeliveries } from '../repositories/digest.ts';
import { waitingClaims } from '../repositories/route-claims.ts';
import { type DayFigures, type ReviewStats, reviewHistory, reviewStats } from './review-stats.ts';

/** Routes untouched this long are listed: quiet routes (domain/quiet-routes.ts). */
export const STALE_ROUTE_HOURS = QUIET_ROUTE_HOURS;

const URGENCY_ORDER: Record<string, number> = { urgent: 0, needed: 1, stable: 2 };
const byUrgency = (a: { urgency: string }, b: { urgency: string }) =>
  (URGENCY_ORDER[a.urgency] ?? 3) - (URGENCY_ORDER[b.urgency] ?? 3);

export interface DigestRecord {
  id: string;
  type: 'request' | 'offer';
  title: string;
  urgency: string;
  centre: boolean;
  confirmedAt: string | null;
  /** When it turns (or turned) expired. */
  expiresAt: string | null;
}

/** A pledge on the digest: its request, how much (pledged, or reported delivered) and who, privately. */
export interface DigestPledge {
  id: string;
  helpId: string;
  title: string;
  urgency: string;
  quantity: number | null;
  unit: string | null;
  name: string;
  whatsapp: string;
}

/** The fields every pledge on the digest shares, from its row. */
function digestPledge(
  row: {
    id: string;
    help_id: string;
    title: string;
    urgency: string;
    unit: string | null;
    contact_name: string;
    contact_whatsapp: string;
  },
  quantity: number | null,
): DigestPledge {
  return {
    id: row.id,
    helpId: row.help_id,
    title: row.title,
    urgency: row.urgency,
    quantity,
    unit: row.unit,
    name: row.contact_name,
    whatsapp: row.contact_whatsapp,
  };
}

export interface Digest {
  generatedAt: string;
  overduePledges: (DigestPledge & { deliverBy: string; expiresAt: string })[];
  /** Deliveries the pledger or volunteer reported DELIVERY_CONFIRM_HOURS ago or more, still unconfirmed. */
  unconfirmedDeliveries: (DigestPledge & { reportedAt: string })[];
  staleRoutes: { id: string; title: string; status: string; updatedAt: string; volunteerContact: string | null }[];
  /** Offers to take a route that have waited a day for an answer. */
  waitingClaims: {
    id: string;
    routeId: string;
    routeTitle: string;
    name: string;
    whatsapp: string;
    vehicle: string | null;
    when: string;
    createdAt: string;
  }[];
  toConfirm: DigestRecord[];
  expired: DigestRecord[];
  /** Where the review backlog stands (queries/review-stats.ts): figures and one title, nothing personal. */
  review: ReviewStats;
  /** The last days, oldest first: new submissions waiting at each day's end and the day's decisions. */
  reviewDays: DayFigures[];
}

export async function emergencyDigest(
  ctx: Context,
  emergencyId: string,
  /** A scoped leader's places: narrows the records to confirm and the expired ones (the rest is the emergency's). */
  places?: readonly string[] | null,
): Promise<Digest> {
  const now = ctx.now();
  const before = new Date(now.getTime() - STALE_ROUTE_HOURS * 3_600_000).toISOString();
  const reportedBefore = new Date(now.getTime() - ctx.config.deliveryConfirmHours * 3_600_000).toISOString();
  const [pledges, reported, routes, claims, confirmations, review, reviewDays] = await Promise.all([
    overduePledges(ctx.db, emergencyId, now.toISOString()),
    unconfirmedDeliveries(ctx.db, emergencyId, reportedBefore),
    staleRoutes(ctx.db, emergencyId, before),
    waitingClaims(ctx.db, emergencyId, before),
    confirmationDigest(ctx, emergencyId, places),
    reviewStats(ctx, emergencyId),
    reviewHistory(ctx, emergencyId),
  ]);
  // The sort is stable: within an urgency, the order of the query (oldest first) stays.
  return {
    generatedAt: now.toISOString(),
    overduePledges: [...pledges].sort(byUrgency).map((p) => ({
      ...digestPledge(p, p.quantity),
      deliverBy: p.deliver_by,
      expiresAt: p.expires_at,
    })),
    unconfirmedDeliveries: [...reported]
      .sort(byUrgency)
      .map((p) => ({ ...digestPledge(p, p.delivered_quantity), reportedAt: p.reported_at ?? '' })),
    staleRoutes: routes.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      updatedAt: r.updated_at,
      volunteerContact: r.volunteer_contact,
    })),
    waitingClaims: claims.map((c) => ({
      id: c.id,
      routeId: c.operation_id,
      routeTitle: c.route_title,
      name: c.contact_name,
      whatsapp: c.contact_whatsapp,
      vehicle: c.vehicle,
      when: c.available_when,
      createdAt: c.created_at,
    })),
    ...confirmations,
    review,
    reviewDays,
  };
}

/** The digest's published records waiting for a confirmation and those expired for it: the por-confirmar page. */
export async function confirmationDigest(
  ctx: Context,
  emergencyId: string,
  places?: readonly string[] | null,
): Promise<Pick<Digest, 'toConfirm' | 'expired'>> {
  const records = await recordsToConfirm(ctx.db, emergencyId, ['to_confirm', 'expired'], places);
  const record = (row: (typeof records)[number]): DigestRecord => ({
    id: row.id,
    type: row.type,
    title: row.title,
    urgency: row.urgency,
    centre: row.collection_center_status !== null,
    confirmedAt: row.confirmed_at,
    expiresAt: row.confirmed_at ? confirmationDeadlines(row.confirmed_at, ctx.config).expiresAt : null,
  });
  return {
    toConfirm: records
      .filter((r) => r.confirmation_state === 'to_confirm')
      .sort(byUrgency)
      .map(record),
    expired: records
      .filter((r) => r.confirmation_state === 'expired')
      .sort(byUrgency)
      .map(record),
  };
}
