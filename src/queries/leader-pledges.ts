// Pledges as the emergency's leaders (the console) and the server's operator (the CLI) see them: with the
// pledger's name and WhatsApp, which no public read ever shows.
import type { Context } from '../context.ts';
import type { PledgeStatus } from '../db/types.ts';
import { HELPER_WINDOW_HOURS } from '../domain/helper-caps.ts';
import { isOverduePledge } from '../domain/pledge-overdue.ts';
import { holdingStatuses, isHolding, pledgeStatuses } from '../domain/pledges.ts';
import { sameUnit } from '../domain/units.ts';
import { findById } from '../repositories/help-records/records.ts';
import {
  type EmergencyPledgeRow,
  findPledge,
  type PledgeRow,
  pledgesOfEmergency,
  pledgesOfRecord,
} from '../repositories/pledges.ts';
import { openPledgeWindowsOfRecord, openWindowsOfEmergency, type UndoWindowRow } from '../repositories/undo-windows.ts';

/** One pledge for leaders; plain data with camelCase names, so it is also what `--json` prints. */
export interface LeaderPledge {
  id: string;
  helpId: string;
  helpTitle: string;
  status: PledgeStatus;
  /** null when the request has no quantity ("llevaré algo"). */
  quantity: number | null;
  /** What was delivered, in `unit` (delivered, reported or disputed pledges). */
  deliveredQuantity: number | null;
  /** The unit the pledge and its delivery are in. */
  unit: string | null;
  /** The request's unit, in which covered is counted. */
  requestUnit: string | null;
  /**
   * A delivery in another unit than the request's: what a leader said it is worth in the request's unit, or null
   * while nobody converted it (then it adds nothing to covered). Always null for one in the request's unit.
   */
  convertedQuantity: number | null;
  /** Delivered (or reported) in another unit than the request's: it counts only once a leader converts it. */
  otherUnit: boolean;
  deliverBy: string;
  expiresAt: string;
  createdAt: string;
  closedAt: string | null;
  closedBy: string | null;
  /** null once the pledger's personal data was erased. */
  contactName: string | null;
  contactWhatsapp: string | null;
  /** The client address's per-emergency hash (never the address); null when the pledge came without one. */
  clientHash: string | null;
  /** Open and its promised date has passed: the console marks it «Atrasado». */
  overdue: boolean;
  /** Cancelled by a leader moments ago: until when «Deshacer» can still put it back; null otherwise. */
  undoUntil: string | null;
}

/** What the list needs to know at the time it is read: now, and the cancellations that can still be undone. */
interface ReadMoment {
  now: string;
  undo: ReadonlyMap<string, string>;
}

/** Pledge id -> until when its cancellation can be undone, for the windows not yet run out. */
function undoMap(windows: readonly UndoWindowRow[], now: string): Map<string, string> {
  return new Map(windows.filter((w) => w.until > now).map((w) => [w.target_id, w.until]));
}

/**
 * The order leaders work in: deliveries waiting for their confirmation first, then what is still on its way, then
 * what needs a look, then what is settled.
 */
const statusOrder: Record<PledgeStatus, number> = {
  reported: 0,
  open: 1,
  delivered: 2,
  disputed: 3,
  expired: 4,
  cancelled: 5,
};

/** Every status, in the order leaders work in (the console's filters list them so). */
export const pledgeStatusesInWorkOrder: readonly PledgeStatus[] = [...pledgeStatuses].sort(
  (a, b) => statusOrder[a] - statusOrder[b],
);

export function isPledgeStatus(value: unknown): value is PledgeStatus {
  return typeof value === 'string' && (pledgeStatuses as readonly string[]).includes(value);
}

function toLeaderPledge(
  row: PledgeRow,
  request: { title: string; unit: string | null },
  moment: ReadMoment,
): LeaderPledge {
  return {
    id: row.id,
    helpId: row.help_id,
    helpTitle: request.title,
    status: row.status,
    quantity: row.quantity,
    deliveredQuantity: row.delivered_quantity,
    unit: row.unit ?? request.unit,
    requestUnit: request.unit,
    convertedQuantity: row.converted_quantity,
    otherUnit: !sameUnit(row.unit, request.unit),
    deliverBy: row.deliver_by,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    closedAt: row.closed_at,
    closedBy: row.closed_by,
    contactName: row.contact_name || null,
    contactWhatsapp: row.contact_whatsapp || null,
    clientHash: row.client_hash || null,
    // The one rule of the digest and the review stats (domain/pledge-overdue.ts).
    overdue: isOverduePledge({ status: row.status, deliverBy: row.deliver_by }, new Date(moment.now)),
    undoUntil: row.status === 'cancelled' ? (moment.undo.get(row.id) ?? null) : null,
  };
}

/** Open first, then by status; newest first within a status. */
function workOrder(a: LeaderPledge, b: LeaderPledge): number {
  return statusOrder[a.status] - statusOrder[b.status] || b.createdAt.localeCompare(a.createdAt);
}

/** A request's pledges, open first. */
export async function leaderPledgesOfRecord(
  ctx: Context,
  request: { id: string; title: string; unit: string | null },
): Promise<LeaderPledge[]> {
  const now = ctx.now().toISOString();
  const [rows, windows] = await Promise.all([
    pledgesOfRecord(ctx.db, request.id),
    openPledgeWindowsOfRecord(ctx.db, request.id),
  ]);
  const moment = { now, undo: undoMap(windows, now) };
  return rows.map((row) => toLeaderPledge(row, request, moment)).sort(workOrder);
}

const fromEmergencyRow = (moment: ReadMoment) => (row: EmergencyPledgeRow) =>
  toLeaderPledge(row, { title: row.title, unit: row.request_unit }, moment);

/**
 * An emergency's pledges in working order; `status` keeps only that one. Open and reported pledges are read apart
 * from the rest, so a long history of settled ones never pushes one still waiting off the list.
 */
export async function leaderPledgesOfEmergency(
  ctx: Context,
  emergencyId: string,
  status?: PledgeStatus,
  limit = 500,
  /** A scoped leader's places (placeScopeIn in queries/console-session.ts); null or absent: the whole emergency. */
  places?: readonly string[] | null,
): Promise<LeaderPledge[]> {
  const now = ctx.now().toISOString();
  const moment = { now, undo: undoMap(await openWindowsOfEmergency(ctx.db, emergencyId, 'pledge'), now) };
  if (status) {
    const rows = await pledgesOfEmergency(ctx.db, emergencyId, { statuses: [status], limit, places });
    return rows.map(fromEmergencyRow(moment));
  }
  const holding: readonly PledgeStatus[] = holdingStatuses;
  const settled = pledgeStatuses.filter((s) => !holding.includes(s));
  const [open, rest] = await Promise.all([
    pledgesOfEmergency(ctx.db, emergencyId, { statuses: [...holding], limit, places }),
    pledgesOfEmergency(ctx.db, emergencyId, { statuses: [...settled], limit, places }),
  ]);
  return [...open, ...rest].map(fromEmergencyRow(moment)).sort(workOrder);
}

/** Several pledges from one number or one client address: how many, how many today, how many still pending. */
export interface PledgeGroup {
  by: 'number' | 'address';
  /** The number, or the address's hash: what "anular todos" names. */
  key: string;
  /** How leaders read it: the number, or "Conexión" and the hash's first characters (the address is never kept). */
  label: string;
  total: number;
  lastDay: number;
  /** Open or reported: what voiding the group would release. */
  holding: number;
}

/** The groups of two or more pledges by number and by address, those still holding the most first. */
export function pledgeGroups(pledges: readonly LeaderPledge[], now: Date): PledgeGroup[] {
  const since = new Date(now.getTime() - HELPER_WINDOW_HOURS * 3_600_000).toISOString();
  const groups = new Map<string, PledgeGroup>();
  const add = (by: PledgeGroup['by'], key: string | null, pledge: LeaderPledge) => {
    if (key === null) return;
    const id = `${by}\0${key}`;
    const label = by === 'number' ? key : `Conexión ${key.slice(0, 8)}`;
    const group = groups.get(id) ?? { by, key, label, total: 0, lastDay: 0, holding: 0 };
    group.total++;
    if (pledge.createdAt >= since) group.lastDay++;
    if (isHolding(pledge.status)) group.holding++;
    groups.set(id, group);
  };
  for (const pledge of pledges) {
    add('number', pledge.contactWhatsapp, pledge);
    add('address', pledge.clientHash, pledge);
  }
  return [...groups.values()]
    .filter((group) => group.total >= 2)
    .sort((a, b) => b.holding - a.holding || b.lastDay - a.lastDay || b.total - a.total || a.key.localeCompare(b.key));
}

/** One pledge of an emergency, as its leaders see it (the confirmation before cancelling); undefined elsewhere. */
export async function leaderPledgeOfEmergency(
  ctx: Context,
  emergencyId: string,
  pledgeId: string,
): Promise<LeaderPledge | undefined> {
  const row = await findPledge(ctx, pledgeId);
  if (!row || row.emergency_id !== emergencyId) return undefined;
  const request = await findById(ctx, row.help_id);
  if (!request) return undefined;
  return (await leaderPledgesOfRecord(ctx, request)).find((p) => p.id === row.id);
}
