// GET /api/public/v1/help?view=list: the municipality filter (API and MCP) and paging past 100 with a cursor, in
// the priority order and nearest first, without a record repeated or left out.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { nearestMunicipality } from '../src/domain/municipalities.ts';
import { callTool, tools } from '../src/mcp/tools.ts';
import { addEmergency, type Harness, list, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';
/** Two records far from Mocoa, in Pasto: another municipality of the same emergency. */
const PASTO = { latitude: 1.2136, longitude: -77.2811 };
const MANY = 250;
const urgencies = ['urgent', 'needed', 'stable'] as const;
const ids = { pasto: [] as string[], all: [] as string[] };
const centre = { latitude: 1.15, longitude: -76.65 };

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  for (let i = 0; i < MANY; i++) {
    // Five records share each point (ties in distance); ten share each hour (ties in age); urgencies and
    // quantities vary the priority, with many ties too.
    const spot = i % 50;
    const body = {
      emergencySlug: SLUG,
      title: `Registro ${i + 1}`,
      latitude: centre.latitude + (spot % 10) * 0.01,
      longitude: centre.longitude - Math.floor(spot / 10) * 0.01,
    };
    const id =
      i % 7 === 0
        ? await publish(h, offerBody(body))
        : await publish(
            h,
            requestBody({ ...body, urgency: urgencies[i % 3], quantityRequired: (i % 4) * 10 || undefined }),
          );
    ids.all.push(id);
    if (i % 10 === 9) h.clock.advanceHours(1);
  }
  for (let i = 0; i < 2; i++) {
    const id = await publish(h, requestBody({ emergencySlug: SLUG, title: `Pasto ${i}`, ...PASTO }));
    ids.pasto.push(id);
    ids.all.push(id);
  }
});
after(() => h?.close());

type Item = { id: string; priorityScore: number; createdAt: string; location: { distanceKm: number | null } };

/** Every page of a list, following nextCursor; the pages as they came. */
async function pages(params: Record<string, string | number>): Promise<{ total: number; pages: Item[][] }> {
  const out: Item[][] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const res = await list(h, { ...params, limit: 100, ...(cursor ? { cursor } : {}) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (total < 0) total = res.body.total;
    assert.equal(res.body.total, total, 'the total counts every page alike');
    out.push(res.body.items);
    cursor = res.body.nextCursor;
    assert.ok(out.length <= 10, 'paging ends');
  } while (cursor);
  return { total, pages: out };
}

describe('municipalityCode', () => {
  test('keeps the records of one municipality, echoes the filter, and the MCP search takes it too', async () => {
    const pasto = nearestMunicipality(PASTO.latitude, PASTO.longitude).code;
    const mocoa = nearestMunicipality(centre.latitude, centre.longitude).code;
    assert.notEqual(pasto, mocoa);
    const res = await list(h, { emergencySlug: SLUG, municipalityCode: pasto, status: 'all' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.items.map((i: Item) => i.id).sort(), [...ids.pasto].sort());
    assert.equal(res.body.filters.municipalityCode, pasto);
    assert.ok(
      res.body.items.every((i: { location: { municipalityCode: string } }) => i.location.municipalityCode === pasto),
    );
    const other = await list(h, { emergencySlug: SLUG, municipalityCode: mocoa, status: 'all', limit: 100 });
    assert.ok(other.body.total > 0);
    assert.ok(!other.body.items.some((i: Item) => ids.pasto.includes(i.id)));
    assert.equal((await list(h, { emergencySlug: SLUG })).body.filters.municipalityCode, null);

    const tool = tools.find((t) => t.name === 'buscar_ayudas');
    assert.ok(tool);
    const found = await callTool(tool, h.ctx, { emergencySlug: SLUG, municipalityCode: pasto }, () => {});
    assert.equal(found.isError, undefined);
    const items = found.structuredContent?.items;
    assert.ok(Array.isArray(items));
    assert.deepEqual(items.map((i: Item) => i.id).sort(), [...ids.pasto].sort());
    const bad = await callTool(tool, h.ctx, { municipalityCode: '123' }, () => {});
    assert.equal(bad.isError, true);
    assert.match(bad.content[0]?.text ?? '', /invalid_query/);
  });

  test('a code that is not five digits, or names no municipality, is invalid_query on the field', async () => {
    for (const code of ['123', '8600a', '860011', '00000']) {
      const res = await list(h, { municipalityCode: code });
      assert.equal(res.status, 400, code);
      assert.equal(res.body.code, 'invalid_query');
      assert.deepEqual(
        res.body.details.map((d: { field: string }) => d.field),
        ['municipalityCode'],
      );
    }
  });
});

describe('cursor', () => {
  test('pages through every record in the priority order, none repeated or missing', async () => {
    const { total, pages: got } = await pages({ emergencySlug: SLUG, status: 'all' });
    assert.equal(total, ids.all.length);
    assert.deepEqual(
      got.map((p) => p.length),
      [100, 100, ids.all.length - 200],
    );
    const items = got.flat();
    assert.equal(new Set(items.map((i) => i.id)).size, items.length, 'no record twice');
    assert.deepEqual(items.map((i) => i.id).sort(), [...ids.all].sort(), 'every record once');
    for (let k = 1; k < items.length; k++) {
      const a = items[k - 1] as Item;
      const b = items[k] as Item;
      const inOrder =
        a.priorityScore > b.priorityScore ||
        (a.priorityScore === b.priorityScore &&
          (a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id < b.id)));
      assert.ok(inOrder, `${k}: ${JSON.stringify([a, b].map((i) => [i.priorityScore, i.createdAt, i.id]))}`);
    }
  });

  test('pages through every record nearest first, none repeated or missing', async () => {
    const { total, pages: got } = await pages({
      emergencySlug: SLUG,
      status: 'all',
      latitude: centre.latitude,
      longitude: centre.longitude,
      radiusKm: 500,
      sort: 'distance',
    });
    assert.equal(total, ids.all.length);
    const items = got.flat();
    assert.equal(items.length, ids.all.length);
    assert.equal(new Set(items.map((i) => i.id)).size, items.length);
    for (let k = 1; k < items.length; k++) {
      assert.ok(
        (items[k - 1]?.location.distanceKm as number) <= (items[k]?.location.distanceKm as number),
        `nearest first at ${k}`,
      );
    }
  });

  test('the last page has nextCursor null; a short list too', async () => {
    const short = await list(h, {
      emergencySlug: SLUG,
      municipalityCode: nearestMunicipality(PASTO.latitude, PASTO.longitude).code,
    });
    assert.equal(short.body.nextCursor, null);
    const first = await list(h, { emergencySlug: SLUG, limit: 3 });
    assert.match(first.body.nextCursor, /^[A-Za-z0-9_-]+$/);
  });

  test('a cursor that is not one, or was written for the other order, is invalid_query on cursor', async () => {
    const first = await list(h, { emergencySlug: SLUG, limit: 3 });
    const priorityCursor = first.body.nextCursor as string;
    const bad: Record<string, string | number>[] = [
      { cursor: 'no vale' },
      { cursor: 'abc' },
      { cursor: Buffer.from('["p",1,2]').toString('base64url') },
      { cursor: 'x'.repeat(401) },
      { cursor: priorityCursor, latitude: 1.15, longitude: -76.65, sort: 'distance' },
    ];
    for (const params of bad) {
      const res = await list(h, params);
      assert.equal(res.status, 400, JSON.stringify(params));
      assert.equal(res.body.code, 'invalid_query');
      assert.deepEqual(
        res.body.details.map((d: { field: string }) => d.field),
        ['cursor'],
      );
    }
  });
});
