// Bulk seeder: N approved records in one emergency, with the columns and timeline the commands write. Writes through
// the service's own database layer, so a SQLite file or a PostgreSQL database (DATABASE_URL form) gets the same rows.
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { createEmergency } from '../src/commands/create-emergency.ts';
import { derivedFields } from '../src/commands/derived-fields.ts';
import { contentHash, submissionFields } from '../src/commands/submission-fields.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import type { AuditLogTable, Db, TimelineEventsTable } from '../src/db/types.ts';
import { categoryLabel } from '../src/domain/categories.ts';
import { confirmationState } from '../src/domain/confirmation.ts';
import { NO_PROOF } from '../src/domain/number-proof.ts';
import { isApproximate } from '../src/domain/public-place.ts';
import { searchTerms } from '../src/domain/text.ts';
import type { HelpRow } from '../src/repositories/help-records/records.ts';
import { searchableText } from '../src/repositories/help-records/search-index.ts';
import { type HelpSubmission, helpSubmission } from '../src/schemas/submission.ts';
import { lifecycle, offerBody, requestBody } from './generate.ts';
import { leaders, sources } from './pools.ts';
import { createRandom, type Random } from './prng.ts';

export const EMERGENCY_SLUG = 'inundacion-mocoa-2026';
const RECORDS_PER_TRANSACTION = 5_000;
const SEEDED_TABLES = ['help_records', 'timeline_events', 'audit_log'];
/** SQLite binds at most this many parameters in one statement: rows per INSERT follow from a row's columns. */
const MAX_BOUND_PARAMETERS = 32_766;
const HOUR = 3_600_000;
const STOP_WORDS = new Set('para desde hace hasta junto antes como cada solo todavia favor'.split(' '));

export interface SeedResult {
  emergencySlug: string;
  ids: string[];
  /** Distinct search words of the seeded texts, for queries that hit real data. */
  vocabulary: string[];
  seconds: number;
}

interface Batch {
  records: HelpRow[];
  timeline: TimelineEventsTable[];
  audit: Omit<AuditLogTable, 'id'>[];
}

const iso = (ms: number) => new Date(ms).toISOString();
/** Words worth searching for: no numbers, no short or filler words. */
const searchable = (term: string) => term.length >= 4 && !/^\d+$/.test(term) && !STOP_WORDS.has(term);

async function insertChunks<T extends object>(
  trx: Db,
  table: 'help_records' | 'timeline_events' | 'audit_log',
  rows: T[],
) {
  // A table that gains columns needs no edit here: the chunk shrinks with the row.
  const size = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / Object.keys(rows[0] ?? { one: 1 }).length));
  for (let i = 0; i < rows.length; i += size) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

/** One record as submit + approve (+ coverage and status changes) would have left it. */
function buildRecord(
  random: Random,
  index: number,
  emergencyId: string,
  now: number,
  batch: Batch,
  vocabulary: Set<string>,
) {
  const source = random.pick(sources);
  const externalId = `${source.slice(0, 3)}-${index}`;
  const body = random.chance(0.75) ? requestBody(random, source, externalId) : offerBody(random, source, externalId);
  const submission: HelpSubmission = helpSubmission.parse(body);
  const fields = submissionFields(submission, emergencyId, null);
  const { status, covered } = lifecycle(random, submission);
  const createdMs = now - Math.floor(random.next() ** 0.7 * 9 * 24 * HOUR);
  const publishedMs = Math.min(now, createdMs + random.int(5, 180) * 60_000);
  const coveredMs = Math.min(now, publishedMs + random.int(1, 48) * HOUR);
  const statusMs = Math.min(now, coveredMs + random.int(1, 24) * HOUR);
  const actor = random.pick(leaders);
  const reviewNote = random.chance(0.2) ? 'Verificado por llamada' : null;
  const statusNote = status !== 'active' && random.chance(0.5) ? 'Coordinado con la Defensa Civil' : null;
  const lastMs = status !== 'active' ? statusMs : covered > 0 ? coveredMs : publishedMs;
  const row: HelpRow = {
    id: random.uuid(),
    source,
    external_id: externalId,
    arrived_by: null,
    pledge_noticed_at: null,
    delivery_asked_at: null,
    ...NO_PROOF,
    duplicate_of: null,
    trusted_source_at: null,
    review_status: 'approved',
    status,
    ...fields,
    quantity_covered: covered,
    quantity_pending: null,
    quantity_committed: 0,
    pledges_open: 0,
    content_hash: contentHash(fields),
    municipality_derived: 1,
    receipt_code_hash: null,
    receipt_code_sealed: null,
    receipt_sealed_until: null,
    send_token_hash: null,
    withdrawn_at: null,
    withdrawn_by: null,
    personal_data_erased_at: null,
    identity_erased_at: null,
    content_version: 1,
    edit_token_hash: null,
    pending_revision: null,
    revision_hash: null,
    revision_submitted_at: null,
    priority_score: 0,
    status_note: statusNote,
    review_note: reviewNote,
    reject_reason: null,
    created_at: iso(createdMs),
    updated_at: iso(lastMs),
    submitted_at: iso(createdMs),
    reviewed_at: iso(publishedMs),
    published_at: iso(publishedMs),
    // Confirmed within the last four days: most current, some "por confirmar", none expired (every record listed).
    confirmed_at: iso(Math.max(publishedMs, now - ((index * 7919) % 97) * HOUR)),
    confirmation_state: 'current',
    change_seq: index + 1,
  };
  row.confirmation_state = confirmationState(row.confirmed_at, row.status, new Date(now), {
    reconfirmAfterHours: 72,
    expireAfterHours: 72,
  });
  // Scores as the periodic refresh leaves them: waiting time counted up to now.
  Object.assign(row, derivedFields(row, new Date(now)));
  batch.records.push(row);
  // The words the index holds: an approximate request's street is not among them.
  const address = isApproximate(row) ? null : row.address;
  for (const term of searchTerms(searchableText({ ...row, address }, categoryLabel(row.category)))) {
    if (searchable(term)) vocabulary.add(term);
  }
  // Public timeline entries; every leader decision is also audited (logDecision), the submission itself is not.
  const addEvent = (
    kind: string,
    atMs: number,
    state: string | null,
    note: string | null,
    audit: object | null | false,
  ) => {
    const at = iso(atMs);
    const by = audit === false ? null : actor;
    batch.timeline.push({
      id: random.uuid(),
      help_id: row.id,
      kind,
      is_public: 1,
      note,
      status: state,
      actor: by,
      created_at: at,
    });
    if (audit === false) return;
    const details = audit === null ? null : JSON.stringify(audit);
    batch.audit.push({ actor, action: kind, target_type: 'help_record', target_id: row.id, details, created_at: at });
  };
  addEvent('submitted', createdMs, 'active', null, false);
  addEvent('approved', publishedMs, 'active', reviewNote, reviewNote ? { note: reviewNote } : null);
  if (covered > 0) addEvent('coverage_updated', coveredMs, null, null, { from: 0, to: covered });
  if (status !== 'active') {
    addEvent('status_changed', statusMs, status, statusNote, {
      from: 'active',
      to: status,
      note: statusNote ?? undefined,
    });
  }
}

/**
 * SQLite: the secondary indexes of the seeded tables are dropped before the load and created again after it, from
 * the definitions the migrations left in the schema: one sorted pass each instead of millions of inserts at random
 * places (a million records seed in half the time, with half the memory). Primary keys and unique constraints stay.
 */
async function deferIndexes(db: Db): Promise<() => Promise<void>> {
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master
    where type = 'index' and sql is not null and tbl_name in (${sql.join(SEEDED_TABLES)})`.execute(db);
  for (const row of rows) await sql`drop index ${sql.id(row.name)}`.execute(db);
  return async () => {
    for (const row of rows) await sql.raw(row.sql).execute(db);
  };
}

/** databaseUrl: a SQLite file or a postgres:// URL, as DATABASE_URL takes it. */
export async function seedDatabase(databaseUrl: string, count: number, seed = 20260510): Promise<SeedResult> {
  const started = performance.now();
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database, { listen: false });
  const postgres = database.dialect === 'postgres';
  try {
    if (!postgres) {
      // This connection only: the primary keys are random ids, whose inserts need their pages in the cache (about
      // 300 MB at a million records); a crash means reseeding.
      await sql`PRAGMA cache_size = -512000`.execute(database.db);
      await sql`PRAGMA synchronous = OFF`.execute(database.db);
    }
    const restoreIndexes = postgres ? async () => {} : await deferIndexes(database.db);
    const ctx = createContext(config, database, () => new Date(now - 10 * 24 * HOUR));
    const emergency = await createEmergency(
      ctx,
      { slug: EMERGENCY_SLUG, name: 'Inundación y avalancha en Mocoa 2026', latitude: 1.1466, longitude: -76.6475 },
      'coordinacion:ana.rojas',
    );
    const random = createRandom(seed);
    const ids: string[] = [];
    const vocabulary = new Set<string>();
    for (let start = 0; start < count; start += RECORDS_PER_TRANSACTION) {
      const batch: Batch = { records: [], timeline: [], audit: [] };
      for (let i = start; i < Math.min(count, start + RECORDS_PER_TRANSACTION); i++) {
        buildRecord(random, i, emergency.id, now, batch, vocabulary);
      }
      await database.db.transaction().execute(async (trx) => {
        // The same shortcut on PostgreSQL: a crash loses the last batches, and the seed is rerun anyway.
        if (postgres) await sql`set local synchronous_commit = off`.execute(trx);
        await insertChunks(trx, 'help_records', batch.records);
        await insertChunks(trx, 'timeline_events', batch.timeline);
        await insertChunks(trx, 'audit_log', batch.audit);
      });
      for (const row of batch.records) ids.push(row.id);
    }
    await restoreIndexes();
    if (postgres) {
      // The rows carry their change numbers; the sequence must continue after them, or the next writes would get
      // numbers the search index has already passed.
      await sql`select setval('help_records_change_seq', (select max(change_seq) from help_records))`.execute(
        database.db,
      );
      // Fresh tables have no statistics yet: plan the first queries with real ones, as a long-lived database would.
      await sql`analyze`.execute(database.db);
    }
    return {
      emergencySlug: EMERGENCY_SLUG,
      ids,
      vocabulary: [...vocabulary].sort(),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await database.close();
  }
}

/** The same description of a file seeded earlier, read back from it (to rerun the benchmark without reseeding). */
export function describeSeeded(file: string): Omit<SeedResult, 'seconds'> {
  const raw = new DatabaseSync(file, { readOnly: true });
  try {
    const emergency = raw.prepare('select slug from emergencies').get() as { slug: string } | undefined;
    if (!emergency) throw new Error(`${file} has no emergency: seed it with bench/seed.ts`);
    const ids = raw.prepare("select id from help_records where review_status = 'approved' order by rowid").all();
    const vocabulary = new Set<string>();
    for (const row of raw
      .prepare(
        "select title, description, case when type = 'request' and exact_location <> 1 then null else address end as address, neighborhood, category, contact_name from help_records where review_status = 'approved'",
      )
      .iterate()) {
      const text = searchableText(row as never, categoryLabel(row.category as string));
      for (const term of searchTerms(text)) if (searchable(term)) vocabulary.add(term);
    }
    return {
      emergencySlug: emergency.slug,
      ids: ids.map((row) => row.id as string),
      vocabulary: [...vocabulary].sort(),
    };
  } finally {
    raw.close();
  }
}

// Standalone: node bench/seed.ts <sqlite file or postgres:// URL> [records]
if (import.meta.main) {
  const [file, records = '100000'] = process.argv.slice(2);
  if (!file) throw new Error('usage: node bench/seed.ts <sqlite file or postgres:// URL> [records]');
  const result = await seedDatabase(file, Number(records));
  console.log(
    `seeded ${result.ids.length} records in ${result.seconds.toFixed(1)} s (${result.vocabulary.length} search words)`,
  );
}
