// Fills an empty database with the demo emergency through the same commands the API and the leaders use.
import { approveSubmission } from '../commands/approve-submission.ts';
import { refreshConfirmations } from '../commands/confirmation/refresh-confirmations.ts';
import { createEmergency } from '../commands/create-emergency.ts';
import { refreshPriorities } from '../commands/refresh-priorities.ts';
import { rejectSubmission } from '../commands/reject-submission.ts';
import { setCoveredQuantity } from '../commands/set-covered-quantity.ts';
import { setEmergencyContact } from '../commands/set-emergency-contact.ts';
import { setRecordStatus } from '../commands/set-record-status.ts';
import { submitHelp } from '../commands/submit-help.ts';
import type { Context } from '../context.ts';
import { findEmergencyBySlug } from '../repositories/emergencies.ts';
import { helpSubmission } from '../schemas/submission.ts';
import { seedDemoConversation } from './demo-conversation.ts';
import { DEMO_ACTOR, type DemoEntry, demoPlan } from './demo-data.ts';
import { seedDemoDuplicates } from './demo-duplicates.ts';
import { seedDemoNumberProof } from './demo-number-proof.ts';
import { seedDemoOperations } from './demo-operations.ts';
import { seedDemoClaims, seedDemoPledges } from './demo-pledges.ts';
import { seedDemoTrustedSource } from './demo-trusted-source.ts';

export interface DemoSummary {
  emergencySlug: string;
  approved: number;
  pending: number;
  rejected: number;
}

interface Step {
  at: number;
  order: number;
  run: () => Promise<unknown>;
}

const MINUTE_MS = 60_000;

/**
 * Who answers for the demo's data, clearly not a real organisation: `ayuda demo` sets it unless DATA_CONTROLLER_NAME
 * or DATA_CONTROLLER_CONTACT say otherwise, so /privacidad shows a controller as a real instance would.
 */
export const DEMO_CONTROLLER = {
  name: 'Organización de demostración de Ayuda Directa (ficticia, no atiende solicitudes reales)',
  contact: 'privacidad@demo.ayuda-directa.example (dirección de demostración)',
} as const;

/** The demo emergency's public contact, as its admins would set it: visibly fictitious, a number that rings nowhere. */
export const DEMO_TEAM_CONTACT =
  'Puesto de mando de demostración (ficticio) · WhatsApp 310 555 0100 · equipo@demo.ayuda-directa.example';

/** The demo's settings for the data controller, each only where the environment gives none. */
export function demoControllerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    DATA_CONTROLLER_NAME: env.DATA_CONTROLLER_NAME?.trim() || DEMO_CONTROLLER.name,
    DATA_CONTROLLER_CONTACT: env.DATA_CONTROLLER_CONTACT?.trim() || DEMO_CONTROLLER.contact,
  };
}

/** Gives the demo emergency its team contact when it has none (a demo database seeded before it had one). */
export async function ensureDemoTeamContact(ctx: Context, slug: string): Promise<void> {
  const emergency = await findEmergencyBySlug(ctx.db, slug);
  if (emergency && emergency.public_contact === null)
    await setEmergencyContact(ctx, slug, DEMO_TEAM_CONTACT, DEMO_ACTOR);
}

export async function seedDemo(ctx: Context): Promise<DemoSummary> {
  const reference = ctx.now();
  const plan = demoPlan(reference);
  if (await findEmergencyBySlug(ctx.db, plan.emergency.slug)) {
    throw new Error(`La emergencia de demostración "${plan.emergency.slug}" ya existe; use una base de datos vacía.`);
  }
  // The clock walks through the last days so timelines, waiting times and review delays look lived in.
  let clock = reference.getTime() - plan.emergencyCreatedMinutesAgo * MINUTE_MS;
  const past: Context = { ...ctx, now: () => new Date(clock) };
  const at = (minutesAgo: number) => reference.getTime() - minutesAgo * MINUTE_MS;

  const emergency = await createEmergency(past, plan.emergency, DEMO_ACTOR);
  // People who lost a code, or want their data erased, have someone to ask from the first minute.
  await setEmergencyContact(past, emergency.slug, DEMO_TEAM_CONTACT, DEMO_ACTOR);

  const steps: Step[] = [];
  const summary: DemoSummary = { emergencySlug: plan.emergency.slug, approved: 0, pending: 0, rejected: 0 };
  for (const entry of plan.entries) {
    steps.push(...entrySteps(past, entry, at, steps.length));
    if (entry.review === null) summary.pending++;
    else if (entry.review.decision === 'approve') summary.approved++;
    else summary.rejected++;
  }
  steps.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const step of steps) {
    clock = step.at;
    await step.run();
  }
  // Scores were computed at each step's past time; bring them to the present.
  await refreshPriorities(ctx);
  await seedDemoOperations(ctx, emergency);
  await seedDemoPledges(ctx, emergency);
  await seedDemoClaims(ctx, emergency);
  // Two hours ago, someone without WhatsApp asked for water by SMS.
  await seedDemoConversation(ctx, 120);
  summary.approved++;
  // Three hours ago, someone sent the web form asking for notices, and proved her number with the code.
  await seedDemoNumberProof(ctx, 180);
  summary.approved++;
  // Five hours ago an admin trusted the Defensa Civil's integration; two of its requests wait in the trusted lane.
  summary.pending += await seedDemoTrustedSource(ctx, 300);
  // Four hours ago a request for water was published; its sender wrote twice more: a cluster to join.
  summary.pending += await seedDemoDuplicates(ctx, 240);
  summary.approved++;
  // Records nobody has touched for three days are "por confirmar", as they would be in a real response.
  await refreshConfirmations(ctx);
  return summary;
}

/** The commands for one entry, each at its own time; later steps read the id the submission got. */
function entrySteps(ctx: Context, entry: DemoEntry, at: (minutesAgo: number) => number, order: number): Step[] {
  const submission = helpSubmission.parse(entry.submission);
  let id = '';
  const steps: Step[] = [
    {
      at: at(entry.submittedMinutesAgo),
      order,
      run: async () => {
        id = (await submitHelp(ctx, submission)).result.id;
      },
    },
  ];
  const { review } = entry;
  if (review) {
    steps.push({
      at: at(review.minutesAgo),
      order: order + 1,
      run: () =>
        review.decision === 'approve'
          ? approveSubmission(ctx, id, DEMO_ACTOR)
          : rejectSubmission(ctx, id, DEMO_ACTOR, review.reason),
    });
  }
  entry.followUps.forEach((step, i) => {
    steps.push({
      at: at(step.minutesAgo),
      order: order + 2 + i,
      run: () =>
        step.kind === 'coverage'
          ? setCoveredQuantity(ctx, id, step.quantity, DEMO_ACTOR, step.note)
          : setRecordStatus(ctx, id, step.status, DEMO_ACTOR, step.note),
    });
  });
  return steps;
}
