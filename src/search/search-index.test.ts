import assert from 'node:assert/strict';
import { test } from 'node:test';
import { distanceKm } from '../domain/distance.ts';
import { searchTerms } from '../domain/text.ts';
import { type IndexedRecord, type IndexQuery, SearchIndex } from './search-index.ts';

const base: IndexedRecord = {
  id: 'a',
  emergencyId: 'e1',
  type: 'request',
  status: 'active',
  category: 'agua',
  urgency: 'needed',
  latitude: 1.15,
  longitude: -76.65,
  priorityScore: 50,
  createdAt: '2026-05-10T12:00:00Z',
  quantityRequired: null,
  quantityCovered: 0,
  quantityPending: null,
  changeSeq: 1,
  text: 'Agua potable',
};
const query: IndexQuery = {
  emergencyIds: ['e1'],
  type: 'all',
  status: 'active',
  priority: 'all',
  logistics: false,
  limit: 50,
};
const ids = (index: SearchIndex, q: Partial<IndexQuery> = {}) => index.search({ ...query, ...q }).hits.map((h) => h.id);

test('order: priority, then newest, then id; limit keeps the best and total counts all', () => {
  const index = new SearchIndex();
  index.upsert({ ...base, id: 'low', priorityScore: 10 });
  index.upsert({ ...base, id: 'old', priorityScore: 60, createdAt: '2026-05-09T00:00:00Z' });
  index.upsert({ ...base, id: 'new', priorityScore: 60, createdAt: '2026-05-10T00:00:00Z' });
  index.upsert({ ...base, id: 'b-tie', priorityScore: 60, createdAt: '2026-05-10T00:00:00Z' });
  assert.deepEqual(ids(index), ['b-tie', 'new', 'old', 'low']);
  const limited = index.search({ ...query, limit: 2 });
  assert.deepEqual([limited.total, limited.hits.map((h) => h.id)], [4, ['b-tie', 'new']]);
});

test('an update replaces the record everywhere, including its words', () => {
  const index = new SearchIndex();
  index.upsert({ ...base, text: 'Agua potable' });
  index.upsert({ ...base, text: 'Colchonetas', status: 'in_process' });
  assert.equal(index.size, 1);
  assert.deepEqual(ids(index, { q: 'agua', status: 'all' }), []);
  assert.deepEqual(ids(index, { q: 'colch', status: 'all' }), ['a']);
  assert.deepEqual(ids(index), [], 'no longer active');
  index.remove('a');
  assert.deepEqual(ids(index, { status: 'all' }), []);
});

test('words match by beginning, every word must match, accents and case do not matter', () => {
  const index = new SearchIndex();
  index.upsert({ ...base, id: 'x', text: 'Medicaméntos para adultos' });
  index.upsert({ ...base, id: 'y', text: 'Medicina general' });
  assert.deepEqual(ids(index, { q: 'MEDIC' }).sort(), ['x', 'y']);
  assert.deepEqual(ids(index, { q: 'medicamentos adultos' }), ['x']);
  assert.deepEqual(ids(index, { q: 'medicamentos ninos' }), []);
  assert.deepEqual(ids(index, { q: '¡!' }).sort(), ['x', 'y'], 'no words: no restriction');
});

test('compaction after many replacements keeps every live record findable', () => {
  const index = new SearchIndex();
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < 1000; i++)
      index.upsert({ ...base, id: `r${i}`, text: `registro numero${i} ronda${round}`, priorityScore: i });
  }
  assert.equal(index.size, 1000);
  const all = index.search({ ...query, limit: 100 });
  assert.equal(all.total, 1000);
  assert.equal(all.hits[0]?.id, 'r999');
  assert.deepEqual(ids(index, { q: 'numero123' }), ['r123']);
  assert.deepEqual(ids(index, { q: 'ronda3' }), [], 'old words are gone');
  assert.equal(index.search({ ...query, q: 'ronda4' }).total, 1000);
});

test('geo, priority, logistics and capacity filters', () => {
  const index = new SearchIndex();
  index.upsert({ ...base, id: 'near', quantityRequired: 100, quantityCovered: 80, quantityPending: 20 });
  index.upsert({ ...base, id: 'far', latitude: 1.5, quantityRequired: 10, quantityCovered: 1, quantityPending: 9 });
  index.upsert({ ...base, id: 'offer', type: 'offer', latitude: null, longitude: null });
  const near = index.search({ ...query, near: { latitude: 1.15, longitude: -76.65, radiusKm: 5 } });
  assert.deepEqual(
    near.hits.map((h) => [h.id, h.distanceKm]),
    [['near', 0]],
  );
  assert.deepEqual(ids(index, { priority: 'near_covered' }), ['near']);
  assert.deepEqual(ids(index, { priority: 'deficit' }), ['far']);
  assert.deepEqual(ids(index, { logistics: true }).sort(), ['far', 'near']);
  assert.deepEqual(ids(index, { capacity: 10 }), ['far']);
  assert.deepEqual(ids(index, { emergencyIds: ['e2'] }), []);
});

test('sort=distance: nearest first, ties by priority; the limit keeps the nearest; no point, no distance order', () => {
  const index = new SearchIndex();
  const at = (km: number) => ({ latitude: 1.15 + km / 111.2, longitude: -76.65 });
  index.upsert({ ...base, id: 'far-urgent', priorityScore: 90, ...at(8) });
  index.upsert({ ...base, id: 'near-low', priorityScore: 10, ...at(1) });
  index.upsert({ ...base, id: 'mid', priorityScore: 50, ...at(4) });
  index.upsert({ ...base, id: 'mid-better', priorityScore: 70, ...at(4) });
  const near = { latitude: 1.15, longitude: -76.65, radiusKm: 20 };
  assert.deepEqual(ids(index, { near, sort: 'distance' }), ['near-low', 'mid-better', 'mid', 'far-urgent']);
  assert.deepEqual(ids(index, { near }), ['far-urgent', 'mid-better', 'mid', 'near-low'], 'priority by default');
  const limited = index.search({ ...query, near, sort: 'distance', limit: 2 });
  assert.deepEqual([limited.total, limited.hits.map((h) => h.id)], [4, ['near-low', 'mid-better']]);
  assert.deepEqual(ids(index, { sort: 'distance' }), ['far-urgent', 'mid-better', 'mid', 'near-low']);
});

test('after a position, the next records in the same order; next is null at the end', () => {
  const index = new SearchIndex();
  for (let i = 0; i < 25; i++) {
    index.upsert({
      ...base,
      id: `r${String(i).padStart(2, '0')}`,
      priorityScore: i % 3,
      createdAt: `2026-05-${String(10 + (i % 2)).padStart(2, '0')}T00:00:00Z`,
      latitude: 1.15 + (i % 4) * 0.01,
    });
  }
  for (const order of [{}, { near: { latitude: 1.15, longitude: -76.65, radiusKm: 50 }, sort: 'distance' as const }]) {
    const all = index.search({ ...query, ...order, limit: 100 }).hits.map((h) => h.id);
    const paged: string[] = [];
    let result = index.search({ ...query, ...order, limit: 10 });
    paged.push(...result.hits.map((h) => h.id));
    while (result.next) {
      result = index.search({ ...query, ...order, limit: 10, after: result.next });
      paged.push(...result.hits.map((h) => h.id));
    }
    assert.deepEqual(paged, all);
    assert.equal(result.total, 25, 'total counts every match, whatever the page');
  }
});

test('municipality and map box filter; points carry the public point and precision', () => {
  const index = new SearchIndex();
  index.upsert({ ...base, id: 'mocoa', municipalityCode: '86001', precision: 'approximate' });
  index.upsert({ ...base, id: 'pasto', municipalityCode: '52001', latitude: 1.21, longitude: -77.28 });
  index.upsert({ ...base, id: 'none', latitude: null, longitude: null });
  assert.deepEqual(ids(index, { municipalityCode: '52001' }), ['pasto']);
  assert.deepEqual(
    index
      .points({ ...query, bbox: { minLat: 1, maxLat: 1.2, minLon: -76.7, maxLon: -76.6 } })
      .map((p) => [p.id, p.precision]),
    [['mocoa', 'approximate']],
  );
  assert.deepEqual(
    index
      .points(query)
      .map((p) => p.id)
      .sort(),
    ['mocoa', 'pasto'],
  );
  assert.deepEqual([...index.municipalities(['e1'])].sort(), [
    ['52001', 1],
    ['86001', 1],
  ]);
});

test('circle, words and cells: the same records as measuring every one, near the edge too, across compactions', () => {
  const index = new SearchIndex();
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const words = ['agua', 'aguas', 'mercado', 'mercados', 'toldo'];
  const centre = { latitude: 4.61, longitude: -74.08 };
  const records = new Map<string, IndexedRecord>();
  const write = (id: string) => {
    // Points on rings around the centre, many of them within a few metres of a 3 km or 40 km circle's edge.
    const ring = [3, 40][Math.floor(random() * 2)] as number;
    const angle = random() * 2 * Math.PI;
    const at = (km: number) => ({
      latitude: centre.latitude + (km / 111.2) * Math.sin(angle),
      longitude: centre.longitude + (km / (111.2 * Math.cos((centre.latitude * Math.PI) / 180))) * Math.cos(angle),
    });
    const measured = (km: number) => {
      const p = at(km);
      return distanceKm(centre.latitude, centre.longitude, p.latitude, p.longitude);
    };
    // Half the points a metre or less inside or outside the circle (found by halving), the rest around it.
    let km = ring * (0.9 + random() * 0.2);
    if (random() < 0.5) {
      const target = ring + (random() - 0.5) * 0.002;
      let [low, high] = [ring * 0.9, ring * 1.1];
      for (let step = 0; step < 60; step++) {
        km = (low + high) / 2;
        if (measured(km) < target) low = km;
        else high = km;
      }
    }
    const { latitude, longitude } = at(km);
    const record = {
      ...base,
      id,
      priorityScore: Math.floor(random() * 50),
      latitude,
      longitude,
      text: `${words[Math.floor(random() * words.length)]} ${words[Math.floor(random() * words.length)]}`,
      // A rare category: the index reads its own list of slots instead of the words or the cells.
      category: random() < 0.05 ? 'ropa' : 'agua',
    };
    records.set(id, record);
    index.upsert(record);
  };
  for (let i = 0; i < 3000; i++) write(`r${i}`);
  // Rewrites move records to other cells and, past 1,000 dead slots, compact the index.
  for (let i = 0; i < 2500; i++) write(`r${Math.floor(random() * 3000)}`);
  for (const radiusKm of [3, 40]) {
    for (const q of [undefined, 'agua', 'mercados', 'agua toldo']) {
      for (const [sort, category] of [
        ['priority', undefined],
        ['distance', undefined],
        ['priority', 'ropa'],
        ['distance', 'ropa'],
      ] as const) {
        const near = { ...centre, radiusKm };
        const expected = [...records.values()].filter((r) => {
          const terms = searchTerms(r.text);
          const matchesWords = (q ? searchTerms(q) : []).every((w) => terms.some((t) => t.startsWith(w)));
          return (
            matchesWords &&
            (category === undefined || r.category === category) &&
            distanceKm(centre.latitude, centre.longitude, r.latitude ?? 0, r.longitude ?? 0) <= radiusKm
          );
        });
        const result = index.search({ ...query, q, near, sort, category, limit: 100 });
        assert.equal(result.total, expected.length, `${radiusKm} km, q=${q}, ${sort}, ${category}`);
        const distanceOf = (id: string) => {
          const r = records.get(id) as IndexedRecord;
          return distanceKm(centre.latitude, centre.longitude, r.latitude ?? 0, r.longitude ?? 0);
        };
        const order = (a: IndexedRecord, b: IndexedRecord) =>
          (sort === 'distance' ? distanceOf(a.id) - distanceOf(b.id) : 0) ||
          b.priorityScore - a.priorityScore ||
          (a.id < b.id ? -1 : 1);
        assert.deepEqual(
          result.hits.map((h) => [h.id, h.distanceKm]),
          expected
            .sort(order)
            .slice(0, 100)
            .map((r) => [r.id, distanceOf(r.id)]),
        );
      }
    }
  }
});

test('status open is active or in process: never completed', () => {
  const index = new SearchIndex();
  index.upsert({ ...base, id: 'active', status: 'active' });
  index.upsert({ ...base, id: 'moving', status: 'in_process', priorityScore: 40 });
  index.upsert({ ...base, id: 'done', status: 'completed', priorityScore: 90 });
  assert.deepEqual(ids(index, { status: 'open' }), ['active', 'moving']);
  assert.deepEqual(ids(index, { status: 'all' }), ['done', 'active', 'moving']);
});

test('ids(): the records search() counts, oldest first, whatever order they were written in', () => {
  const index = new SearchIndex();
  index.upsert({ ...base, id: 'new', priorityScore: 90, createdAt: '2026-05-10T00:00:00Z' });
  index.upsert({ ...base, id: 'old', priorityScore: 10, createdAt: '2026-05-09T00:00:00Z' });
  index.upsert({ ...base, id: 'b-tie', createdAt: '2026-05-09T00:00:00Z' });
  index.upsert({ ...base, id: 'done', status: 'completed', createdAt: '2026-05-08T00:00:00Z' });
  // An update moves the record to a new slot; its place in the export stays.
  index.upsert({ ...base, id: 'old', priorityScore: 20, createdAt: '2026-05-09T00:00:00Z' });
  assert.deepEqual(index.ids(query), ['b-tie', 'old', 'new']);
  assert.equal(index.search(query).total, 3);
  assert.deepEqual(index.ids({ ...query, status: 'all', category: 'agua', q: 'agua' }), [
    'done',
    'b-tie',
    'old',
    'new',
  ]);
});

test('a place search takes the records its nearest municipality placed by municipality alone, once, at no distance', () => {
  const index = new SearchIndex();
  const mocoaPoint = { latitude: 1.260709, longitude: -76.665843 };
  const town = { latitude: 1.1478, longitude: -76.6476, radiusKm: 5 };
  // Many records far away, so a search near town reads the circle's cells rather than every record.
  for (let n = 0; n < 200; n++) {
    index.upsert({ ...base, id: `pasto-${n}`, latitude: 1.2136, longitude: -77.2811, municipalityCode: '52001' });
  }
  index.upsert({ ...base, id: 'town', latitude: town.latitude, longitude: town.longitude, municipalityCode: '86001' });
  const placed = { ...base, ...mocoaPoint, precision: 'municipality' as const, municipalityCode: '86001' };
  index.upsert({ ...placed, id: 'by-mocoa', priorityScore: 70, text: 'Vereda agua' });
  index.upsert({ ...placed, id: 'by-mocoa-low', priorityScore: 20, text: 'Vereda mercados' });
  // An exact point at the same place is no municipality's record: only its distance counts.
  index.upsert({ ...base, id: 'exact-there', ...mocoaPoint, precision: 'exact', municipalityCode: '86001' });
  const nearTown = index.search({ ...query, near: town, sort: 'distance' });
  assert.deepEqual(
    nearTown.hits.map((h) => [h.id, h.distanceKm === null]),
    [
      ['town', false],
      ['by-mocoa', true],
      ['by-mocoa-low', true],
    ],
  );
  assert.equal(nearTown.total, 3);
  assert.deepEqual(ids(index, { near: town, q: 'vereda agua' }), ['by-mocoa'], 'words and cells together');
  assert.deepEqual(index.ids({ ...query, near: town }).sort(), ['by-mocoa', 'by-mocoa-low', 'town']);
  assert.equal(index.points({ ...query, near: town }).length, 3);
  // From the municipality's point itself the records lie in the circle's cells: still counted once.
  const there = index.search({ ...query, near: { ...mocoaPoint, radiusKm: 1 }, sort: 'distance' });
  assert.deepEqual(
    there.hits.map((h) => h.id),
    ['exact-there', 'by-mocoa', 'by-mocoa-low'],
  );
  assert.equal(there.total, 3);
  // Paging through the unknown distances: the cursor of the first of them leads to the second.
  const first = index.search({ ...query, near: town, sort: 'distance', limit: 2 });
  assert.equal(first.next?.distance, Number.POSITIVE_INFINITY);
  const rest = index.search({ ...query, near: town, sort: 'distance', limit: 2, after: first.next ?? undefined });
  assert.deepEqual([rest.hits.map((h) => h.id), rest.next], [['by-mocoa-low'], null]);
  // From a point nearer another municipality, they are measured like any record.
  const villagarzon = { latitude: 0.91115, longitude: -76.744954, radiusKm: 5 };
  assert.deepEqual(ids(index, { near: villagarzon }), []);
  // Replaced and removed records leave the municipality's list, through a compaction too.
  index.remove('by-mocoa-low');
  for (let n = 0; n < 200; n++) index.remove(`pasto-${n}`);
  for (let n = 0; n < 1200; n++) index.upsert({ ...base, id: `churn-${n % 2}`, latitude: 1.2136, longitude: -77.2811 });
  assert.deepEqual(ids(index, { near: town, sort: 'distance' }), ['town', 'by-mocoa']);
  index.upsert({ ...placed, id: 'by-mocoa', latitude: 1.15, longitude: -76.65, precision: 'approximate' });
  assert.deepEqual(ids(index, { near: town, sort: 'distance' }), ['town', 'by-mocoa'], 'now measured');
  assert.notEqual(index.search({ ...query, near: town }).hits.find((h) => h.id === 'by-mocoa')?.distanceKm, null);
});
