// The API's list is written from presented records kept as JSON text: it must be byte for byte what serialising the
// list object would give, for every shape (distances, cursors, quoting, a closed emergency), before and after a hit.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { closeEmergency } from '../src/commands/close-emergency.ts';
import { listHelp, listHelpJson } from '../src/queries/list-help.ts';
import { helpQuery } from '../src/schemas/help-query.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  for (let i = 0; i < 12; i++) {
    await publish(
      h,
      requestBody({
        emergencySlug: SLUG,
        // Quotes, backslashes and the key's own spelling in free text cannot disturb where the distance goes.
        title: `Agua "distanceKm":null \\ ${i} ñandú 👩‍🚒`,
        latitude: 1.15 + i * 0.003,
        longitude: -76.65,
        quantityRequired: i + 1,
      }),
    );
  }
});
after(() => h?.close());

const queries: Record<string, string>[] = [
  {},
  { q: 'agua' },
  { latitude: '1.15', longitude: '-76.65', radiusKm: '3' },
  { latitude: '1.16', longitude: '-76.65', radiusKm: '5', sort: 'distance', limit: '4' },
  { q: 'distancekm', limit: '5' },
];

/** The two texts, the clock's generatedAt aside (the test clock moves on every reading). */
function assertSameText(text: string, expected: string, label: string) {
  const [a, b] = [text, expected].map((t) => t.replace(/^\{"generatedAt":"[^"]+"/, ''));
  let at = 0;
  while (at < Math.min((a as string).length, (b as string).length) && a?.[at] === b?.[at]) at++;
  assert.ok(a === b, `${label}: differs at ${at}: ${a?.slice(at - 40, at + 40)} / ${b?.slice(at - 40, at + 40)}`);
}

async function same(params: Record<string, string>) {
  const query = helpQuery.parse({ view: 'list', emergencySlug: SLUG, ...params });
  const object = JSON.stringify(await listHelp(h.ctx, query));
  const text = (await listHelpJson(h.ctx, query)).text;
  assertSameText(text, object, JSON.stringify(params));
  return JSON.parse(text);
}

test('the JSON text equals the serialised list, first read and from kept records, with each search its distance', async () => {
  for (let round = 0; round < 2; round++) {
    for (const params of queries) await same(params);
  }
  const near = await same({ latitude: '1.15', longitude: '-76.65', radiusKm: '50' });
  const far = await same({ latitude: '1.30', longitude: '-76.65', radiusKm: '50' });
  const distance = (list: any, id: string) => list.items.find((item: any) => item.id === id).location.distanceKm;
  const id = near.items[0].id;
  assert.notEqual(distance(near, id), distance(far, id), 'a kept record takes each search its own distance');
  const plain = await same({});
  assert.equal(distance(plain, id), null);
});

test('the API sends the same bytes, paged with a cursor, and the closed emergency shows in every kept record', async () => {
  const first = await h.request({
    method: 'GET',
    url: `${HELP}?view=list&emergencySlug=${SLUG}&limit=5&sort=distance&latitude=1.15&longitude=-76.65`,
  });
  const body = JSON.parse(first.body);
  const query = helpQuery.parse({
    view: 'list',
    emergencySlug: SLUG,
    limit: '5',
    sort: 'distance',
    latitude: '1.15',
    longitude: '-76.65',
  });
  assertSameText(first.body, JSON.stringify(await listHelp(h.ctx, query)), 'API');
  assert.ok(body.nextCursor);
  const page = await same({
    limit: '5',
    sort: 'distance',
    latitude: '1.15',
    longitude: '-76.65',
    cursor: body.nextCursor,
  });
  assert.equal(page.items.length, 5);
  await closeEmergency(h.ctx, SLUG, 'test');
  const closed = await same({ status: 'all' });
  assert.ok(closed.items.length > 0);
  for (const item of closed.items) assert.equal(item.emergency.status, 'closed');
});
