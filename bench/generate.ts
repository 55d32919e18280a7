// Builds plausible submissions (the POST body a client would send) and what happened to them after approval.
import { mobileNumber, SAMPLE_BLOCKS } from '../src/demo/mobile-blocks.ts';
import type { Category } from '../src/domain/categories.ts';
import type { RecordStatus } from '../src/domain/statuses.ts';
import type { HelpSubmission } from '../src/schemas/submission.ts';
import {
  firstNames,
  landmarks,
  needSentences,
  needs,
  neighborhoods,
  offerKinds,
  offerSentences,
  requestCategoryWeights,
  streets,
  surnames,
} from './pools.ts';
import type { Random } from './prng.ts';

export const CENTRE = { latitude: 1.1466, longitude: -76.6475 };
const KM_PER_DEGREE = 111.32;

/** A point at most maxKm from the centre, uniform over the disc. */
export function pointNear(random: Random, maxKm: number): { latitude: number; longitude: number } {
  const distance = maxKm * Math.sqrt(random.next());
  const angle = random.next() * 2 * Math.PI;
  const latitude = CENTRE.latitude + (distance * Math.cos(angle)) / KM_PER_DEGREE;
  const longitude =
    CENTRE.longitude + (distance * Math.sin(angle)) / (KM_PER_DEGREE * Math.cos((CENTRE.latitude * Math.PI) / 180));
  return { latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 };
}

// Most records come from the town itself, the rest from the surrounding veredas.
const place = (random: Random) => pointNear(random, random.chance(0.6) ? 3 : 15);

function fill(random: Random, template: string, hood: string): string {
  return template.replace('{n}', String(random.int(2, 40))).replace('{place}', hood);
}

function sentences(random: Random, pool: readonly string[], hood: string, max: number): string {
  const count = random.int(0, max);
  const chosen = new Set<string>();
  for (let i = 0; i < count; i++) chosen.add(fill(random, random.pick(pool), hood));
  return [...chosen].join(' ');
}

function whatsapp(random: Random): string {
  const e164 = mobileNumber(random.pick(SAMPLE_BLOCKS), random.int(0, 9_999_999));
  // Clients send numbers in several layouts; the service stores E.164.
  return random.chance(0.5) ? e164 : `${e164.slice(0, 3)} ${e164.slice(3, 6)} ${e164.slice(6, 9)} ${e164.slice(9)}`;
}

function address(random: Random, hood: string): string {
  if (hood.startsWith('Vereda')) return `${hood}, finca ${random.pick(surnames)}`;
  const street = `${random.pick(streets)} ${random.int(1, 25)} # ${random.int(1, 30)}-${random.int(1, 99)}`;
  return random.chance(0.4) ? `${street}, junto a ${random.pick(landmarks)}` : street;
}

export function contactName(random: Random): string {
  return `${random.pick(firstNames)} ${random.pick(surnames)}`;
}

export function requestBody(random: Random, source: string, externalId: string): Record<string, unknown> {
  const category = random.weighted(requestCategoryWeights);
  const pool = needs[category] as NonNullable<(typeof needs)[Category]>;
  const hood = random.pick(neighborhoods);
  const body: Record<string, unknown> = {
    type: 'request',
    source,
    externalId,
    title: fill(random, random.pick(pool.titles), hood),
    category,
    contactName: contactName(random),
    contactWhatsapp: whatsapp(random),
    publishContact: true,
    address: address(random, hood),
    ...place(random),
    urgency: random.weighted([
      ['urgent', 3],
      ['needed', 5],
      ['stable', 2],
    ] as const),
  };
  const description = sentences(random, needSentences, hood, 3);
  if (description) body.description = description;
  if (random.chance(0.85)) body.neighborhood = hood;
  if (random.chance(0.5)) body.neededPeople = Math.round(10 ** (random.next() * 2.5));
  if (random.chance(0.7)) {
    body.resourceLabel = random.pick(pool.resources);
    body.quantityRequired = random.int(1, 60) * random.pick([1, 1, 5, 10]);
    body.unit = random.pick(pool.units);
  }
  // Requests for a public place show it exactly, as people would choose; decided by the title, so no draw moves.
  if (PUBLIC_PLACE.test(String(body.title))) body.showExactLocation = true;
  return body;
}

/** Titles naming a place that may be public (a shelter, a school, a community kitchen). */
const PUBLIC_PLACE = /albergue|escuela|colegio|comedor|olla|salón comunal/i;

export function offerBody(random: Random, source: string, externalId: string): Record<string, unknown> {
  const kind = random.pick(offerKinds);
  const hood = random.pick(neighborhoods);
  const body: Record<string, unknown> = {
    type: 'offer',
    source,
    externalId,
    title: fill(random, random.pick(kind.titles), hood),
    category: kind.category,
    contactName: contactName(random),
    contactWhatsapp: whatsapp(random),
    publishContact: true,
  };
  const description = sentences(random, offerSentences, hood, 2);
  if (description) body.description = description;
  if (random.chance(0.8)) {
    body.address = address(random, hood);
    Object.assign(body, place(random));
  }
  if (kind.category === 'acopio') {
    body.collectionCenterStatus = random.pick(['full', 'needs_volunteers', 'needs_resources'] as const);
  }
  if (kind.vehicles.length > 0) {
    body.vehicle = random.pick(kind.vehicles);
    body.capacityKg = random.int(1, 30) * 100;
    if (random.chance(0.5)) body.capacityBoxes = random.int(5, 120);
    if (random.chance(0.4)) body.passengerCapacity = random.int(1, 12);
    body.zones = `Mocoa y ${random.pick(neighborhoods)}`;
  }
  if (random.chance(0.4))
    body.availableUntil = `2026-${String(random.int(6, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
  if (random.chance(0.3)) body.needsTransport = random.chance(0.5);
  return body;
}

/** What the leaders did after publishing: final status and quantity covered. */
export function lifecycle(random: Random, submission: HelpSubmission): { status: RecordStatus; covered: number } {
  const status = random.weighted(
    submission.type === 'request'
      ? ([
          ['active', 65],
          ['in_process', 20],
          ['completed', 15],
        ] as const)
      : ([
          ['active', 75],
          ['in_process', 15],
          ['completed', 10],
        ] as const),
  );
  const required = submission.type === 'request' ? submission.quantityRequired : undefined;
  if (required === undefined) return { status, covered: 0 };
  if (status === 'completed') return { status, covered: random.chance(0.8) ? required : Math.round(required * 0.9) };
  if (status === 'in_process') return { status, covered: Math.round(required * (0.3 + random.next() * 0.6)) };
  const share = random.weighted([
    [0, 55],
    [0.1 + random.next() * 0.6, 25],
    [0.75 + random.next() * 0.2, 15],
    [1, 5],
  ] as const);
  return { status, covered: Math.round(required * share) };
}
