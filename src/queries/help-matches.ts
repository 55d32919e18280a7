// Match suggestions for a published record (GET /api/public/v1/help/{id}/matches, MCP sugerir_coincidencias): for a
// request, the offers and collection centres with fresh stock of its category; for an offer, the requests of its
// category (a centre's, also those of what it has in stock). Same emergency, not completed, public fields only.
// The search widens (domain/matching.ts MATCH_RADII_KM) until a few candidates appear, then the nearest are scored.
// Suggest-only: nothing is written and nobody is told.

import type { Context } from '../context.ts';
import { categoryLabel } from '../domain/categories.ts';
import { distanceKm } from '../domain/distance.ts';
import { isStale } from '../domain/inventory.ts';
import {
  compareMatches,
  MATCH_RADII_KM,
  MAX_MATCHES,
  type MatchScore,
  MIN_CANDIDATES,
  matchScore,
  type NeedSide,
  spokenDistance,
} from '../domain/matching.ts';
import { formatNumber } from '../domain/number-format.ts';
import type { EmergencyRow } from '../repositories/emergencies.ts';
import { findPublicByIds } from '../repositories/help-records/public.ts';
import { linesOfPublishedCenters } from '../repositories/inventory.ts';
import type { HelpMatch, HelpMatches } from '../schemas/help-matches.ts';
import type { PublicHelp } from '../schemas/public-help.ts';
import { emergencyScope } from './emergency-scope.ts';
import { getHelp } from './get-help.ts';
import { presentRows } from './present-rows.ts';

/** Candidates taken per category from the index, nearest first (or most pressing): what is scored. */
const NEAREST = 20;
const FARTHEST_KM = MATCH_RADII_KM[MATCH_RADII_KM.length - 1] as number;

/** A candidate as the index (or a centre's stock) names it, before its record is read. */
interface Found {
  id: string;
  category: string;
  distance: number | null;
}

/** A candidate before scoring: the record, how far it is, and what a centre has in stock of the category. */
interface Candidate extends Found {
  item: PublicHelp;
  stock: { quantity: number; unit: string } | null;
}

interface Point {
  latitude: number;
  longitude: number;
}

type Stock = Map<string, Map<string, { quantity: number; unit: string }>>;

export async function helpMatches(ctx: Context, id: string): Promise<HelpMatches> {
  return matchesFor(ctx, await getHelp(ctx, id));
}

/** The suggestions for a record already read (a page that shows it reads it once). */
export async function matchesFor(ctx: Context, subject: PublicHelp): Promise<HelpMatches> {
  const [emergency] = (await emergencyScope(ctx.db, subject.emergency.slug)) as [EmergencyRow];
  const { latitude, longitude } = subject.location;
  const point = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const now = ctx.now();
  const isRequest = subject.type === 'request';
  // For a request: offers of its category, and centres with fresh stock of it. For an offer: requests of its
  // category and, for a centre, of what it has in stock.
  const stock = isRequest
    ? await freshStock(ctx, emergency, [subject.category])
    : subject.collectionCenter
      ? await freshStock(ctx, emergency, undefined, subject.id)
      : new Map();
  const categories = isRequest ? [subject.category] : [subject.category, ...(stock.get(subject.id)?.keys() ?? [])];
  const centres = isRequest ? await stockedCentres(ctx, stock, subject, point) : [];
  const find = (radiusKm: number | null) =>
    indexed(ctx, emergency, isRequest ? 'offer' : 'request', [...new Set(categories)], point, radiusKm);
  // The nearest within the widest circle, then the smallest circle that holds a few of them (offers or centres);
  // without a place, or with too few within reach, the whole emergency.
  let radiusKm: number | null = null;
  let found: Found[] = [];
  if (point) {
    const near = mergeFound(await find(FARTHEST_KM), centres).filter((f) => within(f, FARTHEST_KM));
    const radius = MATCH_RADII_KM.find((r) => near.filter((f) => within(f, r)).length >= MIN_CANDIDATES);
    if (radius !== undefined) {
      radiusKm = radius;
      found = near.filter((f) => within(f, radius));
    }
  }
  if (radiusKm === null) found = mergeFound(await find(null), centres);
  const candidates = await read(ctx, found, centres, stock, point);
  const scored = candidates
    .filter((c) => c.item.id !== subject.id && (c.item.type === 'offer' || c.item.quantities?.pending !== 0))
    .map((candidate) => {
      const need = needSide(isRequest ? subject : candidate.item);
      return { candidate, id: candidate.id, ...matchScore(need, candidate.distance, now) };
    });
  scored.sort(compareMatches);
  return {
    generatedAt: now.toISOString(),
    id: subject.id,
    type: subject.type,
    radiusKm,
    matches: scored.slice(0, MAX_MATCHES).map((s) => presentMatch(s.candidate, s)),
  };
}

const within = (found: Found, radiusKm: number) => found.distance !== null && found.distance <= radiusKm;

/** The index's candidates and the stocked centres, each record once (a centre may be both). */
function mergeFound(indexed: Found[], centres: Candidate[]): Found[] {
  const ids = new Set(indexed.map((f) => f.id));
  return [
    ...indexed,
    ...centres.filter((c) => !ids.has(c.id)).map(({ id, category, distance }) => ({ id, category, distance })),
  ];
}

function needSide(request: PublicHelp): NeedSide {
  return {
    urgency: request.urgency,
    required: request.quantities?.required ?? null,
    pending: request.quantities?.pending ?? null,
    publishedAt: request.verification.verifiedAt ?? request.createdAt,
  };
}

/** Published centres with fresh stock of the request's category, not completed, with their distance. */
async function stockedCentres(
  ctx: Context,
  stock: Stock,
  request: PublicHelp,
  point: Point | null,
): Promise<Candidate[]> {
  const centres = await published(ctx, [...stock.keys()]);
  return centres
    .filter((centre) => centre.status !== 'completed')
    .map((centre) => ({
      id: centre.id,
      item: centre,
      category: request.category,
      distance: point ? distanceTo(point, centre) : null,
      stock: stock.get(centre.id)?.get(request.category) ?? null,
    }));
}

/** The records of what was found, read once: centres are already read; offers that are centres get their stock. */
async function read(
  ctx: Context,
  found: Found[],
  centres: Candidate[],
  stock: Stock,
  point: Point | null,
): Promise<Candidate[]> {
  const known = new Map(centres.map((c) => [c.id, c]));
  const items = new Map(
    (
      await published(
        ctx,
        found.filter((f) => !known.has(f.id)).map((f) => f.id),
      )
    ).map((i) => [i.id, i]),
  );
  return found.flatMap((f): Candidate[] => {
    const centre = known.get(f.id);
    if (centre) return [centre];
    const item = items.get(f.id);
    // Gone since the index saw it (unpublished or completed in between).
    if (!item || item.status === 'completed') return [];
    const distance = f.distance ?? (point ? distanceTo(point, item) : null);
    return [{ ...f, item, distance, stock: stock.get(item.id)?.get(f.category) ?? null }];
  });
}

/** Records of a type and these categories, not completed, from the search index: the nearest (or the most pressing). */
async function indexed(
  ctx: Context,
  emergency: EmergencyRow,
  type: 'request' | 'offer',
  categories: string[],
  point: Point | null,
  radiusKm: number | null,
): Promise<Found[]> {
  const near = point && radiusKm !== null ? { ...point, radiusKm } : undefined;
  const found = new Map<string, Found>();
  for (const category of categories) {
    const { hits } = await ctx.search.search({
      emergencyIds: [emergency.id],
      type,
      status: 'open',
      category,
      priority: 'all',
      logistics: false,
      near,
      sort: near ? 'distance' : 'priority',
      limit: NEAREST,
    });
    for (const hit of hits) {
      if (!found.has(hit.id)) found.set(hit.id, { id: hit.id, category, distance: hit.distanceKm });
    }
  }
  return [...found.values()];
}

/** Published records by id, presented as the API shows them. */
async function published(ctx: Context, ids: string[]): Promise<PublicHelp[]> {
  if (ids.length === 0) return [];
  return presentRows(ctx, await findPublicByIds(ctx.db, ids));
}

/**
 * Centre id -> category -> the largest fresh "have" line (updated within the staleness window, quantity above 0):
 * of these categories, or of every category for one centre.
 */
async function freshStock(
  ctx: Context,
  emergency: EmergencyRow,
  categories?: string[],
  centreId?: string,
): Promise<Stock> {
  const now = ctx.now();
  const rows = categories
    ? (await Promise.all(categories.map((c) => linesOfPublishedCenters(ctx.db, emergency.id, c)))).flat()
    : await linesOfPublishedCenters(ctx.db, emergency.id);
  const stock: Stock = new Map();
  for (const row of rows) {
    if (row.kind !== 'have' || row.quantity <= 0 || isStale(row.updated_at, now)) continue;
    if (centreId !== undefined && row.center_id !== centreId) continue;
    const byCategory = stock.get(row.center_id) ?? new Map();
    const best = byCategory.get(row.category);
    if (!best || row.quantity > best.quantity) byCategory.set(row.category, { quantity: row.quantity, unit: row.unit });
    stock.set(row.center_id, byCategory);
  }
  return stock;
}

function distanceTo(point: Point, item: PublicHelp): number | null {
  const { latitude, longitude } = item.location;
  if (latitude === null || longitude === null) return null;
  return distanceKm(point.latitude, point.longitude, latitude, longitude);
}

function presentMatch(candidate: Candidate, score: MatchScore): HelpMatch {
  const { item, category } = candidate;
  return {
    id: item.id,
    type: item.type,
    collectionCenter: item.collectionCenter !== null,
    title: item.title,
    category: category as HelpMatch['category'],
    categoryLabel: categoryLabel(category),
    distanceKm: score.distanceKm,
    score: score.score,
    reason: reasonOf(candidate, score.distanceKm),
    publicUrl: item.publicUrl,
  };
}

/** "Ofrece agua: «Bidones de 20 litros» a 1,2 km", "Centro de acopio con 50 bidones de agua a 800 m", ... */
function reasonOf(candidate: Candidate, distance: number | null): string {
  const { item, stock } = candidate;
  const label = categoryLabel(candidate.category).toLowerCase();
  const where = distance === null ? ', en la misma emergencia' : ` a ${spokenDistance(distance)}`;
  if (item.type === 'request') {
    const pending = item.quantities?.pending ?? null;
    const unit = item.quantities?.unit ?? null;
    const what = pending !== null && unit ? `${formatNumber(pending)} ${unit} de ${label}` : label;
    return `Necesita ${what}${item.urgency === 'urgent' ? ' (urgente)' : ''}${where}`;
  }
  if (stock) return `Centro de acopio con ${formatNumber(stock.quantity)} ${stock.unit} de ${label}${where}`;
  if (item.collectionCenter) return `Centro de acopio que recibe y entrega ${label}${where}`;
  return `Ofrece ${label}: «${item.title}»${where}`;
}
