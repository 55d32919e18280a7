// One autocannon run, reduced to the figures the report needs.
import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  seconds: number;
  total: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
  /** Socket errors and timeouts. */
  errors: number;
}

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  path?: string;
  requests?: Request[];
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url + (options.path ?? ''),
    connections: options.connections,
    duration: options.seconds,
    requests: options.requests,
  });
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statuses[code] = count;
  const total = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    seconds: result.duration,
    total,
    statuses,
    errors: result.errors, // autocannon counts timeouts among errors
  };
}

/** Responses whose status is not the expected one, plus socket errors. */
export function unexpected(result: LoadResult, expected: (status: number) => boolean): number {
  let count = result.errors;
  for (const [code, n] of Object.entries(result.statuses)) if (!expected(Number(code))) count += n;
  return count;
}
