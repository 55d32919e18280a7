// What the review inbox flags before a leader decides: a likely duplicate, a link or e-mail in the text, and a number
// seen in rejected submissions, which is kept only as a keyed hash: never the number, gone with the rejected record's
// data (retention or erasure by number), and found by the right to know.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { eraseByWhatsapp } from '../src/commands/personal-data/erase.ts';
import { exportPersonalData } from '../src/commands/personal-data/export.ts';
import { purgePersonalData } from '../src/commands/personal-data/purge.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { flagKinds, flagsFor } from '../src/queries/review-flags.ts';
import { findById } from '../src/repositories/help-records/records.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { reviewFlagLabels } from '../src/views/console/labels.ts';
import { engine } from './helpers/database.ts';
import { addEmergency, type Harness, requestBody, setup } from './helpers/harness.ts';

const FLOOD = 'inundacion-sibundoy';
const OTHER = 'avalancha-salgar';
/** The number a scammer keeps sending from; its national digits are what a copy anywhere would contain. */
const SCAM = '+573209876543';
const SCAM_DIGITS = '3209876543';
const HONEST = '+573118765432';
const REJECTED_DAYS = 10;

let h: Harness;
let counter = 0;

before(async () => {
  h = await setup({
    NUMBER_HASH_KEY: randomBytes(32).toString('hex'),
    RETENTION_REJECTED_DAYS: String(REJECTED_DAYS),
  });
  await addEmergency(h, FLOOD, 'Inundación en Sibundoy');
  await addEmergency(h, OTHER, 'Avalancha en Salgar');
});

after(() => h.close());

/** A pending submission far from every other one (no nearby duplicate) with its own number unless given. */
async function submission(overrides: Record<string, unknown> = {}): Promise<string> {
  counter++;
  const body = requestBody({
    emergencySlug: FLOOD,
    externalId: `flags-${counter}`,
    contactWhatsapp: `+5730${String(40_000_000 + counter).padStart(8, '0')}`,
    latitude: 1 + counter * 0.1,
    longitude: -77,
    title: `Mercados para la vereda ${counter}`,
    description: 'Faltan alimentos para cuatro familias.',
    ...overrides,
  });
  return (await submitHelp(h.ctx, helpSubmission.parse(body))).result.id;
}

async function flagsOf(ids: string[]) {
  const rows = [];
  for (const id of ids) rows.push(await findById(h.ctx, id));
  return flagsFor(
    h.ctx,
    rows.map((r) => {
      assert.ok(r);
      return r;
    }),
  );
}

/** Every table's every row as text, and how many times the digits appear in it. */
async function copiesInDatabase(digits: string): Promise<Map<string, number>> {
  const tables =
    engine === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(h.ctx.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(h.ctx.db);
  const found = new Map<string, number>();
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(h.ctx.db);
    const text = JSON.stringify(rows.rows);
    const count = text.split(digits).length - 1;
    if (count > 0) found.set(name, count);
  }
  return found;
}

async function hashRows(recordId: string) {
  return h.ctx.db.selectFrom('rejected_numbers').selectAll().where('record_id', '=', recordId).execute();
}

describe('a rejected number', () => {
  test('is kept as a keyed hash and nowhere as the number; a new submission from it is flagged', async () => {
    const scam = await submission({ contactWhatsapp: SCAM, description: 'Consigne a la cuenta 123 para recibir.' });
    const copiesBefore = await copiesInDatabase(SCAM_DIGITS);
    await rejectSubmission(h.ctx, scam, 'test', 'Pide dinero: estafa');
    const [row] = await hashRows(scam);
    assert.ok(row, 'the rejection kept a hash');
    assert.match(row.number_hash, /^[A-Za-z0-9_-]{43}$/);
    assert.ok(!row.number_hash.includes(SCAM_DIGITS));
    // The rejection wrote the number nowhere it was not already (the rejected record's own row, until retention).
    assert.deepEqual(await copiesInDatabase(SCAM_DIGITS), copiesBefore);
    assert.ok(!(await copiesInDatabase(SCAM_DIGITS)).has('rejected_numbers'));

    const again = await submission({ contactWhatsapp: SCAM });
    const honest = await submission({ contactWhatsapp: HONEST });
    const elsewhere = await submission({ contactWhatsapp: SCAM, emergencySlug: OTHER });
    const flags = await flagsOf([again, honest, elsewhere]);
    assert.ok(flags.get(again)?.includes('rejected_number'));
    assert.equal(flags.get(honest), undefined, 'another number: no flag');
    assert.ok(!flags.get(elsewhere)?.includes('rejected_number'), 'another emergency’s rejections are its own');
  });

  test('is kept only while its rejected record’s data is: retention removes it', async () => {
    const id = await submission({ contactWhatsapp: '+573125550101' });
    await rejectSubmission(h.ctx, id, 'test', 'Duplicado de otra solicitud');
    assert.equal((await hashRows(id)).length, 1);
    h.clock.advanceHours(24 * (REJECTED_DAYS - 1));
    await purgePersonalData(h.ctx, { dryRun: false });
    assert.equal((await hashRows(id)).length, 1, 'a day before the end it stays');
    h.clock.advanceHours(24 * 2);
    await purgePersonalData(h.ctx, { dryRun: false });
    assert.equal((await hashRows(id)).length, 0);
    const later = await submission({ contactWhatsapp: '+573125550101' });
    assert.ok(!(await flagsOf([later])).get(later)?.includes('rejected_number'), 'nothing flags it any more');
  });

  test('the right to know lists it and an erasure by number removes it', async () => {
    const number = '+573145550177';
    const id = await submission({ contactWhatsapp: number });
    await rejectSubmission(h.ctx, id, 'test', 'Sin datos suficientes');
    const known = await exportPersonalData(h.ctx, number);
    const item = known.items.find((i) => i.table === 'rejected_numbers');
    assert.ok(item, 'the export names the kept hash');
    assert.equal(item.id, id);
    await eraseByWhatsapp(h.ctx, number, 'test', 'Solicitud de la persona');
    assert.equal((await hashRows(id)).length, 0);
    const next = await submission({ contactWhatsapp: number });
    assert.ok(!(await flagsOf([next])).get(next)?.includes('rejected_number'));
  });

  test('without NUMBER_HASH_KEY nothing is kept and nothing is flagged', async () => {
    const key = h.ctx.config.numberHashKey;
    h.ctx.config.numberHashKey = null;
    try {
      const id = await submission({ contactWhatsapp: '+573165550122' });
      await rejectSubmission(h.ctx, id, 'test', 'Estafa');
      assert.equal((await hashRows(id)).length, 0);
    } finally {
      h.ctx.config.numberHashKey = key;
    }
  });
});

describe('flags of a card', () => {
  test('a link, a bare domain or an e-mail in the title or the description', async () => {
    const link = await submission({ description: 'Done aquí: bit.ly/ayuda-falsa y le enviamos mercados.' });
    const mail = await submission({ title: 'Escriba a donaciones@correo-falso.co' });
    const plain = await submission({ description: 'Agua.Urgente para 3.5 familias en Sibundoy.' });
    const flags = await flagsOf([link, mail, plain]);
    assert.deepEqual(flags.get(link), ['links_in_text']);
    assert.deepEqual(flags.get(mail), ['links_in_text']);
    assert.equal(flags.get(plain), undefined);
  });

  test('a likely duplicate, as the inbox finds it', async () => {
    const first = await submission({ contactWhatsapp: '+573175550133' });
    const second = await submission({ contactWhatsapp: '+573175550133' });
    const flags = await flagsOf([first, second]);
    assert.deepEqual(flags.get(first), ['likely_duplicate']);
    assert.deepEqual(flags.get(second), ['likely_duplicate']);
    // Duplicates the caller already counted are not looked up again.
    const given = await flagsFor(
      h.ctx,
      [(await findById(h.ctx, first)) as NonNullable<Awaited<ReturnType<typeof findById>>>],
      new Map([[first, 0]]),
    );
    assert.equal(given.get(first), undefined);
  });

  test('every flag has a Spanish label', () => {
    assert.deepEqual(Object.keys(reviewFlagLabels).sort(), [...flagKinds].sort());
    for (const label of Object.values(reviewFlagLabels)) assert.match(label, /^\p{Lu}/u);
  });
});
