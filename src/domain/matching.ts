// Match suggestions: how well an offer, or a collection centre's stock, fits a published request. The need side of
// the pair (the request) brings its urgency, what is still pending and how long it has waited; the pair brings the
// distance between the two public points. Pure, so the same records always give the same scores and order.
import { roundKm } from './distance.ts';

/** Radii tried in turn around the record's public point, until MIN_CANDIDATES appear; then the whole emergency. */
export const MATCH_RADII_KM = [2, 5, 10, 25, 50, 100] as const;
/** "A few": the search widens until this many candidates appear. */
export const MIN_CANDIDATES = 3;
/** Suggestions shown at most. */
export const MAX_MATCHES = 10;
/** A request that has waited this long gets the whole waiting term. */
export const FULL_WAIT_HOURS = 72;
/** At this distance the proximity term is one half. */
export const HALF_PROXIMITY_KM = 5;

/** Weights of the four terms; they add up to 1, so a score runs from 0 to 1. */
export const MATCH_WEIGHTS = { proximity: 0.35, urgency: 0.25, pending: 0.2, waiting: 0.2 } as const;

const URGENCY_TERM: Record<string, number> = { urgent: 1, needed: 0.6, stable: 0.3 };

/** What the request of a pair brings to its score. */
export interface NeedSide {
  urgency: string;
  /** null when the request gave no quantity: an open need counts as wholly pending. */
  required: number | null;
  pending: number | null;
  /** When it was published: waiting counts from there. */
  publishedAt: string;
}

/** One candidate's score, and the distance it was measured at (km, rounded as the API shows it). */
export interface MatchScore {
  score: number;
  distanceKm: number | null;
}

/** Score of a pair: 0 to 1, three decimals. A candidate without a public point gets a small proximity term. */
export function matchScore(need: NeedSide, distanceKm: number | null, now: Date): MatchScore {
  const proximity = distanceKm === null ? 0.1 : 1 / (1 + distanceKm / HALF_PROXIMITY_KM);
  const urgency = URGENCY_TERM[need.urgency] ?? 0.3;
  const pending =
    need.required === null || need.required <= 0 || need.pending === null
      ? 1
      : Math.min(1, Math.max(0, need.pending / need.required));
  const waitedHours = Math.max(0, (now.getTime() - Date.parse(need.publishedAt)) / 3_600_000);
  const waiting = Math.min(1, waitedHours / FULL_WAIT_HOURS);
  const score =
    MATCH_WEIGHTS.proximity * proximity +
    MATCH_WEIGHTS.urgency * urgency +
    MATCH_WEIGHTS.pending * pending +
    MATCH_WEIGHTS.waiting * waiting;
  return { score: Math.round(score * 1000) / 1000, distanceKm: distanceKm === null ? null : roundKm(distanceKm) };
}

/** Best first: higher score, then nearer (no distance last), then by id; a total order, so ties never move. */
export function compareMatches(a: MatchScore & { id: string }, b: MatchScore & { id: string }): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.distanceKm !== b.distanceKm) {
    if (a.distanceKm === null) return 1;
    if (b.distanceKm === null) return -1;
    return a.distanceKm - b.distanceKm;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A distance as people read it in Spanish: "1,2 km", "350 m". */
export function spokenDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  const rounded = km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
  return `${String(rounded).replace('.', ',')} km`;
}
