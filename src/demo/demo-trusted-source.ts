// A registered integration the demo's admin trusts (the Defensa Civil's own intake app, say), and two of its
// requests waiting for review: a newcomer sees the inbox's "Fuente confiable" lane, and that trust publishes
// nothing by itself. Registered and trusted through the same commands the CLI and the console use; its key is
// thrown away (the admin can give it a new one on the integrations page, which ends the trust).
import { addSource } from '../commands/source-registration.ts';
import { trustSource } from '../commands/source-trust.ts';
import { submitHelp } from '../commands/submit-help.ts';
import type { Context } from '../context.ts';
import { helpSubmission } from '../schemas/submission.ts';
import { DEMO_ACTOR, demoEmergency } from './demo-data.ts';
import { mobileNumber } from './mobile-blocks.ts';

const MINUTE_MS = 60_000;

export const DEMO_TRUSTED_SOURCE = 'defensa-civil-mocoa';

const requests = [
  {
    externalId: 'dc-mocoa-0412',
    title: 'Carpas para seis familias en el polideportivo',
    description: 'Censo de la Defensa Civil: seis familias duermen a la intemperie junto al polideportivo.',
    category: 'refugio',
    urgency: 'urgent',
    resourceLabel: 'Carpas familiares',
    quantityRequired: 6,
    unit: 'carpas',
    contactName: 'Wilson Jamioy',
    neighborhood: 'San Agustín',
    address: 'Polideportivo del barrio San Agustín',
  },
  {
    externalId: 'dc-mocoa-0415',
    title: 'Kits de aseo para el albergue de la escuela',
    description: 'El albergue de la escuela recibe 40 personas más esta noche y no tiene kits de aseo.',
    category: 'higiene',
    urgency: 'needed',
    resourceLabel: 'Kits de aseo personal',
    quantityRequired: 40,
    unit: 'kits',
    contactName: 'Marleny Tisoy',
    neighborhood: 'El Progreso',
    address: 'Escuela del barrio El Progreso',
  },
] as const;

/** Registers and trusts the integration `startMinutesAgo`, then its requests arrive; returns how many wait. */
export async function seedDemoTrustedSource(ctx: Context, startMinutesAgo: number): Promise<number> {
  let clock = ctx.now().getTime() - startMinutesAgo * MINUTE_MS;
  const past: Context = { ...ctx, now: () => new Date(clock) };
  const { key } = await addSource(past, DEMO_TRUSTED_SOURCE, DEMO_ACTOR);
  clock += 5 * MINUTE_MS;
  await trustSource(past, DEMO_TRUSTED_SOURCE, DEMO_ACTOR);
  for (const [i, request] of requests.entries()) {
    clock += 20 * MINUTE_MS;
    const submission = helpSubmission.parse({
      type: 'request',
      source: DEMO_TRUSTED_SOURCE,
      emergencySlug: demoEmergency.slug,
      ...request,
      contactWhatsapp: mobileNumber(322, 5_559_200 + i),
      publishContact: true,
      municipalityCode: '86001',
    });
    await submitHelp(past, submission, { credential: key });
  }
  return requests.length;
}
