// priorityScore 0-100: who should be helped first. Documented in the API description (priorityFormula).
import type { HelpType, RecordStatus, Urgency } from './statuses.ts';

export interface PriorityInput {
  type: HelpType;
  status: RecordStatus;
  urgency: Urgency;
  people: number | null;
  quantityRequired: number | null;
  quantityCovered: number;
  publishedAt: string | null;
  collectionCenterStatus: string | null;
}

const URGENCY_POINTS: Record<Urgency, number> = { urgent: 40, needed: 25, stable: 10 };
const WAIT_FULL_HOURS = 72;
/**
 * Waiting counts in steps of this many hours: a score moves at most once per step, so the periodic refresh rewrites
 * only the records that crossed a step (about 1 in 12 of those waiting under 72 h per half-hour run), not all of them.
 */
export const WAIT_STEP_HOURS = 6;

export const priorityFormula =
  'Solicitudes: urgencia (urgent 40, needed 25, stable 10) + 30 × fracción sin cubrir + ' +
  '15 × personas afectadas (escala logarítmica, 1000 o más = 15) + 15 × espera desde la publicación, ' +
  'en tramos de 6 horas (72 horas o más = 15); en proceso cuenta la mitad de lo sin cubrir; completadas = 0. ' +
  'Ofrecimientos: 20 + 20 si un centro de acopio necesita recursos o voluntarios + 15 × espera; completados = 0. ' +
  'Se recalcula con cada cambio y periódicamente.';

export function unmetFraction(required: number | null, covered: number, status: RecordStatus): number {
  if (status === 'completed') return 0;
  if (required !== null && required > 0) return Math.max(0, Math.min(1, (required - covered) / required));
  return status === 'in_process' ? 0.5 : 1;
}

export function priorityScore(input: PriorityInput, now: Date): number {
  if (input.status === 'completed') return 0;
  const waitedHours = input.publishedAt ? Math.max(0, (now.getTime() - Date.parse(input.publishedAt)) / 3_600_000) : 0;
  const steps = Math.floor(waitedHours / WAIT_STEP_HOURS);
  const waiting = 15 * Math.min(1, (steps * WAIT_STEP_HOURS) / WAIT_FULL_HOURS);
  let score: number;
  if (input.type === 'offer') {
    const centreNeeds =
      input.collectionCenterStatus === 'needs_resources' || input.collectionCenterStatus === 'needs_volunteers';
    score = 20 + (centreNeeds ? 20 : 0) + waiting;
  } else {
    let unmet = unmetFraction(input.quantityRequired, input.quantityCovered, input.status);
    if (input.status === 'in_process') unmet /= 2;
    const people = Math.max(1, input.people ?? 1);
    const peoplePoints = 15 * Math.min(1, Math.log10(1 + people) / Math.log10(1001));
    score = URGENCY_POINTS[input.urgency] + 30 * unmet + peoplePoints + waiting;
  }
  return Math.round(Math.min(100, score) * 10) / 10;
}
