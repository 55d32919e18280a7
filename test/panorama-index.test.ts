// The panorama's counts and quantities come from the in-memory index: they must equal what GROUP BY over the
// published records of the database gives, after creates, status changes, coverage and removals.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { eraseRecord } from '../src/commands/personal-data/erase.ts';
import { setCoveredQuantity } from '../src/commands/set-covered-quantity.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { categories } from '../src/domain/categories.ts';
import { addEmergency, type Harness, HELP, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
let emergencyIds: string[];
before(async () => {
  h = await setup();
  emergencyIds = [
    (await addEmergency(h)).id,
    (await addEmergency(h, 'deslizamiento-salgar', 'Deslizamiento Salgar')).id,
  ];
});
after(() => h.close());

const URGENT = 5;

/** The database's own answer, as the panorama computed it before the index did. */
async function oracle(ids: string[]) {
  const status = await h.ctx.db
    .selectFrom('help_records')
    .select([
      'emergency_id',
      'type',
      'status',
      'urgency',
      sql<number>`case when collection_center_status is null then 0 else 1 end`.as('centre'),
      (eb) => eb.fn.countAll().as('n'),
    ])
    .where('review_status', '=', 'approved')
    .where('emergency_id', 'in', ids)
    .groupBy([
      'emergency_id',
      'type',
      'status',
      'urgency',
      sql`case when collection_center_status is null then 0 else 1 end`,
    ])
    .execute();
  const categoryRows = await h.ctx.db
    .selectFrom('help_records')
    .select(['emergency_id', 'type', 'category', (eb) => eb.fn.countAll().as('n')])
    .where('review_status', '=', 'approved')
    .where('status', '!=', 'completed')
    .where('emergency_id', 'in', ids)
    .groupBy(['emergency_id', 'type', 'category'])
    .execute();
  const quantities = await h.ctx.db
    .selectFrom('help_records')
    .select([
      'emergency_id',
      'category',
      sql<string>`coalesce(unit, '')`.as('unit'),
      (eb) => eb.fn.sum<number>('quantity_required').as('required'),
      (eb) => eb.fn.sum<number>('quantity_covered').as('covered'),
      (eb) => eb.fn.sum<number>('quantity_pending').as('pending'),
      (eb) => eb.fn.countAll().as('n'),
    ])
    .where('review_status', '=', 'approved')
    .where('type', '=', 'request')
    .where('status', '!=', 'completed')
    .where('quantity_required', 'is not', null)
    .where('emergency_id', 'in', ids)
    .groupBy(['emergency_id', 'category', sql`coalesce(unit, '')`])
    .execute();
  // The most pressing active requests of each emergency, in the public order (priority, then newest, then id).
  const active = await h.ctx.db
    .selectFrom('help_records')
    .select(['id', 'emergency_id', 'priority_score', 'created_at'])
    .where('review_status', '=', 'approved')
    .where('type', '=', 'request')
    .where('status', '=', 'active')
    .where('emergency_id', 'in', ids)
    .execute();
  active.sort(
    (a, b) =>
      Number(b.priority_score) - Number(a.priority_score) ||
      Date.parse(b.created_at) - Date.parse(a.created_at) ||
      (a.id < b.id ? -1 : 1),
  );
  const urgent: Record<string, string[]> = {};
  for (const row of active) {
    const top = urgent[row.emergency_id] ?? [];
    urgent[row.emergency_id] = top;
    if (top.length < URGENT) top.push(row.id);
  }
  const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    urgent,
    status: sorted(status.map((r) => ({ ...r, centre: Number(r.centre), n: Number(r.n) }))),
    categories: sorted(categoryRows.map((r) => ({ ...r, n: Number(r.n) }))),
    quantities: sorted(
      quantities.map((r) => ({
        ...r,
        required: Number(r.required),
        covered: Number(r.covered),
        pending: Number(r.pending),
        n: Number(r.n),
      })),
    ),
  };
}

async function fromIndex(ids: string[]) {
  const a = await h.ctx.search.aggregates(ids, URGENT);
  const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    urgent: Object.fromEntries(a.urgent),
    status: sorted(a.status),
    categories: sorted(a.categories),
    quantities: sorted(a.quantities),
  };
}

test('the index counts what GROUP BY counts, through creates, changes and a withdrawal', async () => {
  const urgencies = ['urgent', 'needed', 'stable'];
  const ids: string[] = [];
  for (let i = 0; i < 36; i++) {
    const withQuantity = i % 3 !== 0;
    ids.push(
      await publish(
        h,
        requestBody({
          emergencySlug: i % 4 === 0 ? 'deslizamiento-salgar' : 'inundacion-mocoa',
          category: categories[i % 5],
          urgency: urgencies[i % 3],
          title: `Solicitud número ${i}`,
          ...(withQuantity ? { quantityRequired: 10 + i, unit: i % 2 ? 'bidones' : 'cajas' } : {}),
        }),
      ),
    );
  }
  for (let i = 0; i < 8; i++) {
    await publish(
      h,
      offerBody({
        emergencySlug: 'inundacion-mocoa',
        category: categories[i % 4],
        ...(i % 2
          ? { collectionCenterStatus: 'needs_resources', latitude: 1.15, longitude: -76.65, address: 'Bodega' }
          : {}),
      }),
    );
  }
  assert.deepEqual(await fromIndex(emergencyIds), await oracle(emergencyIds));

  await setRecordStatus(h.ctx, ids[1] as string, 'completed', 'leader');
  await setRecordStatus(h.ctx, ids[2] as string, 'in_process', 'leader');
  await setCoveredQuantity(h.ctx, ids[4] as string, 7, 'leader');
  await setCoveredQuantity(h.ctx, ids[5] as string, 500, 'leader');
  await eraseRecord(h.ctx, ids[7] as string, 'admin', 'Pedido de la persona');
  assert.deepEqual(await fromIndex(emergencyIds), await oracle(emergencyIds));
  assert.deepEqual(await fromIndex([emergencyIds[1] as string]), await oracle([emergencyIds[1] as string]));

  // The panorama itself, through the API, reflects a change at once.
  const before = await h.json({ method: 'GET', url: `${HELP}?view=panorama&emergencySlug=inundacion-mocoa` });
  await setRecordStatus(h.ctx, ids[6] as string, 'completed', 'leader');
  const after = await h.json({ method: 'GET', url: `${HELP}?view=panorama&emergencySlug=inundacion-mocoa` });
  assert.equal(after.body.counts.requests.completed, before.body.counts.requests.completed + 1);
  assert.deepEqual(await fromIndex(emergencyIds), await oracle(emergencyIds));
});

test('the most pressing requests are the active ones in the public order', async () => {
  const [mocoa] = emergencyIds as [string];
  const expected = await h.ctx.db
    .selectFrom('help_records')
    .select('id')
    .where('emergency_id', '=', mocoa)
    .where('review_status', '=', 'approved')
    .where('status', '=', 'active')
    .where('type', '=', 'request')
    .orderBy('priority_score', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(5)
    .execute();
  const aggregates = await h.ctx.search.aggregates([mocoa], 5);
  assert.deepEqual(
    aggregates.urgent.get(mocoa),
    expected.map((r) => r.id),
  );
  const panorama = await h.json({ method: 'GET', url: `${HELP}?view=panorama&emergencySlug=inundacion-mocoa` });
  assert.deepEqual(
    panorama.body.emergencies[0].urgentNeeds.map((n: { id: string }) => n.id),
    expected.map((r) => r.id),
  );
});
