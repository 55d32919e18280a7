// The personal-data mechanism: withdrawal by the person, erasure by the team (a record, a number), the right to
// know, retention on the test clock, and "erased means gone" down to the database's bytes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { closeEmergency } from '../src/commands/close-emergency.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { eraseByWhatsapp, eraseRecord } from '../src/commands/personal-data/erase.ts';
import { erasureLog } from '../src/commands/personal-data/erasure-log.ts';
import { exportPersonalData } from '../src/commands/personal-data/export.ts';
import { personalDataByTable } from '../src/commands/personal-data/holders.ts';
import { purgePersonalData } from '../src/commands/personal-data/purge.ts';
import { withdrawWithReceipt, withdrawWithToken } from '../src/commands/personal-data/withdraw.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { reportRecord } from '../src/commands/report-record.ts';
import { setEmergencyContact } from '../src/commands/set-emergency-contact.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import type { Tables } from '../src/db/types.ts';
import { groupedPhone } from '../src/domain/phone.ts';
import { addTimelineEvent } from '../src/repositories/timeline.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { engine } from './helpers/database.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';
import { nextDocument, nextMobile, nextSerial } from './helpers/samples.ts';

let h: Harness;
const DAY_H = 24;

before(async () => {
  h = await setup({ RETENTION_IDENTITY_DAYS: '30', RETENTION_REJECTED_DAYS: '20', RETENTION_AFTER_CLOSE_DAYS: '90' });
  await addEmergency(h);
  await addEmergency(h, 'deslizamiento-salgar', 'Deslizamiento Salgar');
});
after(() => h.close());

interface Planted {
  id: string;
  whatsapp: string;
  document: string;
  name: string;
  address: string;
  receiptCode: string;
  editToken: string;
}

/** A request carrying a unique WhatsApp number, name, address and identity document; published unless told. */
async function plant(options: { publish?: boolean; slug?: string; whatsapp?: string } = {}): Promise<Planted> {
  const whatsapp = options.whatsapp ?? nextMobile();
  const document = nextDocument();
  const name = `Persona ${randomUUID().slice(0, 8)}`;
  const address = `Carrera ${10 + (nextSerial() % 90)} # ${randomUUID().slice(0, 6)}`;
  const submission = helpSubmission.parse(
    requestBody({
      contactWhatsapp: whatsapp,
      contactName: name,
      address,
      emergencySlug: options.slug ?? 'inundacion-mocoa',
      title: 'Mercados para una familia',
    }),
  );
  const { result } = await submitHelp(h.ctx, submission, { identityDocument: document });
  if (options.publish !== false) await approveSubmission(h.ctx, result.id, 'leader-1', `Verificado: ${name}`);
  return {
    id: result.id,
    whatsapp,
    document,
    name,
    address,
    receiptCode: result.receiptCode as string,
    editToken: result.editToken as string,
  };
}

const secrets = (p: Planted) => [p.whatsapp, p.whatsapp.slice(3), p.document, p.name, p.address];

/** Every row of every table, as text: where a planted value would be if any copy were left. */
async function everyRow(): Promise<string> {
  const parts: string[] = [];
  for (const table of Object.keys(personalDataByTable) as (keyof Tables)[]) {
    const rows = await h.ctx.db.selectFrom(table).selectAll().execute();
    parts.push(`${table}: ${JSON.stringify(rows)}`);
  }
  return parts.join('\n');
}

function row(id: string) {
  return h.ctx.db.selectFrom('help_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

test('every table in the database says what personal data it holds', async () => {
  const { sql } = await import('kysely');
  const query =
    engine === 'sqlite'
      ? sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`
      : sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%'`;
  const tables = (await query.execute(h.ctx.db)).rows.map((r) => r.name).sort();
  assert.deepEqual(tables, Object.keys(personalDataByTable).sort());
});

describe('withdrawal by the person', () => {
  test('the edit token withdraws: the record leaves the API, and no copy of its data stays anywhere', async () => {
    const p = await plant();
    await reportRecord(
      h.ctx,
      p.id,
      { reason: 'wrong_data', note: `El número ${groupedPhone(p.whatsapp)} no contesta` },
      'r1',
    );
    assert.equal((await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${p.id}` })).status, 200);
    await withdrawWithToken(h.ctx, p.id, p.editToken);

    assert.equal((await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${p.id}` })).status, 404);
    const erased = await row(p.id);
    assert.equal(erased.review_status, 'withdrawn');
    assert.equal(erased.withdrawn_by, 'submitter');
    assert.ok(erased.personal_data_erased_at);
    assert.equal(erased.contact_whatsapp, '');
    assert.equal(erased.identity_document, null);
    assert.equal(erased.latitude, null);
    assert.equal(erased.receipt_code_hash, null);
    // What counts stays: category, quantities, municipality, dates.
    assert.equal(erased.category, 'agua');
    assert.ok(erased.municipality_code);
    assert.ok(erased.published_at);
    const all = await everyRow();
    for (const value of secrets(p)) assert.ok(!all.includes(value), `${value} is still stored`);
    assert.deepEqual(leaks(await crawlPublic(h), secrets(p)), []);
    // The log says who and why, never what.
    const log = (await erasureLog(h.ctx)).filter((e) => e.targetId === p.id);
    assert.equal(log.length, 1);
    assert.equal(log[0]?.actor, 'submitter');
  });

  test('another instance drops the withdrawn record from its cached answers', async () => {
    const other = await setup({}, h);
    try {
      const p = await plant();
      const url = `${HELP}?view=detail&id=${p.id}`;
      const cached = await other.app.inject({ method: 'GET', url });
      assert.equal(cached.statusCode, 200);
      assert.ok(cached.body.includes(p.name));
      await withdrawWithToken(h.ctx, p.id, p.editToken);
      let status = 200;
      for (let i = 0; i < 60 && status !== 404; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await other.app.inject({ method: 'GET', url })).statusCode;
      }
      assert.equal(status, 404);
      const listed = await other.app.inject({ method: 'GET', url: `${HELP}?view=list&q=Mercados` });
      assert.ok(!listed.body.includes(p.id));
    } finally {
      await other.close();
    }
  });

  test('a wrong token, a withdrawn record and an unknown id are the same not-found', async () => {
    const p = await plant();
    const codes: (string | undefined)[] = [];
    for (const attempt of [
      () => withdrawWithToken(h.ctx, p.id, 'not-the-token'),
      () => withdrawWithToken(h.ctx, randomUUID(), p.editToken),
      () => withdrawWithReceipt(h.ctx, p.receiptCode, '+573009999999'),
      () => withdrawWithReceipt(h.ctx, 'AAAA-BBBB-CCCC', p.whatsapp),
    ]) {
      await assert.rejects(attempt, (err: { code?: string }) => {
        codes.push(err.code);
        return true;
      });
    }
    assert.deepEqual(codes, ['help_not_found', 'help_not_found', 'help_not_found', 'help_not_found']);
    assert.equal((await row(p.id)).review_status, 'approved');
    // The receipt code and the number as a person in Colombia writes it.
    const done = await withdrawWithReceipt(h.ctx, p.receiptCode.toLowerCase(), groupedPhone(p.whatsapp).slice(4));
    assert.equal(done.id, p.id);
    await assert.rejects(() => withdrawWithToken(h.ctx, p.id, p.editToken), { code: 'help_not_found' });
    await assert.rejects(() => withdrawWithReceipt(h.ctx, p.receiptCode, p.whatsapp), { code: 'help_not_found' });
  });

  test('two withdrawals at once: one succeeds, the other is the same not-found', async () => {
    const p = await plant();
    const results = await Promise.allSettled([
      withdrawWithToken(h.ctx, p.id, p.editToken),
      withdrawWithReceipt(h.ctx, p.receiptCode, p.whatsapp),
    ]);
    assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
    const log = (await erasureLog(h.ctx)).filter((e) => e.targetId === p.id);
    assert.equal(log.length, 1, 'erased once');
  });

  test('a pending submission is withdrawn too, and its pair cannot be sent again', async () => {
    const p = await plant({ publish: false });
    await withdrawWithToken(h.ctx, p.id, p.editToken);
    assert.equal((await row(p.id)).review_status, 'withdrawn');
    const again = helpSubmission.parse(
      requestBody({ externalId: (await row(p.id)).external_id, emergencySlug: 'inundacion-mocoa' }),
    );
    await assert.rejects(() => submitHelp(h.ctx, again, { credential: p.editToken }), { code: 'help_withdrawn' });
  });
});

describe('erasure by the team', () => {
  test('one record: withdrawn by the team, audited with the reason and no values', async () => {
    const p = await plant();
    const report = await eraseRecord(h.ctx, p.id, 'admin-7', `Pedido por ${p.name} por teléfono`);
    assert.deepEqual(report.records, [p.id]);
    const erased = await row(p.id);
    assert.equal(erased.withdrawn_by, 'team');
    const entries = await h.ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', p.id).execute();
    const entry = entries.find((e) => e.action === 'withdrawn');
    assert.equal(entry?.actor, 'admin-7');
    assert.match(entry?.details ?? '', /Pedido por \[dato borrado\]/);
    const all = await everyRow();
    for (const value of secrets(p)) assert.ok(!all.includes(value), `${value} is still stored`);
    await assert.rejects(() => eraseRecord(h.ctx, p.id, 'admin-7', ''), { code: 'validation_failed' });
    await assert.rejects(() => eraseRecord(h.ctx, randomUUID(), 'admin-7', 'x'), { code: 'not_found' });
  });

  test('one number: the right to know lists every copy, and erasure removes each of them', async () => {
    const whatsapp = nextMobile();
    const first = await plant({ whatsapp });
    const second = await plant({ whatsapp, publish: false });
    const other = await plant();
    // The number written by a leader in another record's history, in a route and in an emergency's contact.
    await addTimelineEvent(h.ctx.db, {
      id: randomUUID(),
      help_id: other.id,
      kind: 'note',
      is_public: 0,
      note: `Coordinar con (${whatsapp.slice(3, 6)}) ${whatsapp.slice(6, 9)}-${whatsapp.slice(9)}`,
      status: null,
      actor: 'leader-1',
      created_at: h.clock.now().toISOString(),
    });
    const route = await createLogisticsOperation(
      h.ctx,
      {
        emergencySlug: 'inundacion-mocoa',
        destinationHelpId: other.id,
        title: 'Llevar mercados',
        supplyDescription: 'Diez mercados',
        pickupAddress: 'Bodega central',
        pickupLatitude: 1.15,
        pickupLongitude: -76.64,
        volunteerContact: `Conductor ${groupedPhone(whatsapp)}`,
      },
      'leader-1',
    );
    await setEmergencyContact(h.ctx, 'deslizamiento-salgar', `Línea ${whatsapp}`, 'admin-1');

    const known = await exportPersonalData(h.ctx, groupedPhone(whatsapp));
    const tables = known.items.map((i) => `${i.table}:${i.id}`);
    for (const id of [first.id, second.id]) assert.ok(tables.includes(`help_records:${id}`));
    assert.ok(!tables.includes(`help_records:${other.id}`));
    assert.ok(tables.includes(`logistics_operations:${route.id}`));
    assert.ok(known.items.some((i) => i.table === 'timeline_events' && String(i.fields.Nota).includes('Coordinar')));
    assert.ok(known.items.some((i) => i.table === 'emergencies'));
    assert.ok(JSON.stringify(known).includes(first.document), 'the export shows the identity document');

    const report = await eraseByWhatsapp(h.ctx, whatsapp.slice(3), 'admin-2', 'Solicitud de supresión');
    assert.deepEqual([...report.records].sort(), [first.id, second.id].sort());
    const all = await everyRow();
    for (const value of [...secrets(first), ...secrets(second)]) assert.ok(!all.includes(value), `${value} stored`);
    // The number as the leader, the route and the emergency wrote it.
    for (const written of [`${whatsapp.slice(6, 9)}-${whatsapp.slice(9)}`, groupedPhone(whatsapp), whatsapp]) {
      assert.ok(!all.includes(written), `${written} is still stored`);
    }
    assert.equal((await row(other.id)).review_status, 'approved', 'a record that only mentioned it stays');
    assert.equal((await exportPersonalData(h.ctx, whatsapp)).items.length, 0);
    await assert.rejects(() => eraseByWhatsapp(h.ctx, 'no es un número', 'admin-2', 'x'), {
      code: 'validation_failed',
    });
  });
});

describe('retention on the clock', () => {
  test('documents, rejected submissions and closed emergencies lose their data when their days have passed', async () => {
    const decided = await plant();
    const rejected = await plant({ publish: false });
    await rejectSubmission(h.ctx, rejected.id, 'leader-1', 'Duplicado');
    const completed = await plant();
    await setRecordStatus(h.ctx, completed.id, 'completed', 'leader-1');
    const inClosed = await plant({ slug: 'deslizamiento-salgar' });
    await closeEmergency(h.ctx, 'deslizamiento-salgar', 'admin-1');
    const pending = await plant({ publish: false });

    h.clock.advanceHours(19 * DAY_H);
    const early = await purgePersonalData(h.ctx, { dryRun: true });
    assert.equal(early.lines.filter((l) => [decided.id, rejected.id].includes(l.id ?? '')).length, 0);

    h.clock.advanceHours(2 * DAY_H); // 21 days: rejected ones are due (20), documents not yet (30)
    const listed = await purgePersonalData(h.ctx, { dryRun: true });
    assert.deepEqual(
      listed.lines.filter((l) => l.id === rejected.id).map((l) => l.rule),
      ['rejected'],
    );
    assert.equal((await row(rejected.id)).contact_whatsapp, rejected.whatsapp, 'a dry run writes nothing');

    h.clock.advanceHours(10 * DAY_H); // 31 days
    await purgePersonalData(h.ctx, { dryRun: false });
    const afterDocs = await row(decided.id);
    assert.equal(afterDocs.identity_document, null);
    assert.equal(afterDocs.contact_whatsapp, decided.whatsapp, 'only the document goes after the decision');
    assert.equal((await row(pending.id)).identity_document, pending.document, 'undecided: the leaders still need it');
    const rejectedRow = await row(rejected.id);
    assert.equal(rejectedRow.contact_whatsapp, '');
    assert.equal(rejectedRow.review_status, 'rejected');
    assert.equal((await row(completed.id)).contact_whatsapp, completed.whatsapp);

    h.clock.advanceHours(60 * DAY_H); // 91 days
    await purgePersonalData(h.ctx, { dryRun: false });
    for (const p of [completed, inClosed]) {
      const r = await row(p.id);
      assert.equal(r.contact_whatsapp, '');
      assert.equal(r.address, null);
      assert.equal(r.review_status, 'approved', 'the public history stays, without the person');
    }
    const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${completed.id}` });
    assert.equal(detail.status, 200);
    assert.ok(!JSON.stringify(detail.body).includes(completed.whatsapp));
    assert.equal((await row(decided.id)).contact_whatsapp, decided.whatsapp, 'active and published: kept');
    const again = await purgePersonalData(h.ctx, { dryRun: true });
    assert.equal(again.lines.filter((l) => l.table === 'help_records').length, 0, 'nothing left to do');
    const logged = (await erasureLog(h.ctx)).filter((e) => e.targetId === completed.id);
    assert.deepEqual(
      logged.map((e) => [e.actor, e.scope]),
      [
        ['retention', 'identity'],
        ['retention', 'contact'],
      ],
    );
  });
});

describe('erased means gone', () => {
  test('neither the database files nor a dump hold an erased phone or document', async () => {
    const p = await plant();
    await withdrawWithToken(h.ctx, p.id, p.editToken);
    if (engine === 'sqlite') {
      const file = h.config.database.kind === 'sqlite' ? h.config.database.file : '';
      for (const path of [file, `${file}-wal`]) {
        if (!existsSync(path)) continue;
        const bytes = readFileSync(path);
        for (const value of [p.whatsapp, p.document, p.name]) {
          assert.equal(bytes.indexOf(Buffer.from(value)), -1, `${value} in ${path}`);
        }
      }
    } else {
      const dump = execFileSync('pg_dump', ['--data-only', h.dbUrl], { maxBuffer: 256 * 1024 * 1024 }).toString();
      assert.ok(dump.includes(p.id), 'the dump holds the record');
      for (const value of [p.whatsapp, p.document, p.name]) assert.ok(!dump.includes(value), `${value} in the dump`);
    }
  });
});
