import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { type Context, createContext } from '../context.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { categories } from '../domain/categories.ts';
import { distanceKm } from '../domain/distance.ts';
import { normalizeWhatsapp } from '../domain/phone.ts';
import { emergencyDigest } from '../queries/digest.ts';
import { getHelp } from '../queries/get-help.ts';
import { readInventory } from '../queries/inventory.ts';
import { listHelp } from '../queries/list-help.ts';
import { listLogistics } from '../queries/list-logistics.ts';
import { panorama } from '../queries/panorama.ts';
import { helpQuery } from '../schemas/help-query.ts';
import { helpList, type PublicHelp } from '../schemas/public-help.ts';
import { helpSubmission } from '../schemas/submission.ts';
import { DEMO_SMS_NUMBER } from './demo-conversation.ts';
import { DEMO_MAX_KM, demoEmergency, demoPlan } from './demo-data.ts';
import { DEMO_PROVED_NUMBER } from './demo-number-proof.ts';
import { DEMO_ACCOUNT } from './demo-operations.ts';
import {
  DEMO_CONTROLLER,
  DEMO_TEAM_CONTACT,
  type DemoSummary,
  demoControllerEnv,
  ensureDemoTeamContact,
  seedDemo,
} from './seed-demo.ts';

const postgresUrl = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? process.env.TEST_DATABASE_URL : undefined;
let dir: string | null = null;
let database: Database;
let ctx: Context;
let summary: DemoSummary;
let seedMs = 0;

async function freshPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema public cascade; create schema public');
  } finally {
    await client.end();
  }
}

before(async () => {
  let url: string;
  if (postgresUrl) {
    await freshPostgres(postgresUrl);
    url = postgresUrl;
  } else {
    dir = mkdtempSync(path.join(tmpdir(), 'ayuda-demo-'));
    url = path.join(dir, 'demo.db');
  }
  const config = loadConfig({ ...process.env, DATABASE_URL: url });
  database = await openDatabase(config.database);
  ctx = createContext(config, database);
  const started = performance.now();
  summary = await seedDemo(ctx);
  seedMs = performance.now() - started;
});

after(async () => {
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function list(params: Record<string, string>) {
  return listHelp(ctx, helpQuery.parse({ view: 'list', status: 'all', confirmation: 'all', limit: '100', ...params }));
}

/** Every published record: one list per category and type stays under the 100 limit. */
async function everyPublished(): Promise<PublicHelp[]> {
  const byId = new Map<string, PublicHelp>();
  for (const category of categories) {
    for (const type of ['request', 'offer']) {
      const page = await list({ category, type });
      assert.equal(page.returned, page.total, `${category}/${type} fits in one page`);
      for (const item of page.items) byId.set(item.id, item);
    }
  }
  return [...byId.values()];
}

test('the plan is deterministic and every submission passes the public schema', () => {
  const reference = new Date('2026-05-10T12:00:00Z');
  const plan = demoPlan(reference);
  assert.deepEqual(demoPlan(reference), plan);
  const externalIds = new Set<string>();
  const phones = new Set<string>();
  for (const { submission } of plan.entries) {
    const parsed = helpSubmission.safeParse(submission);
    assert.ok(parsed.success, `${submission.externalId}: ${JSON.stringify(parsed.error?.issues)}`);
    assert.equal(submission.source, 'demo');
    assert.match(submission.externalId, /^demo-(sol|ofr)-/);
    externalIds.add(submission.externalId);
    phones.add(submission.contactWhatsapp);
  }
  assert.equal(externalIds.size, plan.entries.length, 'externalId is unique');
  assert.equal(phones.size, plan.entries.length, 'each contact has a number of its own');
});

test('seeds about 200 published records, a few waiting for review and two rejected, in seconds', () => {
  assert.equal(summary.emergencySlug, demoEmergency.slug);
  assert.ok(summary.approved >= 150, String(summary.approved));
  // Two of them are near-copies of a published request, to join (demo-duplicates.ts).
  assert.ok(summary.pending >= 6 && summary.pending <= 12, String(summary.pending));
  assert.equal(summary.rejected, 2);
  assert.ok(seedMs < 30_000, `seedDemo took ${Math.round(seedMs)} ms`);
});

test('every published record is listed with status all, valid against the public schema', async () => {
  const all = await list({});
  helpList.parse(all);
  assert.equal(all.total, summary.approved);
  const items = await everyPublished();
  assert.equal(items.length, summary.approved);
  const requests = items.filter((item) => item.type === 'request').length;
  assert.ok(requests >= 120 && items.length - requests >= 40, `${requests} requests of ${items.length}`);
});

test('every category, urgency and status appears', async () => {
  const items = await everyPublished();
  for (const category of categories) {
    assert.ok(
      items.some((item) => item.category === category),
      `category ${category}`,
    );
  }
  for (const urgency of ['urgent', 'needed', 'stable']) {
    assert.ok(
      items.some((item) => item.type === 'request' && item.urgency === urgency),
      `urgency ${urgency}`,
    );
  }
  for (const status of ['active', 'in_process', 'completed']) {
    assert.ok((await list({ status })).total > 0, `status ${status}`);
  }
});

test('the optional fields of requests and offers all carry data', async () => {
  const items = await everyPublished();
  const some = (label: string, check: (item: PublicHelp) => boolean) => assert.ok(items.some(check), label);
  some('neighborhood', (i) => Boolean(i.location.neighborhood));
  some('neededPeople', (i) => (i.quantities?.people ?? 0) > 1);
  some('resourceLabel', (i) => i.resources.some((r) => r.label !== i.title));
  some('quantityRequired and unit', (i) => (i.quantities?.required ?? 0) > 0 && Boolean(i.quantities?.unit));
  some('vehicle', (i) => Boolean(i.logistics?.vehicle));
  some('capacityKg', (i) => (i.logistics?.capacityKg ?? 0) > 0);
  some('capacityBoxes', (i) => (i.logistics?.capacityBoxes ?? 0) > 0);
  some('passengerCapacity', (i) => (i.logistics?.passengerCapacity ?? 0) > 0);
  some('zones', (i) => Boolean(i.logistics?.zones));
  some('availableUntil', (i) => /^\d{4}-\d{2}-\d{2}$/.test(i.logistics?.availableUntil ?? ''));
  some('needsTransport true', (i) => i.type === 'offer' && i.logistics?.needsTransport === true);
  some('needsTransport false', (i) => i.type === 'offer' && i.logistics?.needsTransport === false);
  for (const status of ['full', 'needs_volunteers', 'needs_resources']) {
    some(`collection centre ${status}`, (i) => i.collectionCenter?.status === status);
  }
});

test('at least four collection centres, in the list and in the panorama', async () => {
  const centres = (await list({ category: 'acopio', type: 'offer' })).items.filter((item) => item.collectionCenter);
  assert.ok(centres.length >= 4, String(centres.length));
  const view = await panorama(ctx);
  assert.equal(view.emergencies.length, 1);
  assert.equal(view.emergencies[0]?.slug, demoEmergency.slug);
  assert.ok(view.counts.collectionCenters >= 4, String(view.counts.collectionCenters));
  assert.equal(view.counts.requests.total + view.counts.offers.total, summary.approved);
  assert.ok(view.counts.urgentRequests > 0);
  assert.ok((view.emergencies[0]?.urgentNeeds.length ?? 0) > 0);
});

test("offers show the place rule: a person's offer approximate, a pickup point and every centre exact", async () => {
  const offers = (await list({ type: 'offer' })).items.filter((item) => item.location.latitude !== null);
  const people = offers.filter((item) => !item.collectionCenter);
  assert.ok(people.some((item) => item.location.precision === 'approximate' && item.location.address === null));
  assert.ok(people.some((item) => item.location.precision === 'exact' && item.location.address !== null));
  const centres = offers.filter((item) => item.collectionCenter);
  assert.ok(centres.length >= 4 && centres.every((item) => item.location.precision === 'exact'));
});

test('priority filters deficit and near_covered both find partly covered requests', async () => {
  const deficit = await list({ priority: 'deficit' });
  assert.ok(deficit.total > 0);
  assert.ok(
    deficit.items.some((i) => (i.quantities?.covered ?? 0) > 0),
    'a partly covered request below half',
  );
  const nearCovered = await list({ priority: 'near_covered' });
  assert.ok(nearCovered.total > 0);
  for (const item of nearCovered.items) {
    const fraction = item.quantities?.coveredFraction ?? 0;
    assert.ok(fraction >= 0.75 && fraction < 1 && item.status !== 'completed', `${item.title}: ${fraction}`);
  }
  assert.ok((await list({ priority: 'urgent' })).total > 0);
});

test('submissions waiting for review or rejected are in no list and no detail', async () => {
  const hidden = await ctx.db
    .selectFrom('help_records')
    .select(['id', 'title', 'review_status'])
    .where('review_status', '!=', 'approved')
    .execute();
  assert.equal(hidden.filter((row) => row.review_status === 'pending_review').length, summary.pending);
  assert.equal(hidden.filter((row) => row.review_status === 'rejected').length, summary.rejected);
  const hiddenIds = new Set(hidden.map((row) => row.id));
  const seen: PublicHelp[] = await everyPublished();
  for (const status of ['all', 'active', 'in_process', 'completed']) {
    for (const priority of ['all', 'urgent', 'deficit', 'near_covered']) {
      seen.push(...(await list({ status, priority })).items);
    }
  }
  for (const row of hidden) seen.push(...(await list({ q: row.title })).items);
  for (const item of seen) assert.ok(!hiddenIds.has(item.id), `${item.title} must not be public`);
  for (const row of hidden) {
    await assert.rejects(getHelp(ctx, row.id), { code: 'help_not_found' } as never);
  }
});

test('every record has a valid E.164 WhatsApp and a place within the town (or its municipality)', async () => {
  for (const item of await everyPublished()) {
    const { whatsapp } = item.contact;
    assert.match(whatsapp, /^\+573\d{9}$/);
    assert.equal(normalizeWhatsapp(whatsapp), whatsapp);
    const { latitude, longitude } = item.location;
    if (latitude === null || longitude === null) continue;
    // Known only by its municipality (the SMS request): public at DANE's point for Mocoa, outside the town's radius.
    if (item.location.precision === 'municipality') {
      assert.equal(item.location.municipalityCode, '86001', item.title);
      continue;
    }
    const km = distanceKm(demoEmergency.latitude, demoEmergency.longitude, latitude, longitude);
    assert.ok(km <= DEMO_MAX_KM, `${item.title}: ${km.toFixed(2)} km`);
  }
});

test('someone to ask: the emergency has a public contact, and the demo names a demo organisation as controller', async () => {
  const emergency = await ctx.db
    .selectFrom('emergencies')
    .select('public_contact')
    .where('slug', '=', demoEmergency.slug)
    .executeTakeFirstOrThrow();
  assert.equal(emergency.public_contact, DEMO_TEAM_CONTACT);
  assert.match(DEMO_TEAM_CONTACT, /demostración/);
  // Run again on a seeded database (as `ayuda demo` does at each start), it changes nothing.
  const sets = () =>
    ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'emergency_contact_set').execute();
  const before = (await sets()).length;
  assert.equal(before, 1);
  await ensureDemoTeamContact(ctx, demoEmergency.slug);
  assert.equal((await sets()).length, before);
  const config = loadConfig({ ...demoControllerEnv({}), DATABASE_URL: ':memory:' });
  assert.equal(config.dataControllerName, DEMO_CONTROLLER.name);
  assert.equal(config.dataControllerContact, DEMO_CONTROLLER.contact);
  assert.match(DEMO_CONTROLLER.name, /demostración/);
  // An operator's own settings win over the demo's.
  const own = loadConfig({ ...demoControllerEnv({ DATA_CONTROLLER_NAME: 'Cruz Verde' }), DATABASE_URL: ':memory:' });
  assert.equal(own.dataControllerName, 'Cruz Verde');
  assert.equal(own.dataControllerContact, DEMO_CONTROLLER.contact);
});

test('seeding twice names the emergency that already exists', async () => {
  await assert.rejects(seedDemo(ctx), /inundacion-mocoa-2026.*ya existe/);
});

test('centres carry inventories (one line stale), routes wait in the public list, and a console account exists', async () => {
  const stock = await readInventory(ctx, { emergencia: demoEmergency.slug });
  const lines = stock.centers.flatMap((c) => [...c.have, ...c.need]);
  assert.ok(lines.length >= 8, `${lines.length} lines`);
  assert.ok(lines.some((l) => l.stale) && lines.some((l) => !l.stale));
  const routes = await listLogistics(ctx, demoEmergency.slug);
  // Two from a collection centre (a third is already assigned) and one from a person's offer, at its public place.
  assert.equal(routes.operations.length, 3);
  const approximate = routes.operations.filter((r) => r.pickup_address.includes('ubicación aproximada'));
  assert.equal(approximate.length, 1, 'one picks up at a person’s offer, shown approximate');
  const account = await ctx.db.selectFrom('accounts').select(['email', 'role']).executeTakeFirstOrThrow();
  assert.deepEqual({ ...account }, { email: DEMO_ACCOUNT.email, role: 'admin' });
});

test('pledges: some open, one delivered in part, one reported and unconfirmed, one cancelled, beside covered', async () => {
  const requests = (await everyPublished()).filter((item) => item.type === 'request' && item.quantities !== null);
  const committed = requests.filter((item) => (item.quantities?.committed ?? 0) > 0);
  assert.ok(committed.length >= 3, `${committed.length} requests with something committed`);
  for (const item of committed) {
    const q = item.quantities;
    assert.ok(q && q.pending !== null && q.uncommitted === Math.max(0, q.pending - q.committed));
  }
  const kinds = new Set(requests.flatMap((item) => item.timeline.map((event) => event.kind)));
  for (const kind of ['pledged', 'pledge_reported', 'pledge_delivered', 'pledge_released']) {
    assert.ok(kinds.has(kind as never), kind);
  }
  const pledges = await ctx.db.selectFrom('pledges').select(['status', 'contact_whatsapp', 'client_hash']).execute();
  assert.deepEqual(new Set(pledges.map((p) => p.status)), new Set(['open', 'reported', 'delivered', 'cancelled']));
  // One company pledged twice from one phone and one connection: the leaders' list groups them.
  const twice = pledges.filter((p) => p.contact_whatsapp === '+573005550124');
  assert.equal(twice.length, 2);
  assert.equal(twice[0]?.client_hash, twice[1]?.client_hash);
  // The delivery its pledger reported two and a half days ago waits on the leaders' digest, not in covered.
  const emergency = await ctx.db
    .selectFrom('emergencies')
    .select('id')
    .where('slug', '=', demoEmergency.slug)
    .executeTakeFirstOrThrow();
  const digest = await emergencyDigest(ctx, emergency.id);
  assert.deepEqual(
    digest.unconfirmedDeliveries.map((d) => d.name),
    ['Supermercado La Economía'],
  );
});

test('some needs are "por confirmar" (untouched for three days), none expired', async () => {
  const items = await everyPublished();
  const states = new Set(items.map((item) => item.confirmation.state));
  assert.ok(states.has('to_confirm') && states.has('current'), [...states].join(','));
  assert.ok(!states.has('expired'));
});

test('volunteers have offered to take the available routes, waiting for the leaders', async () => {
  const claims = await ctx.db.selectFrom('route_claims').select(['status', 'operation_id']).execute();
  const pending = claims.filter((c) => c.status === 'pending');
  assert.ok(pending.length >= 2, `${pending.length} offers`);
  assert.deepEqual(
    claims.filter((c) => c.status !== 'pending').map((c) => c.status),
    ['accepted'],
    'one volunteer was accepted and delivered',
  );
});

test('a route was delivered in another unit than its request’s: "sin convertir", reserving and covering nothing', async () => {
  const delivery = await ctx.db
    .selectFrom('pledges as p')
    .innerJoin('help_records as h', 'h.id', 'p.help_id')
    .select(['p.unit', 'p.status', 'p.delivered_quantity', 'h.unit as request_unit', 'h.id as help_id'])
    .where('p.contact_whatsapp', '=', '+573005550132')
    .executeTakeFirstOrThrow();
  assert.equal(delivery.status, 'reported');
  assert.equal(Number(delivery.delivered_quantity), 15);
  assert.notEqual(delivery.unit, delivery.request_unit);
  const item = (await everyPublished()).find((i) => i.id === delivery.help_id);
  const event = item?.timeline.find((e) => e.kind === 'pledge_reported' && e.unit === delivery.unit);
  assert.match(event?.label ?? '', /15 (cajas|bultos) \(sin convertir\)/);
});

test('one request came by SMS through the intake: its channel is recorded and its public contact offers a call', async () => {
  const sms = (await everyPublished()).filter((item) => item.contact?.channel === 'sms');
  assert.equal(sms.length, 1, 'the SMS conversation made one published request');
  const [item] = sms;
  assert.equal(item?.contact?.whatsapp, DEMO_SMS_NUMBER);
  assert.equal(item?.category, 'agua');
  const row = await ctx.db
    .selectFrom('help_records')
    .select(['arrived_by', 'source', 'address'])
    .where('id', '=', item?.id ?? '')
    .executeTakeFirstOrThrow();
  assert.deepEqual(row, { arrived_by: 'sms', source: 'sms', address: 'Calle 9 # 4-18, casa azul junto a la tienda' });
  const logged = await ctx.db
    .selectFrom('channel_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address', '=', DEMO_SMS_NUMBER)
    .executeTakeFirstOrThrow();
  assert.equal(Number(logged.n), 12, 'every message the person sent is in the conversation log');
  const others = (await everyPublished()).filter((item) => item.contact !== null && item.contact?.channel !== 'sms');
  assert.ok(others.length > 100 && others.every((other) => other.contact?.channel === 'unknown'));
});

test('one web request asked for notices and proved its number by code: the approval went to it, and nothing else', async () => {
  const row = await ctx.db
    .selectFrom('help_records')
    .select(['id', 'source', 'arrived_by', 'proof_channel', 'number_proved_at', 'proof_code_hash', 'review_status'])
    .where('contact_whatsapp', '=', DEMO_PROVED_NUMBER)
    .executeTakeFirstOrThrow();
  assert.equal(row.source, 'web');
  assert.equal(row.arrived_by, null);
  assert.equal(row.proof_channel, 'sms');
  assert.ok(row.number_proved_at, 'proved');
  assert.equal(row.proof_code_hash, null, 'the code proved it once and proves nothing more');
  assert.equal(row.review_status, 'approved');
  const told = await ctx.db
    .selectFrom('outbound_messages')
    .select('body')
    .where('address', '=', DEMO_PROVED_NUMBER)
    .orderBy('created_at')
    .execute();
  assert.equal(told.length, 2, 'the code, then the approval');
  assert.match(told[1]?.body ?? '', /fue revisada y ya está publicada/);
  // She lost her receipt code and a leader read her a new one by phone: the history says so, without the code.
  const renewed = await ctx.db
    .selectFrom('audit_log')
    .select(['details'])
    .where('target_id', '=', row.id)
    .where('action', '=', 'receipt_code_renewed')
    .execute();
  assert.equal(renewed.length, 1);
  assert.deepEqual(JSON.parse(renewed[0]?.details ?? ''), { sentBy: null });
});
