// "Near me" without GPS: a search by place also finds the records of the search point's own municipality that were
// placed by the municipality alone (their distance unknown, listed after the measured ones, paged without gaps), and
// the emergency page searches near a municipality (`cerca`) so nearest first needs no coordinates and no JavaScript.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { municipalityByCode, nearestMunicipality } from '../src/domain/municipalities.ts';
import { callTool, tools } from '../src/mcp/tools.ts';
import { addEmergency, type Harness, HELP, list, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const MOCOA = '86001';
const VILLAGARZON = '86885';
/** Mocoa town, where the harness's requests stand; the DANE point of the municipality lies 12.7 km north of it. */
const TOWN = { latitude: 1.1478, longitude: -76.6476 };
const mocoa = municipalityByCode(MOCOA) as NonNullable<ReturnType<typeof municipalityByCode>>;
const villagarzon = municipalityByCode(VILLAGARZON) as NonNullable<ReturnType<typeof municipalityByCode>>;

let h: Harness;
const ids = {
  town: '',
  near: '',
  /** 5.8 km north of town: outside a 5-km search. */
  outside: '',
  /** Placed by Mocoa alone, urgent, needed and stable: three priorities. */
  byMocoa: [] as string[],
  byVillagarzon: '',
  /** An exact point at Mocoa's own DANE point: found only by its measured distance, never by the municipality. */
  exactAtMocoaPoint: '',
};

type Item = {
  id: string;
  priorityScore: number;
  location: {
    latitude: number | null;
    longitude: number | null;
    precision: string;
    address: string | null;
    municipalityCode: string | null;
    distanceKm: number | null;
  };
};

/** A request body with no coordinates at all: the municipality places it. */
function byMunicipality(code: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { latitude: _lat, longitude: _lon, ...body } = requestBody({ municipalityCode: code, ...overrides });
  return body;
}

const get = (url: string) => h.app.inject({ method: 'GET', url });
const page = (query: string) => get(`/emergencias/${SLUG}?${query}`);

/** The records' ids in the page's list, in order. */
function listIds(body: string): string[] {
  const list = body.slice(body.indexOf('id="lista"'));
  return [...list.matchAll(/<a href="\/ayudas\/([0-9a-f-]{36})"/g)].map((m) => m[1] as string);
}

/** What a person reads: the page without its tags, scripts and attribute values. */
function visibleText(body: string): string {
  return body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');
}

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  ids.town = await publish(h, requestBody({ title: 'Agua en el centro', ...TOWN, urgency: 'stable' }));
  ids.near = await publish(h, requestBody({ title: 'Colchonetas en San Agustín', latitude: 1.16, longitude: -76.65 }));
  ids.outside = await publish(h, requestBody({ title: 'Mercados al norte', latitude: 1.2, longitude: -76.6476 }));
  for (const urgency of ['stable', 'urgent', 'needed']) {
    ids.byMocoa.push(await publish(h, byMunicipality(MOCOA, { title: `Vereda sin punto ${urgency}`, urgency })));
  }
  ids.byVillagarzon = await publish(h, byMunicipality(VILLAGARZON, { title: 'Vereda de Villagarzón' }));
  ids.exactAtMocoaPoint = await publish(
    h,
    requestBody({
      title: 'Escuela en el punto del municipio',
      latitude: mocoa.latitude,
      longitude: mocoa.longitude,
      showExactLocation: true,
    }),
  );
});
after(() => h?.close());

async function search(params: Record<string, string | number>): Promise<{ total: number; items: Item[] }> {
  const res = await list(h, { emergencySlug: SLUG, ...params });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { total: res.body.total, items: res.body.items };
}

/** The municipality-placed records of Mocoa in the priority order (best first). */
async function byMocoaInPriorityOrder(): Promise<string[]> {
  const all = await search({ municipalityCode: MOCOA, limit: 100 });
  return all.items.filter((i) => i.location.precision === 'municipality').map((i) => i.id);
}

describe('the search rule: a place search finds its own municipality’s records placed by municipality alone', () => {
  test('the Mocoa example: a 5-km search from town finds them, with no distance, after the measured ones', async () => {
    assert.equal(nearestMunicipality(TOWN.latitude, TOWN.longitude).code, MOCOA, 'the town lies in Mocoa');
    const found = await search({ ...TOWN, radiusKm: 5, sort: 'distance' });
    const byMocoa = await byMocoaInPriorityOrder();
    assert.deepEqual(byMocoa.length, 3);
    assert.deepEqual(
      found.items.map((i) => i.id),
      [ids.town, ids.near, ...byMocoa],
    );
    assert.equal(found.total, 5);
    const [town, near, ...rest] = found.items as [Item, Item, ...Item[]];
    assert.ok(town.location.distanceKm !== null && town.location.distanceKm < 0.5);
    assert.ok(near.location.distanceKm !== null && near.location.distanceKm > (town.location.distanceKm ?? 0));
    for (const item of rest) assert.equal(item.location.distanceKm, null, 'placed by Mocoa alone: no distance');
    const scores = rest.map((i) => i.priorityScore);
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
      'then by priority',
    );
    // The priority order of the same search holds the same records, still without a distance.
    const byPriority = await search({ ...TOWN, radiusKm: 5 });
    assert.deepEqual(byPriority.items.map((i) => i.id).sort(), found.items.map((i) => i.id).sort());
    for (const item of byPriority.items)
      assert.equal(item.location.distanceKm === null, item.location.precision === 'municipality');
  });

  test('not from a point whose nearest municipality is another; there they are measured as before', async () => {
    const fromVillagarzon = { latitude: villagarzon.latitude, longitude: villagarzon.longitude };
    const small = await search({ ...fromVillagarzon, radiusKm: 5, sort: 'distance' });
    assert.deepEqual(
      small.items.map((i) => i.id),
      [ids.byVillagarzon],
      'Villagarzón’s own, none of Mocoa',
    );
    assert.equal(small.items[0]?.location.distanceKm, null);
    // A radius that reaches Mocoa's point measures Mocoa's records to it, as any other record.
    const wide = await search({ ...fromVillagarzon, radiusKm: 50, sort: 'distance', limit: 100 });
    for (const id of ids.byMocoa) {
      const item = wide.items.find((i) => i.id === id);
      assert.ok(item, `${id} within 50 km of Villagarzón`);
      assert.ok(item.location.distanceKm !== null && item.location.distanceKm > 30, 'measured to Mocoa’s point');
    }
    // The town records are nearer than Mocoa's point: measured ones keep their order.
    const distances = wide.items.map((i) => i.location.distanceKm).filter((d): d is number => d !== null);
    assert.deepEqual(
      distances,
      [...distances].sort((a, b) => a - b),
    );
    assert.equal(wide.items.at(-1)?.location.distanceKm, null, 'Villagarzón’s own record comes last');
  });

  test('nearest first pages across the boundary between measured and unknown distances, none repeated or missing', async () => {
    const query = { ...TOWN, radiusKm: 5, sort: 'distance' };
    const whole = (await search({ ...query, limit: 100 })).items.map((i) => i.id);
    assert.equal(whole.length, 5);
    for (const limit of [1, 2, 3, 4]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await list(h, { emergencySlug: SLUG, ...query, limit, ...(cursor ? { cursor } : {}) });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.total, 5);
        seen.push(...res.body.items.map((i: Item) => i.id));
        cursor = res.body.nextCursor;
      } while (cursor && seen.length <= whole.length);
      assert.deepEqual(seen, whole, `pages of ${limit}`);
    }
    // The priority order pages the same records too.
    const first = await list(h, { emergencySlug: SLUG, ...TOWN, radiusKm: 5, limit: 2 });
    const second = await list(h, {
      emergencySlug: SLUG,
      ...TOWN,
      radiusKm: 5,
      limit: 2,
      cursor: first.body.nextCursor,
    });
    const third = await list(h, {
      emergencySlug: SLUG,
      ...TOWN,
      radiusKm: 5,
      limit: 2,
      cursor: second.body.nextCursor,
    });
    const paged = [...first.body.items, ...second.body.items, ...third.body.items].map((i: Item) => i.id);
    assert.deepEqual(paged.sort(), [...whole].sort());
    assert.equal(third.body.nextCursor, null);
  });

  test('the MCP search tool follows the same rule', async () => {
    const tool = tools.find((t) => t.name === 'buscar_ayudas');
    assert.ok(tool);
    const found = await callTool(tool, h.ctx, { emergencySlug: SLUG, ...TOWN, radiusKm: 5 }, () => {});
    const items = (found.structuredContent?.items ?? []) as Item[];
    const byMocoa = items.filter((i) => ids.byMocoa.includes(i.id));
    assert.equal(byMocoa.length, 3);
    for (const item of byMocoa) assert.equal(item.location.distanceKm, null);
  });

  test('a scammer cannot use the rule to locate anyone: it reveals no more than the public point', async () => {
    // A record with its own point is never matched by municipality: the exact one at Mocoa's very point, and the
    // one 5.8 km north, stay out of a 5-km search from town.
    const found = (await search({ ...TOWN, radiusKm: 5, limit: 100 })).items.map((i) => i.id);
    assert.ok(!found.includes(ids.exactAtMocoaPoint));
    assert.ok(!found.includes(ids.outside));
    // Moving the search point around Mocoa never gives a distance, nor an order, for the municipality-placed
    // records: nothing to triangulate. And what the list shows is the detail's public place, street left out.
    const points = [
      TOWN,
      { latitude: mocoa.latitude, longitude: mocoa.longitude },
      { latitude: 1.3, longitude: -76.7 },
    ];
    const orders: string[][] = [];
    for (const point of points) {
      assert.equal(nearestMunicipality(point.latitude, point.longitude).code, MOCOA);
      for (const radiusKm of [0.1, 1, 25]) {
        const items = (await search({ ...point, radiusKm, sort: 'distance', limit: 100 })).items;
        const placed = items.filter((i) => ids.byMocoa.includes(i.id));
        assert.equal(placed.length, 3, `${JSON.stringify(point)} ${radiusKm} km`);
        for (const item of placed) assert.equal(item.location.distanceKm, null);
        orders.push(placed.map((i) => i.id));
      }
    }
    for (const order of orders) assert.deepEqual(order, orders[0], 'the same order from anywhere: priority only');
    for (const id of ids.byMocoa) {
      const detail = (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item as Item;
      const listed = (await search({ ...TOWN, radiusKm: 1, limit: 100 })).items.find((i) => i.id === id) as Item;
      assert.deepEqual({ ...listed.location, distanceKm: null }, detail.location);
      assert.equal(listed.location.address, null, 'the street is never published');
      assert.deepEqual([listed.location.latitude, listed.location.longitude], [mocoa.latitude, mocoa.longitude]);
    }
  });
});

describe('the emergency page near a municipality (cerca), without coordinates or JavaScript', () => {
  test('cerca=86001 searches from Mocoa’s point: the list is the API’s from there, marked by municipality', async () => {
    const res = await page(`cerca=${MOCOA}&sort=distance&commitment=uncommitted`);
    assert.equal(res.statusCode, 200);
    const api = await search({
      latitude: mocoa.latitude,
      longitude: mocoa.longitude,
      sort: 'distance',
      commitment: 'uncommitted',
    });
    assert.deepEqual(
      listIds(res.body),
      api.items.map((i) => i.id),
    );
    assert.equal(listIds(res.body)[0], ids.exactAtMocoaPoint, 'nearest first from the municipality’s point');
    assert.deepEqual(listIds(res.body).slice(-3), await byMocoaInPriorityOrder());
    const marks = res.body.match(/En el municipio de Mocoa, Putumayo \(sin punto exacto\)/g) ?? [];
    assert.equal(marks.length, 3, 'each municipality-placed record says so instead of a distance');
    assert.match(res.body, /<option value="86001" selected>Mocoa, Putumayo<\/option>/);
    assert.match(res.body, /<label for="f-cerca">Cerca de<\/label>/);
    // The Markdown twin gives the API call with the municipality's point, not the page's own parameter.
    const twin = await get(`/emergencias/${SLUG}.md?cerca=${MOCOA}&sort=distance&commitment=uncommitted`);
    assert.equal(twin.statusCode, 200);
    assert.match(twin.body, new RegExp(`latitude=${mocoa.latitude}&longitude=${mocoa.longitude}`));
    assert.doesNotMatch(twin.body, /GET [^`]*cerca=/);
    assert.match(twin.body, /En el municipio de Mocoa, Putumayo \(sin punto exacto\)/);
  });

  test('"Más cercanos primero" with no place shows the list in priority order and asks for a municipality', async () => {
    const plain = await page('');
    for (const query of [
      'sort=distance',
      'type=all&category=&status=active&priority=all&q=&sort=distance&cerca=&latitude=&longitude=&radiusKm=',
    ]) {
      const res = await page(query);
      assert.equal(res.statusCode, 200, query);
      assert.deepEqual(listIds(res.body), listIds(plain.body), 'the list is there, in priority order');
      const text = visibleText(res.body);
      assert.match(
        text,
        /Para ver primero los más cercanos, abra «Filtrar la lista» y elija su municipio en «Cerca de»/,
      );
      assert.doesNotMatch(text, /sort=|latitude|longitude|requiere|\/api\//, 'no API words for people');
      assert.doesNotMatch(res.body, /Algunos filtros no son válidos/);
    }
    const english = await page('sort=distance&lang=en');
    assert.match(
      visibleText(english.body),
      /To see the nearest first, open “Filter the list” and choose your municipality/,
    );
    // The API itself still asks for a point.
    assert.equal((await list(h, { emergencySlug: SLUG, sort: 'distance' })).status, 400);
  });

  test('an unknown municipality in cerca is a plain error, with the panel open to correct it', async () => {
    for (const code of ['99999', '88001', 'abc']) {
      const res = await page(`cerca=${code}`);
      assert.equal(res.statusCode, 400, code);
      assert.match(res.body, /Cerca de<\/strong>: No conocemos ese municipio\. Elija uno de la lista «Cerca de»\./);
      assert.match(res.body, /<details class="filtros" open>/);
      assert.ok(!res.body.includes('id="lista"'));
    }
  });

  test('after filtering, the panel is folded and a summary line leads the results; with no filter, no summary', async () => {
    const filtered = await page(`cerca=${MOCOA}&radiusKm=5`);
    assert.equal(filtered.statusCode, 200);
    assert.match(filtered.body, /<details class="filtros"><summary>/, 'folded: the results show at once');
    const summary = /<p class="resumen">([\s\S]*?)<\/p>/.exec(filtered.body)?.[1] ?? '';
    const count = listIds(filtered.body).length;
    assert.equal(visibleText(summary).trim(), `${count} resultados · Cerca de Mocoa, Putumayo · Cambiar filtros`);
    assert.match(summary, /<a href="#filtrar">Cambiar filtros<\/a>/);
    assert.match(filtered.body, /<form method="get" id="filtrar"/);
    assert.ok(filtered.body.indexOf('class="resumen"') < filtered.body.indexOf('id="lista"'));
    const twin = await get(`/emergencias/${SLUG}.md?cerca=${MOCOA}&radiusKm=5`);
    assert.match(
      twin.body,
      new RegExp(`^${count} resultados · Cerca de Mocoa, Putumayo$`, 'm'),
      'the twin says it too',
    );
    assert.doesNotMatch(twin.body, /Cambiar filtros/, 'the twin has no form to go back to');
    const plain = await page('');
    assert.doesNotMatch(plain.body, /class="resumen"/);
    assert.match(plain.body, /<details class="filtros"><summary>/);
    const one = await page(`cerca=${VILLAGARZON}&radiusKm=1`);
    assert.match(visibleText(one.body), /1 resultado · Cerca de Villagarzón, Putumayo · Cambiar filtros/);
  });
});
