// The panorama on a cache miss: before each measured request a leader publishes one more request (submitted and
// approved through the service's own commands, on its database), so public data has changed and no cache of any
// instance may answer. A new ETag on every answer confirms that each one was computed afresh.
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { requestBody } from './generate.ts';
import { createRandom } from './prng.ts';
import { HELP, type Setup } from './service-setup.ts';

/** SQLite instances see another process's commit within 100 ms (src/db/change-feed.ts); PostgreSQL's NOTIFY sooner. */
const SETTLE_MS = 150;
const WARMUP = 2;

export interface PanoramaMisses {
  p50: number;
  max: number;
  /** Answers whose ETag differed from the one before: computed after the change. */
  confirmed: number;
  count: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function panoramaMisses(
  target: Pick<Setup, 'url' | 'databaseUrl' | 'seeded'>,
  count: number,
): Promise<PanoramaMisses> {
  const { emergencySlug } = target.seeded;
  const config = loadConfig({ DATABASE_URL: target.databaseUrl, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database, { migrate: false, listen: false });
  const ctx = createContext(config, database);
  const random = createRandom(31);
  const runId = Date.now().toString(36);
  const path = `${HELP}?view=panorama&emergencySlug=${emergencySlug}`;
  const latencies: number[] = [];
  let confirmed = 0;
  let previous: string | null = null;
  try {
    for (let i = 0; i < WARMUP + count; i++) {
      const body = requestBody(random, 'bench-panorama', `pan-${runId}-${i}`);
      const { result } = await submitHelp(ctx, helpSubmission.parse({ ...body, emergencySlug }));
      await approveSubmission(ctx, result.id, 'bench:panorama');
      await sleep(SETTLE_MS);
      const started = performance.now();
      const response = await fetch(target.url + path);
      await response.arrayBuffer();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`panorama answered ${response.status}`);
      const etag = response.headers.get('etag');
      if (i < WARMUP) {
        previous = etag;
        continue;
      }
      latencies.push(ms);
      if (etag !== previous) confirmed++;
      previous = etag;
    }
  } finally {
    await database.close();
  }
  latencies.sort((a, b) => a - b);
  return {
    p50: latencies[Math.floor((latencies.length - 1) / 2)] ?? 0,
    max: latencies[latencies.length - 1] ?? 0,
    confirmed,
    count,
  };
}
