// A likely-duplicate cluster, as a flood makes them: a published request for water, and the same person writing
// again twice from the same WhatsApp, a few metres away, while the first waited. The inbox shows the two together
// and the leader can join them to the published one ("Unir a esta publicación") instead of rejecting a real need.
import { approveSubmission } from '../commands/approve-submission.ts';
import { submitHelp } from '../commands/submit-help.ts';
import type { Context } from '../context.ts';
import { helpSubmission } from '../schemas/submission.ts';
import { DEMO_ACTOR, demoEmergency } from './demo-data.ts';
import { mobileNumber } from './mobile-blocks.ts';

const MINUTE_MS = 60_000;

const base = {
  type: 'request',
  source: 'demo',
  emergencySlug: demoEmergency.slug,
  category: 'agua',
  urgency: 'urgent',
  contactName: 'Luz Dary Chindoy',
  neighborhood: 'Los Pinos',
  address: 'Calle 4 con carrera 9, Los Pinos',
  publishContact: true,
  municipalityCode: '86001',
} as const;

const copies = [
  {
    externalId: 'demo-duplicado-agua-1',
    title: 'Agua potable para la cuadra de Los Pinos',
    description: 'Doce familias de la cuadra sin agua desde la creciente; los niños ya se enferman.',
    latitude: 1.1541,
    longitude: -76.6442,
  },
  {
    externalId: 'demo-duplicado-agua-2',
    title: 'Necesitamos agua en Los Pinos',
    description: 'Otra vez: seguimos sin agua potable en la cuadra, somos doce familias.',
    latitude: 1.1543,
    longitude: -76.644,
  },
  {
    externalId: 'demo-duplicado-agua-3',
    title: 'Agua para 12 familias Los Pinos urgente',
    description: 'Escribo de nuevo por el agua de la cuadra de Los Pinos.',
    latitude: 1.1539,
    longitude: -76.6443,
  },
] as const;

/** The first copy published `startMinutesAgo`, then two more waiting; returns how many wait. */
export async function seedDemoDuplicates(ctx: Context, startMinutesAgo: number): Promise<number> {
  let clock = ctx.now().getTime() - startMinutesAgo * MINUTE_MS;
  const past: Context = { ...ctx, now: () => new Date(clock) };
  const contactWhatsapp = mobileNumber(322, 5_559_300);
  for (const [i, copy] of copies.entries()) {
    const { result } = await submitHelp(past, helpSubmission.parse({ ...base, ...copy, contactWhatsapp }));
    clock += 15 * MINUTE_MS;
    if (i === 0) await approveSubmission(past, result.id, DEMO_ACTOR);
    clock += 25 * MINUTE_MS;
  }
  return copies.length - 1;
}
