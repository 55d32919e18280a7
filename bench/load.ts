// One autocannon run, reduced to the figures the report needs.
import autocannon, { type Request } from 'autocannon';
import { cpuSeconds } from './children.ts';

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
  /** Server CPU time per response, in microseconds: steadier than req/s when other work shares the machine. */
  cpuMicros: number;
}

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  path?: string;
  requests?: Request[];
  /** The server processes (every instance of a cluster, not its proxy), to charge their CPU time to this run. */
  pids: number[];
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

export async function load(options: LoadOptions): Promise<LoadResult> {
  const cpuBefore = cpuOf(options.pids);
  const result = await autocannon({
    url: options.url + (options.path ?? ''),
    connections: options.connections,
    duration: options.seconds,
    requests: options.requests,
    // Slow answers are measured as latency (a missed target), not dropped as client timeouts.
    timeout: 60,
  });
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statuses[code] = count;
  const total = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  const cpu = cpuOf(options.pids) - cpuBefore;
  return {
    requestsPerSecond: result.duration > 0 ? total / result.duration : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    seconds: result.duration,
    total,
    statuses,
    errors: result.errors, // autocannon counts timeouts among errors
    cpuMicros: total > 0 ? (cpu * 1e6) / total : 0,
  };
}

/** Several runs as one: rates over the summed time, the worst p99, the median p50. */
export function combine(results: LoadResult[]): LoadResult {
  const total = results.reduce((sum, r) => sum + r.total, 0);
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const r of results)
    for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const p50s = results.map((r) => r.p50).sort((a, b) => a - b);
  return {
    requestsPerSecond: seconds > 0 ? total / seconds : 0,
    p50: p50s[Math.floor(p50s.length / 2)] ?? 0,
    p99: Math.max(...results.map((r) => r.p99)),
    seconds,
    total,
    statuses,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    cpuMicros: total > 0 ? results.reduce((sum, r) => sum + r.cpuMicros * r.total, 0) / total : 0,
  };
}

/** Responses whose status is not the expected one, plus socket errors. */
export function unexpected(result: LoadResult, expected: (status: number) => boolean): number {
  let count = result.errors;
  for (const [code, n] of Object.entries(result.statuses)) if (!expected(Number(code))) count += n;
  return count;
}
