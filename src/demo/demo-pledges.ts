// The demo's pledges ("voy a llevar"): some on their way, one delivered in part (confirmed by a leader), one whose
// pledger reported the delivery two and a half days ago and nobody confirmed (still reserved, not covered: it is on
// the leaders' digest), one cancelled, and two from one company's phone (grouped in the leaders' list), so a newcomer
// sees committed and uncommitted beside covered at once; and volunteers' offers to take the available routes, one
// waiting for the leaders. Through the same commands the API and the leaders use.
import { pledgeHelp } from '../commands/pledges/make-pledge.ts';
import { settleByCode, settleById } from '../commands/pledges/settle-pledge.ts';
import { claimRoute } from '../commands/route-claims/claim-route.ts';
import type { Context } from '../context.ts';
import type { EmergencyRow } from '../repositories/emergencies.ts';
import { leaderRecords } from '../repositories/help-records/leaders.ts';
import { availableRoutes } from '../repositories/logistics.ts';
import { pledgesOfRecord } from '../repositories/pledges.ts';
import { DEMO_ACTOR } from './demo-data.ts';

interface DemoPledge {
  /** Share of the request's pending quantity pledged (rounded up to a whole unit). */
  share: number;
  name: string;
  whatsapp: string;
  hoursAgo: number;
  within: number;
  /** deliver and cancel: a leader's; report: the pledger's own "entregado", with the code. */
  after?: { action: 'deliver' | 'cancel' | 'report'; share?: number; hoursAgo: number };
  /** The plan's entry whose connection this one shares (the console groups pledges by number and by address). */
  sameClientAs?: number;
}

/** Fictional numbers (the 300 555 01xx block is never assigned). */
const plan: DemoPledge[] = [
  { share: 0.5, name: 'Parroquia San Miguel', whatsapp: '+573005550120', hoursAgo: 20, within: 48 },
  {
    share: 0.4,
    name: 'Familia Rosero',
    whatsapp: '+573005550121',
    hoursAgo: 30,
    within: 24,
    after: { action: 'deliver', share: 0.75, hoursAgo: 8 },
  },
  { share: 0.3, name: 'Junta de Acción Comunal', whatsapp: '+573005550122', hoursAgo: 6, within: 24 },
  {
    share: 0.25,
    name: 'Colegio Pío XII',
    whatsapp: '+573005550123',
    hoursAgo: 12,
    within: 72,
    after: { action: 'cancel', hoursAgo: 3 },
  },
  { share: 0.6, name: 'Transportes del Sur', whatsapp: '+573005550124', hoursAgo: 2, within: 12 },
  {
    share: 0.35,
    name: 'Supermercado La Economía',
    whatsapp: '+573005550125',
    hoursAgo: 70,
    within: 24,
    after: { action: 'report', hoursAgo: 60 },
  },
  // The transport company pledges to a second need from the same phone and office: the leaders' pledge list shows
  // its number's and its connection's pledges together, with "Anular todos".
  { share: 0.3, name: 'Transportes del Sur', whatsapp: '+573005550124', hoursAgo: 1, within: 12, sameClientAs: 4 },
  // Promised for 18 hours ago and still open (it expires 24 hours after its date): the leaders' list marks it
  // «Atrasado», and the digest lists it.
  { share: 0.2, name: 'Ferretería El Progreso', whatsapp: '+573005550126', hoursAgo: 30, within: 12 },
];

export async function seedDemoPledges(ctx: Context, emergency: EmergencyRow): Promise<number> {
  const reference = ctx.now().getTime();
  const at = (hoursAgo: number): Context => ({ ...ctx, now: () => new Date(reference - hoursAgo * 3_600_000) });
  const { rows } = await leaderRecords(
    ctx.db,
    emergency.id,
    { reviewStatus: 'approved', type: 'request', status: 'active' },
    { limit: 200, offset: 0 },
  );
  const open = rows
    .filter((r) => r.quantity_pending !== null && r.quantity_pending >= 4)
    .sort((a, b) => b.priority_score - a.priority_score || a.id.localeCompare(b.id));
  let made = 0;
  for (const [i, step] of plan.entries()) {
    const record = open[i];
    if (!record) break;
    const quantity = Math.max(1, Math.ceil((record.quantity_pending ?? 0) * step.share));
    const { code } = await pledgeHelp(
      at(step.hoursAgo),
      record.id,
      { quantity, deliverWithinHours: step.within, contactName: step.name, contactWhatsapp: step.whatsapp },
      { scope: `demo-${step.sameClientAs ?? i}`, counted: 'all' },
    );
    made++;
    if (!step.after) continue;
    if (step.after.action === 'report') {
      await settleByCode(at(step.after.hoursAgo), code, 'deliver');
      continue;
    }
    // This step's own pledge: the request may hold others (a route's delivery) made later.
    const pledge = (await pledgesOfRecord(ctx.db, record.id)).find((p) => p.contact_whatsapp === step.whatsapp);
    if (!pledge) continue;
    const delivered = step.after.share ? Math.max(1, Math.floor(quantity * step.after.share)) : undefined;
    await settleById(at(step.after.hoursAgo), pledge.id, emergency.id, step.after.action, DEMO_ACTOR, delivered);
  }
  return made;
}

/** Fictional volunteers offering to take the available routes; the leaders decide in the console. */
const volunteers = [
  { contactName: 'Wilson Chindoy', contactWhatsapp: '+573005550130', vehicle: 'Camioneta 4x4', when: 'Hoy a las 3 pm' },
  { contactName: 'Nubia Jamioy', contactWhatsapp: '+573005550131', vehicle: 'Moto', when: 'Mañana temprano' },
];

export async function seedDemoClaims(ctx: Context, emergency: EmergencyRow): Promise<number> {
  const routes = await availableRoutes(ctx.db, emergency.id);
  let made = 0;
  for (const [i, volunteer] of volunteers.entries()) {
    const route = routes[i];
    if (!route) break;
    await claimRoute(ctx, route.id, volunteer, { scope: `demo-claim-${i}`, counted: 'all' });
    made++;
  }
  return made;
}
