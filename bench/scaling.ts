// The scaling mode of `npm run bench` (BENCH_SCALE): for each data size, a fresh service measured for start-up,
// memory, uncached searches and the panorama on a cache miss, then one table with a row per size. Each figure is
// marked against the targets of its own size.
import { markdownTable } from './cluster-table.ts';
import type { LoadResult } from './load.ts';
import { type PanoramaMisses, panoramaMisses } from './panorama.ts';
import { fixed } from './report.ts';
import { measureSearch, type ScenarioContext } from './scenarios.ts';
import type { Setup } from './service-setup.ts';
import { startupMs } from './startup.ts';
import { type Targets, targetsFor } from './targets.ts';

export interface ScalingStep {
  records: number;
  targets: Targets;
  /** The slowest instance's spawn to /readyz and to its first search. */
  readyMs: number;
  indexMs: number;
  rssAfterStartMb: number;
  peakRssMb: number;
  search: LoadResult;
  panorama: PanoramaMisses;
}

export interface ScalingDeps {
  start(records: number): Promise<Setup>;
  context(setup: Setup): ScenarioContext;
  panoramaMisses: number;
}

export async function measureScaling(sizes: number[], deps: ScalingDeps): Promise<ScalingStep[]> {
  const steps: ScalingStep[] = [];
  for (const size of sizes) {
    console.log(`\nScaling: ${fixed(size)} records`);
    const setup = await deps.start(size);
    try {
      const ctx = deps.context(setup);
      const search = await measureSearch(ctx);
      const panorama = await panoramaMisses(setup, deps.panoramaMisses);
      const records = setup.seeded.ids.length;
      const slowest = setup.startups.reduce((a, b) => (startupMs(a) >= startupMs(b) ? a : b));
      steps.push({
        records,
        targets: targetsFor(records),
        readyMs: slowest.readyMs,
        indexMs: slowest.indexMs,
        rssAfterStartMb: Math.max(...setup.startups.map((s) => s.rssMb)),
        peakRssMb: setup.peakRssMb(),
        search,
        panorama,
      });
    } finally {
      await setup.stop();
    }
  }
  return steps;
}

const mark = (met: boolean, target: string) => ` ${met ? '✓' : '✗'} (${target})`;

export function scalingTable(steps: ScalingStep[]): string {
  const rows = steps.map(({ records, targets: t, readyMs, indexMs, rssAfterStartMb, peakRssMb, search, panorama }) => {
    const startup = Math.max(readyMs, indexMs);
    const cpuMs = search.cpuMicros / 1000;
    return [
      fixed(records),
      `${fixed(readyMs / 1000, 2)} s / ${fixed(indexMs / 1000, 2)} s${mark(startup < t.startupMs, `< ${fixed(t.startupMs / 1000)} s`)}`,
      `${fixed(rssAfterStartMb)} MB (${fixed(peakRssMb)} MB)${mark(peakRssMb < t.rssMb, `< ${fixed(t.rssMb)} MB`)}`,
      `${search.p50} ms`,
      `${search.p99} ms${mark(search.p99 < t.searchP99Ms, `< ${t.searchP99Ms} ms`)}`,
      `${fixed(cpuMs, 2)} ms${mark(cpuMs < t.searchCpuMs, `< ${t.searchCpuMs} ms`)}`,
      `${fixed(panorama.p50, 1)} / ${fixed(panorama.max, 1)} ms${mark(panorama.max < t.panoramaMissMs, `< ${t.panoramaMissMs} ms`)}`,
    ];
  });
  return markdownTable(
    [
      'records',
      'start-up: /readyz / index built',
      'RSS after start (peak)',
      'search p50',
      'search p99',
      'CPU per search',
      'panorama miss p50 / max',
    ],
    rows,
  );
}
