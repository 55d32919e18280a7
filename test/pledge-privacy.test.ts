// Pledgers' names and WhatsApp numbers as personal data: the right to know, erasure by number, withdrawal of the
// request they pledged to, retention once closed, and "erased means gone" down to the database's bytes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { eraseByWhatsapp } from '../src/commands/personal-data/erase.ts';
import { erasureLog } from '../src/commands/personal-data/erasure-log.ts';
import { exportPersonalData } from '../src/commands/personal-data/export.ts';
import { purgePersonalData } from '../src/commands/personal-data/purge.ts';
import { withdrawWithToken } from '../src/commands/personal-data/withdraw.ts';
import { settleById } from '../src/commands/pledges/settle-pledge.ts';
import { pledgesOfRecord } from '../src/repositories/pledges.ts';
import { engine } from './helpers/database.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';
import { nextMobile } from './helpers/samples.ts';

let h: Harness;
const DAY_H = 24;

before(async () => {
  h = await setup({ RETENTION_AFTER_CLOSE_DAYS: '90' });
  await addEmergency(h);
});
after(() => h.close());

interface Pledger {
  name: string;
  whatsapp: string;
  code: string;
}

const newPledger = () => ({
  name: `Voluntaria ${randomUUID().slice(0, 8)}`,
  whatsapp: nextMobile(),
});

async function pledgeTo(id: string, quantity: number | undefined, who = newPledger()): Promise<Pledger> {
  const res = await h.json({
    method: 'POST',
    url: `${HELP}/${id}/pledges`,
    payload: { contactName: who.name, contactWhatsapp: who.whatsapp, ...(quantity ? { quantity } : {}) },
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return { ...who, code: res.body.code };
}

async function ownRequest(title: string) {
  const res = await h.json({
    method: 'POST',
    url: HELP,
    payload: requestBody({ title, quantityRequired: 30, unit: 'bidones' }),
  });
  const id = res.body.id as string;
  const { approveSubmission } = await import('../src/commands/approve-submission.ts');
  await approveSubmission(h.ctx, id, 'leader-1');
  return { id, editToken: res.body.editToken as string };
}

async function everyPledgeRow(): Promise<string> {
  return JSON.stringify(await h.ctx.db.selectFrom('pledges').selectAll().execute());
}

const detail = async (id: string) => (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item;

test("no public output shows a pledger's name, number or code; the public history says how much, not who", async () => {
  const id = await publish(h, requestBody({ title: 'Agua para el albergue', quantityRequired: 30, unit: 'bidones' }));
  const pledger = await pledgeTo(id, 20);
  const outputs = await crawlPublic(h);
  assert.ok(outputs.some((o) => o.text.includes('Alguien se comprometió a llevar 20 bidones')));
  assert.deepEqual(leaks(outputs, [pledger.name, pledger.whatsapp, pledger.whatsapp.slice(1), pledger.code]), []);
});

test('the right to know lists the pledges a number made, and only those', async () => {
  const request = await ownRequest('Mercados para la vereda');
  const pledger = await pledgeTo(request.id, 5);
  const known = await exportPersonalData(h.ctx, pledger.whatsapp);
  const pledges = known.items.filter((i) => i.table === 'pledges');
  assert.equal(pledges.length, 1);
  assert.equal(pledges[0]?.fields.Nombre, pledger.name);
  assert.equal(pledges[0]?.fields.Solicitud, request.id);
  // The requester's own export does not carry the people who pledged to them.
  const requester = await h.ctx.db
    .selectFrom('help_records')
    .select('contact_whatsapp')
    .where('id', '=', request.id)
    .executeTakeFirstOrThrow();
  const theirs = await exportPersonalData(h.ctx, requester.contact_whatsapp);
  assert.ok(!JSON.stringify(theirs).includes(pledger.whatsapp));
});

test("erasure by the pledger's number empties the pledge and gives its open quantity back to the request", async () => {
  const request = await ownRequest('Agua para el colegio');
  const who = newPledger();
  const open = await pledgeTo(request.id, 10, who);
  const other = await ownRequest('Agua para el puesto de salud');
  const delivered = await pledgeTo(other.id, 5, who);
  await h.json({ method: 'POST', url: '/api/public/v1/pledges/confirm', payload: { code: delivered.code } });
  const [reported] = await pledgesOfRecord(h.ctx.db, other.id);
  await settleById(h.ctx, reported?.id ?? '', null, 'deliver', 'lider-1');
  // A third request's delivery is only reported (not confirmed) when the pledger is erased: it is released too.
  const third = await ownRequest('Agua para la vereda baja');
  const unconfirmed = await pledgeTo(third.id, 4, who);
  await h.json({ method: 'POST', url: '/api/public/v1/pledges/confirm', payload: { code: unconfirmed.code } });
  assert.equal((await detail(third.id)).quantities.committed, 4);
  assert.equal((await detail(request.id)).quantities.committed, 10);

  await eraseByWhatsapp(h.ctx, who.whatsapp, 'admin-1', 'Solicitud de supresión');
  const rows = await everyPledgeRow();
  for (const value of [who.name, who.whatsapp]) assert.ok(!rows.includes(value), `${value} is still stored`);
  const item = await detail(request.id);
  assert.deepEqual([item.quantities.committed, item.quantities.uncommitted, item.quantities.pledges], [0, 30, 0]);
  assert.equal((await detail(other.id)).quantities.covered, 5, 'a confirmed delivery stays delivered');
  assert.equal((await pledgesOfRecord(h.ctx.db, request.id))[0]?.status, 'cancelled');
  const unheld = await detail(third.id);
  assert.deepEqual([unheld.quantities.covered, unheld.quantities.committed, unheld.quantities.uncommitted], [0, 0, 30]);
  assert.equal((await pledgesOfRecord(h.ctx.db, third.id))[0]?.status, 'cancelled');
  const logged = (await erasureLog(h.ctx)).filter((e) => e.targetTable === 'pledges');
  assert.equal(logged.length, 3);
  assert.ok(logged.every((e) => e.scope === 'text'));
  assert.equal((await exportPersonalData(h.ctx, who.whatsapp)).items.length, 0);
  assert.equal(open.code.length, 15);
});

test('withdrawing a request cancels its open pledges and erases the pledgers it had', async () => {
  const request = await ownRequest('Carpas para la cancha');
  const first = await pledgeTo(request.id, 10);
  const second = await pledgeTo(request.id, 5);
  await withdrawWithToken(h.ctx, request.id, request.editToken);
  const rows = await pledgesOfRecord(h.ctx.db, request.id);
  assert.deepEqual(
    rows.map((r) => [r.status, r.contact_name, r.contact_whatsapp]),
    [
      ['cancelled', '', ''],
      ['cancelled', '', ''],
    ],
  );
  const record = await h.ctx.db
    .selectFrom('help_records')
    .select(['quantity_committed', 'pledges_open'])
    .where('id', '=', request.id)
    .executeTakeFirstOrThrow();
  assert.deepEqual([record.quantity_committed, record.pledges_open], [0, 0]);
  const cancel = await h.json({ method: 'POST', url: '/api/public/v1/pledges/cancel', payload: { code: first.code } });
  assert.equal(cancel.body.code, 'pledge_closed');
  // Down to the bytes: neither the database files nor a dump keep them.
  const values = [first.name, first.whatsapp, second.name, second.whatsapp];
  if (engine === 'sqlite') {
    const file = h.config.database.kind === 'sqlite' ? h.config.database.file : '';
    for (const path of [file, `${file}-wal`]) {
      if (!existsSync(path)) continue;
      const bytes = readFileSync(path);
      for (const value of values) assert.equal(bytes.indexOf(Buffer.from(value)), -1, `${value} in ${path}`);
    }
  } else {
    const dump = execFileSync('pg_dump', ['--data-only', h.dbUrl], { maxBuffer: 256 * 1024 * 1024 }).toString();
    assert.ok(dump.includes(request.id));
    for (const value of values) assert.ok(!dump.includes(value), `${value} in the dump`);
  }
});

test("retention erases a closed pledge's contact once its days have passed; an open one keeps it", async () => {
  const request = await ownRequest('Cobijas para el hogar');
  const closed = await pledgeTo(request.id, 4);
  const [row] = await pledgesOfRecord(h.ctx.db, request.id);
  assert.ok(row);
  await settleById(h.ctx, row.id, row.emergency_id, 'cancel', 'leader-1');
  const open = await pledgeTo(request.id, 4);
  h.clock.advanceHours(89 * DAY_H);
  const early = await purgePersonalData(h.ctx, { dryRun: true });
  assert.ok(!early.lines.some((l) => l.id === row.id));
  h.clock.advanceHours(2 * DAY_H);
  const due = await purgePersonalData(h.ctx, { dryRun: true });
  assert.deepEqual(
    due.lines.filter((l) => l.id === row.id).map((l) => l.rule),
    ['pledge_contact'],
  );
  await purgePersonalData(h.ctx, { dryRun: false });
  const rows = await everyPledgeRow();
  assert.ok(!rows.includes(closed.whatsapp), 'the closed pledge lost its contact');
  assert.ok(rows.includes(open.whatsapp), 'an open pledge is still being coordinated');
});
