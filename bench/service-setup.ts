// The service under test, as a benchmark run or one step of the scaling mode needs it: the data seeded (or a
// seeded SQLite file reused), then one instance on SQLite, or two instances on PostgreSQL behind bench/proxy.ts;
// each instance's start-up timed from its spawn and its resident memory sampled from then on.
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type Child, freePort, memorySampler, startChild } from './children.ts';
import { startCluster } from './cluster-setup.ts';
import { CENTRE } from './generate.ts';
import { fixed } from './report.ts';
import { describeSeeded, type SeedResult, seedDatabase } from './seed.ts';
import { measureStartup, type Startup } from './startup.ts';

export const HELP = '/api/public/v1/help';
// The highest value the configuration accepts: limits must never answer 429 here.
const NO_LIMIT = '10000000';
const SERVICE_ENV = {
  RATE_LIMIT_READS_PER_MINUTE: NO_LIMIT,
  RATE_LIMIT_SUBMISSIONS_PER_MINUTE: NO_LIMIT,
  LOG_LEVEL: 'silent',
};
/** The first search an instance answers: it waits for the search index, so it marks the end of start-up. */
const FIRST_SEARCH = `${HELP}?view=list&q=agua&latitude=${CENTRE.latitude}&longitude=${CENTRE.longitude}&radiusKm=5`;

export type Seeded = Omit<SeedResult, 'seconds'>;

export interface SetupOptions {
  records: number;
  /** A SQLite file from `node bench/seed.ts`, copied (the runs write to the copy); null: seed afresh. */
  seededFile: string | null;
  /** postgres:// URL: two instances share it (the database is DROPPED and recreated); null: one on SQLite. */
  postgresUrl: string | null;
  /** Where the SQLite copy or seed goes; removed by stop(). */
  workDir: string;
  nodeArgs: string[];
  onCrash(message: string): void;
  /** Told of each process once it is up, so that an interrupted run can stop it. */
  onStart(child: Child): void;
}

export interface Setup {
  /** Where the load goes: the instance, or the proxy in front of both. */
  url: string;
  /** The service processes: CPU time and memory are theirs (the proxy's are left out). */
  instances: Child[];
  engine: 'SQLite, 1 instance' | 'PostgreSQL, 2 instances behind the proxy';
  /** The database, as DATABASE_URL names it, for writes made around the service (the panorama's changes). */
  databaseUrl: string;
  seeded: Seeded;
  dataNote: string;
  /** One per instance. */
  startups: Startup[];
  /** Highest resident memory of any one instance since it started. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

async function seedOrReuse(options: SetupOptions, databaseUrl: string): Promise<{ seeded: Seeded; note: string }> {
  if (options.seededFile) {
    if (options.postgresUrl) throw new Error('a seeded SQLite file cannot be reused on PostgreSQL: let it seed');
    copyFileSync(options.seededFile, databaseUrl);
    const seeded = describeSeeded(databaseUrl);
    console.log(`Reusing ${fixed(seeded.ids.length)} records seeded earlier in ${options.seededFile}`);
    return { seeded, note: `${fixed(seeded.ids.length)} approved records, reused from ${options.seededFile}` };
  }
  console.log(`Seeding ${fixed(options.records)} approved records into ${databaseUrl} ...`);
  const { seconds, ...seeded } = await seedDatabase(databaseUrl, options.records);
  console.log(`Seeding: ${fixed(seconds, 1)} s (${fixed(options.records / seconds)} records/s)`);
  return {
    seeded,
    note: `${fixed(options.records)} approved records in one emergency, seeded in ${fixed(seconds, 1)} s`,
  };
}

export async function startSetup(options: SetupOptions): Promise<Setup> {
  const samplers: ReturnType<typeof memorySampler>[] = [];
  const startups: Promise<Startup>[] = [];
  // As soon as an instance listens: its start-up clock is still running and its memory is about to grow.
  const watch = (child: Child) => {
    options.onStart(child);
    if (child.name === 'proxy') return;
    samplers.push(memorySampler(child.pid));
    const startup = measureStartup(child, FIRST_SEARCH);
    startup.catch(() => {}); // awaited below, once every process is up: not an unhandled rejection meanwhile
    startups.push(startup);
  };
  let data: { seeded: Seeded; note: string } | null = null;
  let url: string;
  let instances: Child[];
  let databaseUrl: string;
  let stopService: () => Promise<void>;
  if (options.postgresUrl) {
    databaseUrl = options.postgresUrl;
    const cluster = await startCluster({
      databaseUrl,
      nodeArgs: options.nodeArgs,
      env: SERVICE_ENV,
      prepare: async (url) => {
        data = await seedOrReuse(options, url);
      },
      onCrash: options.onCrash,
      onStart: watch,
    });
    url = cluster.proxy.url;
    instances = [cluster.a, cluster.b];
    stopService = cluster.stop;
  } else {
    databaseUrl = path.join(options.workDir, `ayuda-${options.records}.db`);
    data = await seedOrReuse(options, databaseUrl);
    const service = await startChild('service', path.join(import.meta.dirname, 'serve.ts'), {
      nodeArgs: options.nodeArgs,
      env: {
        ...SERVICE_ENV,
        DATABASE_URL: databaseUrl,
        REDIS_URL: '',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
      },
      onCrash: options.onCrash,
    });
    watch(service);
    url = service.url;
    instances = [service];
    const file = databaseUrl;
    stopService = async () => {
      await service.stop();
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    };
  }
  const ready = data as { seeded: Seeded; note: string } | null;
  if (!ready) throw new Error('the service started without its data');
  return {
    url,
    instances,
    engine: options.postgresUrl ? 'PostgreSQL, 2 instances behind the proxy' : 'SQLite, 1 instance',
    databaseUrl,
    seeded: ready.seeded,
    dataNote: ready.note,
    startups: await Promise.all(startups),
    peakRssMb: () => Math.max(0, ...samplers.map((sampler) => sampler.overall())),
    stop: async () => {
      for (const sampler of samplers) sampler.stop();
      await stopService();
    },
  };
}
