// The public change feed: one event per change of what the public API shows, with the public state after it, in
// commit order; nothing pending or rejected; a withdrawal leaves a tombstone and takes the data out of earlier
// entries; a cursor older than the retention answers 410 with the oldest valid one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { eraseByWhatsapp } from '../src/commands/personal-data/erase.ts';
import { exportPersonalData } from '../src/commands/personal-data/export.ts';
import { purgePersonalData } from '../src/commands/personal-data/purge.ts';
import { withdrawWithToken } from '../src/commands/personal-data/withdraw.ts';
import { refreshPriorities } from '../src/commands/refresh-priorities.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { setCoveredQuantity } from '../src/commands/set-covered-quantity.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { setLogisticsStatus } from '../src/commands/set-logistics-status.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import {
  addEmergency,
  requestBody as anyRequest,
  type Harness,
  HELP,
  offerBody,
  publish,
  setup,
} from './helpers/harness.ts';
import { nextMobile } from './helpers/samples.ts';

const CHANGES = '/api/public/v1/changes';
const requestBody = (overrides: Record<string, unknown> = {}) =>
  anyRequest({ emergencySlug: 'inundacion-mocoa', ...overrides });

interface Event {
  cursor: string;
  kind: string;
  entity: string;
  id: string;
  emergencySlug: string;
  at: string;
  state: Record<string, unknown> | null;
  redacted: boolean;
}

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
  await addEmergency(h, 'sismo-pasto', 'Sismo Pasto');
});
after(() => h.close());

async function head(): Promise<string> {
  const res = await h.json({ method: 'GET', url: CHANGES });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body.events, [], 'without since: from now, no events');
  return res.body.next;
}

async function since(cursor: string, extra = ''): Promise<{ events: Event[]; next: string; hasMore: boolean }> {
  const res = await h.json({ method: 'GET', url: `${CHANGES}?since=${cursor}${extra}` });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

async function submitted(body: Record<string, unknown>) {
  const res = await h.json({ method: 'POST', url: HELP, payload: body });
  assert.equal(res.status, 202);
  return { id: res.body.id as string, editToken: res.body.editToken as string };
}

const detail = async (id: string) => (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item;

test('a submission is no event until published; then each public change is one, with the state after it', async () => {
  const start = await head();
  const { id } = await submitted(
    requestBody({ title: 'Agua para el albergue', quantityRequired: 30, unit: 'bidones' }),
  );
  assert.deepEqual((await since(start)).events, [], 'pending: nothing public moved');

  await approveSubmission(h.ctx, id, 'leader');
  const published = await since(start);
  assert.equal(published.events.length, 1);
  const [event] = published.events as [Event];
  assert.equal(event.kind, 'published');
  assert.equal(event.entity, 'help');
  assert.equal(event.id, id);
  assert.equal(event.emergencySlug, 'inundacion-mocoa');
  assert.equal(event.redacted, false);
  assert.deepEqual(event.state, await detail(id), 'the state is what the detail view shows');
  assert.ok(Number(event.cursor) > Number(start));
  assert.equal(published.next, event.cursor);

  await setCoveredQuantity(h.ctx, id, 10, 'leader');
  await setRecordStatus(h.ctx, id, 'in_process', 'leader');
  // The priority refresh moves priorityScore alone: no event.
  h.clock.advanceHours(5);
  await refreshPriorities(h.ctx);
  const later = await since(published.next);
  assert.deepEqual(
    later.events.map((e) => e.kind),
    ['quantities_changed', 'status_changed'],
  );
  const quantities = (later.events[0] as Event).state?.quantities as { covered: number } | undefined;
  assert.equal(quantities?.covered, 10);
  assert.equal((later.events[1] as Event).state?.status, 'in_process');
  const cursors = [event, ...later.events].map((e) => Number(e.cursor));
  assert.deepEqual(
    cursors,
    [...cursors].sort((a, b) => a - b),
    'in cursor order',
  );
  assert.equal(new Set(cursors).size, cursors.length);
});

test('rejected submissions and rejected revisions never appear', async () => {
  const start = await head();
  const { id } = await submitted(requestBody({ title: 'Colchonetas' }));
  await rejectSubmission(h.ctx, id, 'leader', 'Duplicado');
  const body = requestBody({ title: 'Carpas para la vereda' });
  const first = await submitted(body);
  await approveSubmission(h.ctx, first.id, 'leader');
  const revision = await h.json({
    method: 'POST',
    url: HELP,
    payload: { ...body, title: 'Carpas y cobijas para la vereda' },
    headers: { authorization: `Bearer ${first.editToken}` },
  });
  assert.equal(revision.status, 202);
  await rejectSubmission(h.ctx, first.id, 'leader', 'No corresponde');
  const { events } = await since(start);
  assert.deepEqual(
    events.map((e) => [e.kind, e.id]),
    [['published', first.id]],
  );
  assert.ok(!JSON.stringify(events).includes('Colchonetas'));
  assert.ok(!JSON.stringify(events).includes('cobijas'));
  assert.equal((await detail(first.id)).title, 'Carpas para la vereda');
});

test('a withdrawal leaves a tombstone and takes the contact out of every earlier entry', async () => {
  const start = await head();
  const canary = nextMobile();
  const { id, editToken } = await submitted(
    requestBody({ title: 'Leche para bebés', contactName: 'Canaria Feed', contactWhatsapp: canary }),
  );
  await approveSubmission(h.ctx, id, 'leader');
  const visible = await since(start);
  assert.ok(JSON.stringify(visible).includes('Canaria Feed'), 'published with consent: the contact is public');

  await withdrawWithToken(h.ctx, id, editToken);
  const all = await since('0', '&limit=500');
  const mine = all.events.filter((e) => e.id === id);
  assert.equal(mine.at(-1)?.kind, 'withdrawn');
  assert.equal(mine.at(-1)?.state, null);
  assert.ok(
    mine.slice(0, -1).every((e) => e.redacted && e.state === null),
    'earlier entries lost their state',
  );
  const text = JSON.stringify(all);
  assert.ok(!text.includes('Canaria Feed'));
  assert.ok(!text.includes(canary.slice(1)));
});

test('the right to know lists the feed entries that hold a number; erasure by number takes it out of them', async () => {
  const start = await head();
  const canary = nextMobile();
  const id = await publish(h, requestBody({ title: 'Pañales', contactName: 'Gorrión Feed', contactWhatsapp: canary }));
  const known = await exportPersonalData(h.ctx, canary);
  const entries = known.items.filter((i) => i.table === 'public_changes');
  assert.ok(entries.length >= 1, 'the published state holds the number');
  assert.ok(entries.every((i) => i.fields.Registro === id));

  await eraseByWhatsapp(h.ctx, canary, 'admin', 'Solicitud de la persona');
  const text = JSON.stringify(await since(start, '&limit=500'));
  assert.ok(!text.includes(canary.slice(1)), 'no entry holds the number');
  assert.ok(!text.includes('Gorrión Feed'), 'nor the name');
  assert.equal((await exportPersonalData(h.ctx, canary)).items.filter((i) => i.table === 'public_changes').length, 0);
});

test("centres' inventories and routes are events too; a route that is no longer available is withdrawn", async () => {
  const start = await head();
  const centre = await publish(
    h,
    offerBody({
      emergencySlug: 'inundacion-mocoa',
      title: 'Coliseo',
      category: 'acopio',
      collectionCenterStatus: 'needs_resources',
      address: 'Calle 5',
    }),
  );
  await setInventoryLine(h.ctx, centre, { kind: 'have', category: 'agua', quantity: 120, unit: 'bidones' }, 'leader');
  const destination = await publish(h, requestBody({ title: 'Agua para la vereda' }));
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: 'inundacion-mocoa',
      destinationHelpId: destination,
      title: 'Llevar agua',
      supplyDescription: 'Bidones',
      pickupAddress: 'Parque principal de Mocoa',
      pickupLatitude: 1.1497,
      pickupLongitude: -76.6469,
    },
    'leader',
  );
  await setLogisticsStatus(h.ctx, route.id, 'assigned', 'leader');
  const { events } = await since(start, '&limit=500');
  const inventory = events.filter((e) => e.entity === 'inventory' && e.id === centre);
  assert.deepEqual(
    inventory.map((e) => e.kind),
    ['published', 'updated'],
  );
  const have = (inventory[1]?.state as { have: { quantity: number }[] } | undefined)?.have ?? [];
  assert.equal(have[0]?.quantity, 120);
  const routeEvents = events.filter((e) => e.entity === 'route');
  assert.deepEqual(
    routeEvents.map((e) => [e.kind, e.id]),
    [
      ['published', route.id],
      ['withdrawn', route.id],
    ],
  );
  const list = await h.json({ method: 'GET', url: '/api/logistics-operations?emergencia=inundacion-mocoa' });
  assert.ok(!JSON.stringify(list.body).includes(route.id));
  assert.ok(!JSON.stringify(events).includes('volunteer'), 'no volunteer field in any state');
});

test('limit pages the feed with hasMore; emergencySlug keeps one emergency; bad cursors are refused', async () => {
  const start = await head();
  const ids = [];
  for (let i = 0; i < 5; i++) ids.push(await publish(h, requestBody({ title: `Mercados ${i}` })));
  const other = await publish(h, requestBody({ title: 'Carpas en Pasto', emergencySlug: 'sismo-pasto' }));
  const first = await since(start, '&limit=2');
  assert.equal(first.events.length, 2);
  assert.equal(first.hasMore, true);
  const rest = await since(first.next, '&limit=100');
  assert.equal(rest.hasMore, false);
  assert.deepEqual(
    [...first.events, ...rest.events].map((e) => e.id),
    [...ids, other],
  );
  const pasto = await since(start, '&emergencySlug=sismo-pasto');
  assert.deepEqual(
    pasto.events.map((e) => e.id),
    [other],
  );
  assert.equal(pasto.next, rest.next, 'a filtered read still moves to the head');

  const unknown = await h.json({ method: 'GET', url: `${CHANGES}?since=99999999` });
  assert.equal(unknown.status, 400);
  assert.equal(unknown.body.code, 'invalid_query');
  const bad = await h.json({ method: 'GET', url: `${CHANGES}?since=abc` });
  assert.equal(bad.body.code, 'invalid_query');
  const noSuch = await h.json({ method: 'GET', url: `${CHANGES}?since=0&emergencySlug=no-existe` });
  assert.equal(noSuch.status, 400);
  assert.equal(noSuch.body.code, 'unknown_emergency');
});

test('entries older than the retention are dropped: their cursors answer 410 with the oldest valid one', async () => {
  const old = await head();
  await publish(h, requestBody({ title: 'Antes de la retención' }));
  h.clock.advanceHours(24 * 31);
  const recent = await publish(h, requestBody({ title: 'Después' }));
  const dry = await purgePersonalData(h.ctx, { dryRun: true });
  assert.ok((dry.lines.find((l) => l.rule === 'change_feed')?.count ?? 0) > 0);
  await purgePersonalData(h.ctx, { dryRun: false });
  const gone = await h.json({ method: 'GET', url: `${CHANGES}?since=${old}` });
  assert.equal(gone.status, 410);
  assert.equal(gone.body.code, 'cursor_expired');
  const oldest = gone.body.details[0].oldestCursor as string;
  assert.ok(Number(oldest) > Number(old));
  const from = await since(oldest);
  assert.deepEqual(
    from.events.map((e) => e.id),
    [recent],
  );
  assert.deepEqual(
    (await since('0')).events.map((e) => e.id),
    [recent],
    'since=0: from the oldest entry kept',
  );
});
