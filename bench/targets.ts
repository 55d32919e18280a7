// The performance targets. Some depend on how many records are published: the larger figures apply from a
// million records on, the smaller ones below that (they were set at 100,000).
import { fixed } from './report.ts';

export const LARGE_RECORDS = 1_000_000;

export interface Targets {
  /** Cached list and detail: service req/s over bare node:http req/s serving the same bytes. */
  cachedRatio: number;
  /** Uncached varied searches (q + radius + filters) at the run's connections. */
  searchP99Ms: number;
  searchCpuMs: number;
  /** Durable submissions answered 202. */
  submitPerSecond: number;
  submitP99Ms: number;
  /** One panorama computed after a public data change. */
  panoramaMissMs: number;
  /** Peak resident memory of one instance over the whole run. */
  rssMb: number;
  /** From spawning the process to /readyz answering 200 and the search index built. */
  startupMs: number;
}

export function targetsFor(records: number): Targets {
  const large = records >= LARGE_RECORDS;
  return {
    cachedRatio: 0.85,
    searchP99Ms: large ? 40 : 20,
    searchCpuMs: large ? 2 : 1,
    submitPerSecond: 2000,
    submitP99Ms: 50,
    panoramaMissMs: large ? 100 : 20,
    rssMb: large ? 1024 : 300,
    startupMs: large ? 20_000 : 3_000,
  };
}

/** Which set applies, for the report's header. */
export const targetScale = (records: number) =>
  records >= LARGE_RECORDS ? `targets at ${fixed(LARGE_RECORDS)} records` : 'targets at 100,000 records';

export const below = (bound: number, unit: string) => `< ${fixed(bound)} ${unit}`;
export const atLeast = (bound: number, unit = '', digits = 0) => `>= ${fixed(bound, digits)}${unit ? ` ${unit}` : ''}`;
