// node bench/change-streams.ts [streams] [changes]: what many /changes/stream readers cost. Starts the service on a
// temporary SQLite file behind a "proxy" of its own (TRUST_PROXY=127.0.0.1, each stream from a client address of
// its own), opens the streams, publishes changes one by one, waits until every stream has every event, and prints
// how many times the feed was read for them, how long the last stream waited, and the process's memory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { createEmergency } from '../src/commands/create-emergency.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { buildApp } from '../src/http/app.ts';
import { helpSubmission } from '../src/schemas/submission.ts';

const STREAMS = Number(process.argv[2] ?? 2000);
const CHANGES = Number(process.argv[3] ?? 10);

const dir = mkdtempSync(path.join(tmpdir(), 'ayuda-streams-'));
const config = loadConfig({
  PORT: '0',
  BASE_URL: 'http://ayuda.test',
  DATABASE_URL: path.join(dir, 'streams.db'),
  LOG_LEVEL: 'silent',
  TRUST_PROXY: '127.0.0.1',
  CHANGE_STREAMS_MAX: String(STREAMS + 10),
  RATE_LIMIT_READS_PER_MINUTE: '10000000',
});
const database = await openDatabase(config.database);
const ctx = createContext(config, database);
const app = await buildApp(ctx, database, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/public/v1/changes/stream`;
await createEmergency(ctx, { slug: 'bench', name: 'Bench', latitude: 1.15, longitude: -76.65 }, 'bench');

const counts = new Array<number>(STREAMS).fill(0);
const controllers: AbortController[] = [];
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
async function follow(i: number): Promise<void> {
  const controller = new AbortController();
  controllers.push(controller);
  const res = await fetch(url, { headers: { 'x-forwarded-for': addressOf(i + 1) }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`stream ${i}: ${res.status}`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      counts[i] = (counts[i] ?? 0) + (decoder.decode(value).match(/^event: change$/gm)?.length ?? 0);
    }
  })();
}

const opened = performance.now();
for (let i = 0; i < STREAMS; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, STREAMS - i) }, (_, k) => follow(i + k)));
}
const openSeconds = (performance.now() - opened) / 1000;
await new Promise((resolve) => setTimeout(resolve, 1000));
const readsBefore = app.changeFeedReads();
const waits: number[] = [];
for (let c = 0; c < CHANGES; c++) {
  const { result } = await submitHelp(
    ctx,
    helpSubmission.parse({
      type: 'request',
      source: 'bench-streams',
      externalId: `change-${c}`,
      emergencySlug: 'bench',
      title: `Agua para el sector ${c + 1}`,
      description: 'Medición de flujos de cambios.',
      category: 'agua',
      urgency: 'needed',
      contactName: 'Medición',
      contactWhatsapp: '+573005550199',
      latitude: 1.15,
      longitude: -76.65,
      address: 'Calle 1',
      neighborhood: 'Centro',
      publishContact: true,
    }),
  );
  const started = performance.now();
  await approveSubmission(ctx, result.id, 'bench');
  while (counts.some((n) => n < c + 1)) await new Promise((resolve) => setTimeout(resolve, 5));
  waits.push(performance.now() - started);
}
const reads = app.changeFeedReads() - readsBefore;
const memory = process.memoryUsage().rss / 1024 / 1024;
console.log(`streams ${STREAMS} (opened in ${openSeconds.toFixed(1)} s), changes ${CHANGES}`);
console.log(`feed reads for them: ${reads} (${(reads / CHANGES).toFixed(2)} per change)`);
console.log(
  `every stream had each change after: median ${median(waits).toFixed(0)} ms, max ${Math.max(...waits).toFixed(0)} ms`,
);
console.log(`RSS of the process (service and ${STREAMS} clients): ${memory.toFixed(0)} MB`);

for (const controller of controllers) controller.abort();
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
