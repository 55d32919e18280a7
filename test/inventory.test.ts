// Collection-centre inventory (SPEC 2.9, 4.4): lines and their commands, the Inventario, its age, its errors,
// the CLI, and the centres' secret edit links.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createEditLink, resolveEditLink, revokeEditLink } from '../src/commands/center-edit-links.ts';
import { closeEmergency } from '../src/commands/close-emergency.ts';
import { removeInventoryLine } from '../src/commands/remove-inventory-line.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { buildOpenApi } from '../src/contract/openapi.ts';
import { AppError } from '../src/errors.ts';
import { centerEditLinks, centerInventoryLines } from '../src/queries/inventory.ts';
import type { InventoryLineInput } from '../src/schemas/inventory.ts';
import { runCli } from './helpers/cli.ts';
import { addEmergency, type Harness, offerBody, publish, requestBody, setup, submit } from './helpers/harness.ts';
import { OpenApiValidator } from './helpers/openapi-validator.ts';

const URL = '/api/public/v1/inventario';
const SLUG = 'inundacion-mocoa';
const OTHER = 'otra-emergencia';
const LEADER = 'leader:inventario@ayuda.test';

const LINE_FIELDS = [
  'category',
  'categoryLabel',
  'collectionCenterId',
  'hoursSinceUpdate',
  'id',
  'kind',
  'note',
  'quantity',
  'stale',
  'unit',
  'updatedAt',
];
const CENTER_FIELDS = ['collectionCenterId', 'have', 'location', 'need', 'status', 'title'];
const INVENTARIO_FIELDS = ['category', 'centers', 'emergencySlug', 'stock'];

let h: Harness;
/** Published centres of SLUG, one of OTHER, and records that are not centres. */
const ids = {
  coliseo: '',
  parroquia: '',
  otherCentre: '',
  pendingOffer: '',
  request: '',
  plainOffer: '',
  cliCentre: '',
};

function centre(title: string, overrides: Record<string, unknown> = {}) {
  return offerBody({
    title,
    category: 'acopio',
    collectionCenterStatus: 'needs_resources',
    emergencySlug: SLUG,
    ...overrides,
  });
}

async function get(query: string) {
  return h.json({ method: 'GET', url: `${URL}${query}` });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return err;
  }
  assert.fail('expected an AppError');
}

async function lineCount(): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('inventory_lines')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const water = (quantity: number, overrides: Partial<InventoryLineInput> = {}): InventoryLineInput => ({
  kind: 'have',
  category: 'agua',
  quantity,
  unit: 'bidones',
  ...overrides,
});

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Otra emergencia');
  ids.coliseo = await publish(
    h,
    centre('Centro de acopio Coliseo', { address: 'Coliseo Municipal', latitude: 1.1521, longitude: -76.6513 }),
  );
  ids.parroquia = await publish(h, centre('Parroquia San Miguel', { collectionCenterStatus: 'needs_volunteers' }));
  ids.otherCentre = await publish(h, centre('Centro de la otra emergencia', { emergencySlug: OTHER }));
  ids.cliCentre = await publish(h, centre('Centro administrado por consola'));
  ids.pendingOffer = await submit(h, centre('Centro sin revisar'));
  ids.request = await publish(h, requestBody({ emergencySlug: SLUG }));
  ids.plainOffer = await publish(h, offerBody({ emergencySlug: SLUG }));
});
after(() => h.close());

describe('lines: set, upsert, remove', () => {
  test('a line is created, then updated in place for the same centre, kind, category and unit', async () => {
    const first = await setInventoryLine(h.ctx, ids.coliseo, water(120, { note: 'Llegaron ayer' }), LEADER);
    assert.deepEqual(
      [first.center_id, first.kind, first.category, first.quantity, first.unit, first.note],
      [ids.coliseo, 'have', 'agua', 120, 'bidones', 'Llegaron ayer'],
    );
    h.clock.advanceHours(1);
    const again = await setInventoryLine(h.ctx, ids.coliseo, water(80), LEADER);
    assert.equal(again.id, first.id, 'same identity: the same line');
    assert.equal(again.quantity, 80);
    assert.equal(again.note, 'Llegaron ayer', 'a note left out is kept');
    assert.ok(again.updated_at > first.updated_at);
    assert.equal(again.created_at, first.created_at);
    const otherUnit = await setInventoryLine(h.ctx, ids.coliseo, water(3, { unit: 'tanques' }), LEADER);
    assert.notEqual(otherUnit.id, first.id, 'another unit is another line');
    const lines = await centerInventoryLines(h.ctx, ids.coliseo);
    assert.deepEqual(lines.map((l) => [l.unit, l.quantity]).sort(), [
      ['bidones', 80],
      ['tanques', 3],
    ]);
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'inventory_line_set')
      .where('target_id', '=', ids.coliseo)
      .execute();
    assert.equal(audit.length, 3);
    assert.ok(audit.every((entry) => entry.actor === LEADER));
    assert.equal(JSON.parse(audit[1]?.details ?? '{}').quantity, 80);
  });

  test('0 means none left; text quantities from forms are read as numbers', async () => {
    const none = await setInventoryLine(h.ctx, ids.parroquia, water(0, { kind: 'need', category: 'panales' }), LEADER);
    assert.equal(none.quantity, 0);
    const fromForm = await setInventoryLine(
      h.ctx,
      ids.parroquia,
      { kind: 'need', category: 'panales', quantity: '12,5' as unknown as number, unit: 'bidones' },
      LEADER,
    );
    assert.deepEqual([fromForm.id, fromForm.quantity], [none.id, 12.5]);
  });

  test('invalid lines are refused with a detail per field, and nothing is written', async () => {
    const before = await lineCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'tengo' }, 'kind'],
      [{ category: 'comida' }, 'category'],
      [{ quantity: -1 }, 'quantity'],
      [{ quantity: 1_000_001 }, 'quantity'],
      [{ quantity: 'muchos' }, 'quantity'],
      [{ unit: '   ' }, 'unit'],
      [{ unit: 'u'.repeat(41) }, 'unit'],
      [{ note: 'n'.repeat(301) }, 'note'],
      [{ note: 'con\u0007campana' }, 'note'],
      [{ color: 'rojo' }, 'color'],
      [{ unit: undefined }, 'unit'],
    ];
    for (const [override, field] of cases) {
      const input = { ...water(5), ...override } as InventoryLineInput;
      const err = await rejection(setInventoryLine(h.ctx, ids.coliseo, input, LEADER));
      assert.equal(err.code, 'validation_failed', JSON.stringify(override));
      assert.equal(err.status, 400);
      const { details } = err;
      assert.ok(
        details.some((d) => d.field === field),
        `${JSON.stringify(override)}: ${JSON.stringify(details)}`,
      );
    }
    assert.equal(await lineCount(), before);
  });

  test('only a published collection centre has an inventory', async () => {
    const before = await lineCount();
    for (const id of [ids.pendingOffer, ids.request, ids.plainOffer, '00000000-0000-4000-8000-000000000000']) {
      const err = await rejection(setInventoryLine(h.ctx, id, water(1), LEADER));
      assert.equal(err.code, 'not_a_collection_center', id);
      assert.equal(err.status, 409);
    }
    assert.equal(await lineCount(), before);
  });

  test('a line is removed once; an edit link may not remove another centre’s line', async () => {
    const line = await setInventoryLine(h.ctx, ids.coliseo, water(9, { category: 'ropa', unit: 'cajas' }), LEADER);
    const foreign = await rejection(removeInventoryLine(h.ctx, line.id, LEADER, { centerId: ids.parroquia }));
    assert.equal(foreign.code, 'inventory_line_not_found');
    assert.ok(
      (await centerInventoryLines(h.ctx, ids.coliseo)).some((l) => l.id === line.id),
      'still there',
    );
    const removed = await removeInventoryLine(h.ctx, line.id, LEADER, { centerId: ids.coliseo });
    assert.equal(removed.id, line.id);
    assert.ok(!(await centerInventoryLines(h.ctx, ids.coliseo)).some((l) => l.id === line.id));
    const again = await rejection(removeInventoryLine(h.ctx, line.id, LEADER));
    assert.deepEqual([again.code, again.status], ['inventory_line_not_found', 404]);
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'details'])
      .where('action', '=', 'inventory_line_removed')
      .execute();
    assert.deepEqual(
      audit.map((a) => [a.actor, JSON.parse(a.details ?? '{}').lineId]),
      [[LEADER, line.id]],
    );
  });
});

describe('GET /api/public/v1/inventario', () => {
  before(async () => {
    // Coliseo: 80 bidones + 3 tanques of water (from above); parroquia: more water, and needs water too.
    h.clock.advanceHours(1);
    await setInventoryLine(h.ctx, ids.parroquia, water(200), LEADER);
    h.clock.advanceHours(1);
    await setInventoryLine(h.ctx, ids.parroquia, water(15, { kind: 'need', unit: 'botellas' }), LEADER);
    await setInventoryLine(h.ctx, ids.otherCentre, water(999), LEADER);
  });

  test('grouped by published centre, exactly the fields of SPEC 2.9, the freshest first', async () => {
    const res = await get(`?emergencia=${SLUG}`);
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), INVENTARIO_FIELDS);
    assert.deepEqual([res.body.emergencySlug, res.body.category, res.body.stock], [SLUG, null, []]);
    const centres = res.body.centers as any[];
    assert.deepEqual(
      centres.map((c) => c.collectionCenterId).sort(),
      [ids.coliseo, ids.parroquia, ids.cliCentre].sort(),
      'never a pending offer, a request, an offer without centre status, or another emergency',
    );
    assert.equal(centres[0].collectionCenterId, ids.parroquia, 'the most recently updated centre first');
    for (const c of centres) assert.deepEqual(Object.keys(c).sort(), CENTER_FIELDS);
    const coliseo = centres.find((c) => c.collectionCenterId === ids.coliseo);
    assert.deepEqual(
      [coliseo.title, coliseo.location, coliseo.status],
      ['Centro de acopio Coliseo', 'Coliseo Municipal', 'needs_resources'],
    );
    const parroquia = centres.find((c) => c.collectionCenterId === ids.parroquia);
    assert.deepEqual([parroquia.location, parroquia.status], [null, 'needs_volunteers']);
    assert.deepEqual(
      parroquia.have.map((l: any) => [l.category, l.quantity, l.unit]),
      [['agua', 200, 'bidones']],
    );
    assert.deepEqual(
      parroquia.need.map((l: any) => [l.category, l.quantity, l.unit]),
      [
        ['agua', 15, 'botellas'],
        ['panales', 12.5, 'bidones'],
      ],
      'the freshest line first',
    );
    const line = parroquia.have[0];
    assert.deepEqual(Object.keys(line).sort(), LINE_FIELDS);
    assert.deepEqual([line.collectionCenterId, line.kind, line.categoryLabel], [ids.parroquia, 'have', 'Agua']);
    for (const c of centres) {
      for (const l of [...c.have, ...c.need]) assert.equal(l.collectionCenterId, c.collectionCenterId);
      for (const lines of [c.have, c.need]) {
        const dates = lines.map((l: any) => l.updatedAt);
        assert.deepEqual(dates, [...dates].sort().reverse(), 'freshest first');
      }
    }
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['cache-control'], 'no-cache');
  });

  test('with categoria: only that category, and the flat stock of it, largest quantity first', async () => {
    const res = await get(`?emergencia=${SLUG}&categoria=agua`);
    assert.equal(res.status, 200);
    assert.equal(res.body.category, 'agua');
    assert.deepEqual(
      res.body.stock.map((l: any) => [l.collectionCenterId, l.quantity, l.unit]),
      [
        [ids.parroquia, 200, 'bidones'],
        [ids.coliseo, 80, 'bidones'],
        [ids.coliseo, 3, 'tanques'],
      ],
      'have lines only (the parroquia’s need is not stock), across centres',
    );
    assert.deepEqual(
      res.body.centers.map((c: any) => c.collectionCenterId).sort(),
      [ids.coliseo, ids.parroquia].sort(),
      'centres without water are left out',
    );
    for (const c of res.body.centers) {
      for (const l of [...c.have, ...c.need]) assert.equal(l.category, 'agua');
    }
    const none = await get(`?emergencia=${SLUG}&categoria=mascotas`);
    assert.deepEqual([none.body.stock, none.body.centers], [[], []]);
    const other = await get(`?emergencia=${OTHER}&categoria=agua`);
    assert.deepEqual(
      other.body.stock.map((l: any) => l.quantity),
      [999],
    );
  });

  test('invalid, repeated or unknown parameters and unknown emergencies are 400', async () => {
    for (const [query, code, field] of [
      ['?emergencia=no-existe', 'unknown_emergency', 'emergencia'],
      ['?emergencia=No%20Valida', 'invalid_query', 'emergencia'],
      [`?emergencia=${SLUG}&emergencia=${OTHER}`, 'invalid_query', 'emergencia'],
      [`?emergencia=${SLUG}&categoria=agua&categoria=ropa`, 'invalid_query', 'categoria'],
      [`?emergencia=${SLUG}&categoria=comida`, 'invalid_query', 'categoria'],
      [`?emergencia=${SLUG}&category=agua`, 'invalid_query', 'category'],
      ['', 'emergency_required', 'emergencia'],
    ]) {
      const res = await get(query as string);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.code, code, query);
      assert.ok(
        res.body.details.some((d: { field: string }) => d.field === field),
        `${query}: ${JSON.stringify(res.body.details)}`,
      );
    }
    const required = await get('');
    assert.deepEqual(required.body.details[0].slugs.sort(), [OTHER, SLUG].sort());
  });

  test('age: hoursSinceUpdate and stale follow the clock, even for a cached response', async () => {
    const line = await setInventoryLine(h.ctx, ids.coliseo, water(50, { category: 'higiene', unit: 'kits' }), LEADER);
    const url = `?emergencia=${SLUG}&categoria=higiene`;
    const fresh = await get(url);
    const [before] = fresh.body.stock;
    assert.deepEqual([before.id, before.hoursSinceUpdate, before.stale], [line.id, 0, false]);
    const cached = await get(url);
    assert.equal(cached.headers.etag, fresh.headers.etag);
    const notModified = await h.request({
      method: 'GET',
      url: `${URL}${url}`,
      headers: { 'if-none-match': fresh.headers.etag as string },
    });
    assert.equal(notModified.statusCode, 304);
    h.clock.advanceHours(23.9);
    const almost = (await get(url)).body.stock[0];
    assert.deepEqual([almost.hoursSinceUpdate, almost.stale], [23.9, false]);
    h.clock.advanceHours(1.1);
    const later = await get(url);
    const [after] = later.body.stock;
    assert.equal(after.stale, true, 'no write happened, yet the line is now stale');
    assert.ok(after.hoursSinceUpdate >= 25 && after.hoursSinceUpdate < 25.1, String(after.hoursSinceUpdate));
    assert.equal(after.quantity, 50);
    assert.notEqual(later.headers.etag, fresh.headers.etag);
    // Declaring it again makes it fresh.
    await setInventoryLine(h.ctx, ids.coliseo, water(45, { category: 'higiene', unit: 'kits' }), LEADER);
    const renewed = (await get(url)).body.stock[0];
    assert.deepEqual([renewed.quantity, renewed.hoursSinceUpdate, renewed.stale], [45, 0, false]);
  });

  test('a write shows at once: the cached answer is dropped', async () => {
    const url = `?emergencia=${SLUG}&categoria=medicamentos`;
    assert.deepEqual((await get(url)).body.stock, []);
    const line = await setInventoryLine(
      h.ctx,
      ids.parroquia,
      water(30, { category: 'medicamentos', unit: 'cajas' }),
      LEADER,
    );
    assert.deepEqual(
      (await get(url)).body.stock.map((l: any) => [l.id, l.quantity]),
      [[line.id, 30]],
    );
    await removeInventoryLine(h.ctx, line.id, LEADER);
    assert.deepEqual((await get(url)).body.stock, []);
  });

  test('500 inventory_unavailable when the inventory cannot be read', async () => {
    const url = `${URL}?emergencia=${SLUG}&categoria=ropa`;
    await sql`alter table inventory_lines rename to inventory_lines_away`.execute(h.ctx.db);
    try {
      h.clock.advanceHours(0.05); // a new minute: no cached answer may stand in
      const res = await h.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      assert.equal(res.statusCode, 500);
      const body = JSON.parse(res.body);
      assert.deepEqual(body, {
        error: 'The inventory could not be read.',
        code: 'inventory_unavailable',
        details: [],
      });
      new OpenApiValidator(buildOpenApi(h.config.baseUrl, h.config)).check(
        'GET',
        URL,
        500,
        res.headers['content-type'] as string,
        res.body,
      );
    } finally {
      await sql`alter table inventory_lines_away rename to inventory_lines`.execute(h.ctx.db);
    }
    h.clock.advanceHours(0.05);
    assert.equal((await h.app.inject({ method: 'GET', url })).statusCode, 200, 'readable again');
  });
});

describe('centre edit links', () => {
  test('created with a secret that is stored only as its hash; resolves to the centre', async () => {
    const link = await createEditLink(h.ctx, ids.coliseo, LEADER);
    assert.match(link.token, /^[A-Za-z0-9_-]{43}$/);
    const row = await h.ctx.db
      .selectFrom('center_edit_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.token_hash, createHash('sha256').update(link.token).digest('base64url'));
    assert.ok(!Object.values(row).includes(link.token), 'the secret itself is not stored');
    assert.deepEqual(
      [row.center_id, row.created_by, row.revoked_at, row.last_used_at],
      [ids.coliseo, LEADER, null, null],
    );
    assert.equal(
      row.expires_at,
      new Date(Date.parse(row.created_at) + 30 * 86_400_000).toISOString(),
      'it expires CENTER_LINK_DAYS (30) after it is made',
    );
    const centreRow = await resolveEditLink(h.ctx, link.token);
    assert.deepEqual([centreRow.id, centreRow.title], [ids.coliseo, 'Centro de acopio Coliseo']);
    const used = await h.ctx.db
      .selectFrom('center_edit_links')
      .select('last_used_at')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    assert.ok(used.last_used_at, 'use is recorded');
    const listed = await centerEditLinks(h.ctx, ids.coliseo);
    assert.ok(listed.some((l) => l.id === link.id));
    assert.ok(listed.every((l) => !('token_hash' in l)));
    const second = await createEditLink(h.ctx, ids.coliseo, LEADER);
    assert.notEqual(second.token, link.token);
  });

  test('unknown, malformed and revoked tokens are edit_link_invalid', async () => {
    const link = await createEditLink(h.ctx, ids.parroquia, LEADER);
    const otherLink = await createEditLink(h.ctx, ids.parroquia, LEADER);
    const unknown = 'A'.repeat(43);
    for (const token of [unknown, 'corto', '', `${link.token}x`]) {
      const err = await rejection(resolveEditLink(h.ctx, token));
      assert.deepEqual([err.code, err.status], ['edit_link_invalid', 404], token);
    }
    const revoked = await revokeEditLink(h.ctx, link.id, LEADER);
    assert.ok(revoked.revoked_at);
    assert.equal((await rejection(resolveEditLink(h.ctx, link.token))).code, 'edit_link_invalid');
    assert.equal((await resolveEditLink(h.ctx, otherLink.token)).id, ids.parroquia, 'other links keep working');
    const again = await revokeEditLink(h.ctx, link.id, LEADER);
    assert.equal(again.revoked_at, revoked.revoked_at, 'revoking twice changes nothing');
    const missing = await rejection(revokeEditLink(h.ctx, '00000000-0000-4000-8000-000000000000', LEADER));
    assert.equal(missing.code, 'edit_link_invalid');
    const actions = await h.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'details'])
      .where('target_id', '=', ids.parroquia)
      .where('action', 'in', ['edit_link_created', 'edit_link_revoked'])
      .execute();
    assert.deepEqual(actions.map((a) => a.action).sort(), [
      'edit_link_created',
      'edit_link_created',
      'edit_link_revoked',
    ]);
    for (const a of actions) assert.ok(!String(a.details).includes(link.token), 'the audit log keeps no secret');
  });

  test('only a published collection centre gets a link', async () => {
    for (const id of [ids.pendingOffer, ids.request, ids.plainOffer]) {
      assert.equal((await rejection(createEditLink(h.ctx, id, LEADER))).code, 'not_a_collection_center');
    }
  });
});

describe('CLI: ayuda inventory set / list', () => {
  let env: Record<string, string>;
  before(() => {
    env = { DATABASE_URL: h.dbUrl, AYUDA_ACTOR: 'operadora' };
  });
  const cli = (...args: string[]) => runCli(args, env);
  const set = (...args: string[]) => cli('inventory', 'set', '--center', ids.cliCentre, ...args);

  test('set prints the line id and the running service shows it at once; again updates it', async () => {
    const url = `?emergencia=${SLUG}&categoria=alimentos`;
    assert.deepEqual((await get(url)).body.stock, [], 'answered and cached before the change');
    const created = await set('--kind', 'have', '--category', 'alimentos', '--quantity', '40', '--unit', 'mercados');
    assert.equal(created.code, 0, created.stderr);
    const id = created.stdout.trim();
    assert.match(id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(
      (await get(url)).body.stock.map((l: any) => [l.id, l.quantity, l.collectionCenterId]),
      [[id, 40, ids.cliCentre]],
      'no stale cache after a change by another process',
    );
    const updated = await set(
      '--kind',
      'have',
      '--category',
      'alimentos',
      '--quantity',
      '25.5',
      '--unit',
      'mercados',
      '--note',
      'Quedan pocos',
      '--json',
    );
    assert.equal(updated.code, 0, updated.stderr);
    const line = JSON.parse(updated.stdout);
    assert.deepEqual(Object.keys(line).sort(), LINE_FIELDS);
    assert.deepEqual([line.id, line.quantity, line.note, line.stale], [id, 25.5, 'Quedan pocos', false]);
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'inventory_line_set')
      .where('target_id', '=', ids.cliCentre)
      .execute();
    assert.deepEqual(
      audit.map((a) => a.actor),
      ['cli:operadora', 'cli:operadora'],
    );
  });

  test('list shows the lines with their age, as a table or JSON', async () => {
    const need = await set('--kind', 'need', '--category', 'agua', '--quantity', '0', '--unit', 'bidones');
    assert.equal(need.code, 0, need.stderr);
    const json = await cli('inventory', 'list', '--center', ids.cliCentre, '--json');
    assert.equal(json.code, 0, json.stderr);
    const lines = JSON.parse(json.stdout);
    assert.deepEqual(
      lines.map((l: any) => [l.kind, l.category, l.quantity]),
      [
        ['have', 'alimentos', 25.5],
        ['need', 'agua', 0],
      ],
    );
    for (const l of lines) {
      assert.equal(typeof l.hoursSinceUpdate, 'number');
      assert.equal(l.stale, false);
    }
    const text = await cli('inventory', 'list', '--center', ids.cliCentre);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /hoursSinceUpdate/);
    assert.match(text.stdout, /tiene\s+alimentos\s+25\.5\s+mercados/);
    assert.match(text.stdout, /necesita\s+agua\s+0\s+bidones/);
  });

  test('usage errors exit 2; refused operations exit 1 with their code; nothing is written', async () => {
    const before = await lineCount();
    for (const args of [
      ['inventory', 'set', '--kind', 'have', '--category', 'agua', '--quantity', '1', '--unit', 'u'],
      [
        'inventory',
        'set',
        '--center',
        ids.cliCentre,
        '--kind',
        'tengo',
        '--category',
        'agua',
        '--quantity',
        '1',
        '--unit',
        'u',
      ],
      [
        'inventory',
        'set',
        '--center',
        ids.cliCentre,
        '--kind',
        'have',
        '--category',
        'agua',
        '--quantity',
        'muchos',
        '--unit',
        'u',
      ],
      ['inventory', 'set', '--center', ids.cliCentre, '--kind', 'have', '--category', 'agua', '--unit', 'u'],
      ['inventory', 'set', '--center', ids.cliCentre, '--kind', 'have', '--category', 'agua', '--quantity', '1'],
      ['inventory', 'list'],
      ['inventory', 'list', '--center', ids.cliCentre, '--format', 'x'],
    ]) {
      const res = await cli(...args);
      assert.equal(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
      assert.match(res.stderr, /Uso: ayuda inventory/);
    }
    const badCategory = await set('--kind', 'have', '--category', 'comida', '--quantity', '1', '--unit', 'u');
    assert.equal(badCategory.code, 1);
    assert.match(badCategory.stderr, /validation_failed/);
    assert.match(badCategory.stderr, /category/);
    const negative = await set('--kind', 'have', '--category', 'agua', '--quantity', '-2', '--unit', 'u');
    assert.equal(negative.code, 1);
    assert.match(negative.stderr, /quantity/);
    const notCentre = await cli(
      'inventory',
      'set',
      '--center',
      ids.request,
      '--kind',
      'have',
      '--category',
      'agua',
      '--quantity',
      '1',
      '--unit',
      'u',
    );
    assert.equal(notCentre.code, 1);
    assert.match(notCentre.stderr, /not_a_collection_center/);
    const listNotCentre = await cli('inventory', 'list', '--center', ids.plainOffer);
    assert.equal(listNotCentre.code, 1);
    assert.match(listNotCentre.stderr, /not_a_collection_center/);
    assert.equal(await lineCount(), before);
    for (const words of [
      ['inventory', 'set'],
      ['inventory', 'list'],
    ]) {
      const help = await cli(...words, '--help');
      assert.equal(help.code, 0);
      assert.match(help.stdout, new RegExp(`Uso: ayuda ${words.join(' ')}`));
    }
  });
});

describe('the emergency by default', () => {
  test('one active emergency is used when none is named; with none active, 400', async () => {
    await closeEmergency(h.ctx, OTHER, LEADER);
    const res = await get('?categoria=agua');
    assert.equal(res.status, 200);
    assert.equal(res.body.emergencySlug, SLUG);
    assert.ok(res.body.stock.length > 0);
    const closed = await get(`?emergencia=${OTHER}&categoria=agua`);
    assert.equal(closed.status, 200, 'a closed emergency’s inventory stays readable by its slug');
    await closeEmergency(h.ctx, SLUG, LEADER);
    const none = await get('?categoria=agua');
    assert.deepEqual(
      [none.status, none.body.code, none.body.details[0].field],
      [400, 'no_active_emergency', 'emergencia'],
    );
  });
});

describe('OpenAPI description', () => {
  test('the route is described with its parameters, statuses and valid examples', async () => {
    const doc = (await h.json({ method: 'GET', url: '/api/public/openapi.json' })).body;
    const op = doc.paths[URL].get;
    assert.deepEqual(Object.keys(op.responses).sort(), ['200', '304', '400', '429', '500']);
    assert.deepEqual(
      op.parameters.map((p: { name: string }) => p.name),
      ['emergencia', 'categoria'],
    );
    assert.equal(op.parameters[1].schema.$ref, '#/components/schemas/Category');
    assert.ok(doc.components.schemas.Category.enum.includes('agua'));
    assert.deepEqual(Object.keys(op.responses['500'].content['application/json'].examples), ['inventory_unavailable']);
    for (const id of ['Inventario', 'InventoryCenter', 'InventoryLine']) assert.ok(doc.components.schemas[id], id);
    assert.deepEqual(Object.keys(doc.components.schemas.InventoryLine.properties).sort(), LINE_FIELDS);
    const validator = new OpenApiValidator(doc);
    const examples = op.responses['200'].content['application/json'].examples;
    assert.ok(Object.keys(examples).length >= 2);
    for (const { value } of Object.values(examples) as { value: any }[]) {
      validator.check('GET', URL, 200, 'application/json', JSON.stringify(value));
    }
    assert.ok(
      (Object.values(examples) as { value: any }[]).some((e) => e.value.stock.length > 0),
      'one example shows the stock of a category',
    );
  });
});
