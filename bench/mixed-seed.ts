// Data for the mixed load, on either engine, through the same commands the API and the leaders use:
// the demo emergency (centres with inventories, logistics routes) plus N approved requests and offers.
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { offerBody, requestBody } from './generate.ts';
import { createRandom } from './prng.ts';

const ACTOR = 'bench:carga-mixta';
/** Submissions in flight at once: PostgreSQL commits overlap; SQLite runs them one after another anyway. */
const PARALLEL = 8;

export interface MixedData {
  emergencySlug: string;
  /** Every published record, for detail views. */
  ids: string[];
  seconds: number;
}

export async function seedMixed(databaseUrl: string, records: number, seed = 20260521): Promise<MixedData> {
  const started = performance.now();
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database, { listen: false });
  try {
    const ctx = createContext(config, database);
    const { emergencySlug } = await seedDemo(ctx);
    const random = createRandom(seed);
    // Built up front, so the parallel workers below take them in a fixed order: the same data every run.
    const bodies = Array.from({ length: records }, (_, i) => {
      const externalId = `mix-${i}`;
      const body = random.chance(0.75)
        ? requestBody(random, 'bench', externalId)
        : offerBody(random, 'bench', externalId);
      return helpSubmission.parse({ ...body, emergencySlug });
    });
    let next = 0;
    const worker = async () => {
      while (next < bodies.length) {
        const submission = bodies[next++] as (typeof bodies)[number];
        const { result } = await submitHelp(ctx, submission);
        await approveSubmission(ctx, result.id, ACTOR);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const rows = await database.db
      .selectFrom('help_records')
      .select('id')
      .where('review_status', '=', 'approved')
      .orderBy('id')
      .execute();
    return { emergencySlug, ids: rows.map((row) => row.id), seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}
