// Upgrading to the offer place rule (db/migrations/016-offer-places.ts): a person's offer published before, shown
// at its exact place, moves to its approximate place. Its earlier feed entries lose their state, so neither the
// feed read from 0 nor a webhook delivery still waiting carries its street or exact point; one 'updated' entry
// says where it is shown now. Collection centres and offers whose sender asked for the exact place stay. A route that
// picks up at a person's offer follows the offer (db/migrations/017-route-pickups.ts): public at the offer's public
// place, exact for the volunteer the leaders accepted.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { writeFeedTouches } from '../src/commands/changes/feed-touches.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { decideClaim } from '../src/commands/route-claims/decide-claim.ts';
import { deliverDue } from '../src/commands/webhooks/deliver.ts';
import { addWebhook } from '../src/commands/webhooks/subscriptions.ts';
import { moveOffersToTheirPublicPlace } from '../src/db/migrations/016-offer-places.ts';
import { moveRoutePickupsToTheirPublicPlace } from '../src/db/migrations/017-route-pickups.ts';
import { snapToGrid } from '../src/domain/public-place.ts';
import { addEmergency, type Harness, HELP, list, offerBody, publish, requestBody, setup } from './helpers/harness.ts';
import { nextMobile, nextWord } from './helpers/samples.ts';
import { WebhookReceiver } from './helpers/webhook-receiver.ts';

const CHANGES = '/api/public/v1/changes';
/** Where a person offered a truck from, before the rule: shown exactly then. */
const HOME = { latitude: 1.153417, longitude: -76.645183 };
const HOME_TRACES = ['1.1534', '1,1534', '76.6451', '76,6451'];
const STREET = `Calle ${nextWord()} 4-55, casa azul`;
const SHOP = { latitude: 1.149876, longitude: -76.647711 };
const CENTRE = { latitude: 1.144417, longitude: -76.639281 };

let h: Harness;
let receiver: WebhookReceiver;
const ids = { giver: '', shop: '', centre: '', destination: '', route: '' };

/** A route to the destination that picks up at an offer. */
async function routeFrom(offerId: string): Promise<string> {
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: 'inundacion-mocoa',
      destinationHelpId: ids.destination,
      pickupHelpId: offerId,
      title: `Llevar mercados ${nextWord()}`,
      supplyDescription: 'Mercados',
    },
    'leader-1',
  );
  return route.id;
}
const routes = async () =>
  (await h.json({ method: 'GET', url: '/api/logistics-operations?emergencia=inundacion-mocoa' })).body.operations as {
    id: string;
    pickup_address: string;
    pickup_latitude: number;
    pickup_longitude: number;
  }[];

before(async () => {
  h = await setup({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '500' });
  await addEmergency(h);
  receiver = await new WebhookReceiver().start();
  const hook = await addWebhook(h.ctx, { url: receiver.url('/ofertas') }, 'test');
  receiver.trust('/ofertas', hook.secret);
  // Published as the service did before: a person's offer showed its street and point. Here it is sent asking for
  // the exact place; the first test sets its choice back to what every offer stored then (0).
  ids.giver = await publish(
    h,
    offerBody({ title: 'Camión para mercados', address: STREET, ...HOME, showExactLocation: true }),
  );
  ids.shop = await publish(
    h,
    offerBody({ title: 'Tienda que regala pan', address: 'Tienda La 14', ...SHOP, showExactLocation: true }),
  );
  ids.centre = await publish(
    h,
    offerBody({ title: 'Centro de acopio', collectionCenterStatus: 'needs_resources', address: 'Bodega', ...CENTRE }),
  );
  ids.destination = await publish(h, requestBody({ title: 'Mercados para el albergue', showExactLocation: true }));
  // A route opened before the rule: it showed the offer's street and point too.
  ids.route = await routeFrom(ids.giver);
});
after(async () => {
  await receiver.close();
  await h.close();
});

const feed = async () => (await h.json({ method: 'GET', url: `${CHANGES}?since=0&limit=500` })).body;

test('before the upgrade the feed carried the offer’s street and exact point, and a search found it there', async () => {
  const text = JSON.stringify(await feed());
  assert.ok(text.includes(STREET) && text.includes(String(HOME.latitude)));
  const routeEntries = (await feed()).events.filter((e: { entity: string }) => e.entity === 'route');
  assert.ok(JSON.stringify(routeEntries).includes(STREET), 'the route carried it too');
  // The search index is built now, with the exact point: the upgrade must make it read the record again.
  const near = await list(h, { latitude: HOME.latitude, longitude: HOME.longitude, radiusKm: 0.1 });
  assert.ok(near.body.items.some((i: { id: string }) => i.id === ids.giver));
  // What every offer stored then: no choice (0), the place shown exactly all the same. As an upgrade finds it.
  await h.ctx.db.updateTable('help_records').set({ exact_location: 0 }).where('id', '=', ids.giver).execute();
});

test('after it: no street or exact point of the moved offer in the feed or a delivery, one updated entry each', async () => {
  // The migration's own step, on the service's database (the migration itself runs once, on a fresh one here).
  await moveOffersToTheirPublicPlace(h.ctx.db as never);
  await moveRoutePickupsToTheirPublicPlace(h.ctx.db as never);
  const waiting = await h.ctx.db.selectFrom('feed_touches').select('entity_id').execute();
  assert.deepEqual(
    waiting.map((r) => r.entity_id).sort(),
    [ids.giver, ids.destination].sort(),
    'only the person’s offer moves (not the shop that asked, not the centre), and the route from it',
  );
  assert.equal(await writeFeedTouches(h.ctx), 2);
  assert.equal(await writeFeedTouches(h.ctx), 0, 'a second run (or another instance) finds nothing left');

  const all = (await feed()).events as { id: string; entity: string; kind: string; redacted: boolean; state: any }[];
  const events = all.filter((e) => e.entity === 'help');
  const mine = events.filter((e) => e.id === ids.giver);
  assert.deepEqual(
    mine.map((e) => [e.kind, e.redacted]),
    [
      ['published', true],
      ['updated', false],
    ],
  );
  const now = mine.at(-1)?.state.location;
  assert.deepEqual(
    [now.address, now.latitude, now.longitude, now.precision],
    [null, snapToGrid(HOME.latitude), snapToGrid(HOME.longitude), 'approximate'],
  );
  const text = JSON.stringify(all);
  for (const trace of [STREET, 'casa azul', ...HOME_TRACES]) assert.ok(!text.includes(trace), `${trace} in the feed`);
  for (const id of [ids.shop, ids.centre]) {
    assert.deepEqual(
      events.filter((e) => e.id === id).map((e) => [e.kind, e.redacted]),
      [['published', false]],
      'the shop and the centre keep their entries',
    );
  }

  // The deliveries queued before the upgrade are sent now: the moved offer's first one carries no place.
  await deliverDue(h.ctx);
  const delivered = JSON.stringify(receiver.at('/ofertas').map((m) => m.payload));
  for (const trace of [STREET, ...HOME_TRACES]) assert.ok(!delivered.includes(trace), `${trace} delivered`);
  assert.ok(delivered.includes('Tienda La 14'), 'the deliveries were sent');
});

test('the list, the detail and a search around the old point show only the approximate place', async () => {
  const detail = (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${ids.giver}` })).body.item;
  assert.equal(detail.location.precision, 'approximate');
  assert.equal(detail.location.address, null);
  const near = await list(h, { latitude: HOME.latitude, longitude: HOME.longitude, radiusKm: 0.1 });
  assert.ok(
    !near.body.items.some((i: { id: string }) => i.id === ids.giver),
    'a 100 m circle around the old point does not pin it',
  );
  const around = await list(h, { latitude: HOME.latitude, longitude: HOME.longitude, radiusKm: 1 });
  const item = around.body.items.find((i: { id: string }) => i.id === ids.giver);
  assert.ok(item, 'found within 1 km');
  assert.equal(item.location.latitude, snapToGrid(HOME.latitude));
});

test('a route from a person’s offer shows its public place; a volunteer sees the street once accepted', async () => {
  const listed = (await routes()).find((r) => r.id === ids.route);
  assert.ok(listed, 'the route is listed');
  assert.deepEqual(
    [listed.pickup_latitude, listed.pickup_longitude],
    [snapToGrid(HOME.latitude), snapToGrid(HOME.longitude)],
  );
  assert.match(listed.pickup_address, /aproximada/);
  const fromCentre = await routeFrom(ids.centre);
  const centre = (await routes()).find((r) => r.id === fromCentre);
  assert.deepEqual([centre?.pickup_address, centre?.pickup_latitude], ['Bodega', CENTRE.latitude]);
  const rutas = (await h.app.inject({ method: 'GET', url: '/rutas?emergencia=inundacion-mocoa' })).body;
  assert.ok(rutas.includes('Bodega'), 'the routes page lists them');
  for (const trace of [STREET, 'casa azul', ...HOME_TRACES]) assert.ok(!rutas.includes(trace), `${trace} on /rutas`);

  // A stranger who claims the route sees no more than the list; the volunteer the leaders accept sees the street.
  const claimed = await h.json({
    method: 'POST',
    url: `/api/logistics-operations/${ids.route}/claims`,
    payload: { contactName: 'Carlos Muñoz', contactWhatsapp: nextMobile(), vehicle: 'Moto', when: 'Hoy' },
  });
  assert.equal(claimed.status, 202, JSON.stringify(claimed.body));
  const myRoute = () =>
    h.app.inject({
      method: 'POST',
      url: '/mi-ruta',
      payload: new URLSearchParams({ codigo: claimed.body.code }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.config.baseUrl },
    });
  const waiting = await myRoute();
  assert.equal(waiting.statusCode, 200, waiting.body);
  assert.ok(!waiting.body.includes(STREET), 'a claim waiting for the team shows the approximate place');
  const claim = await h.ctx.db
    .selectFrom('route_claims')
    .select('id')
    .where('operation_id', '=', ids.route)
    .executeTakeFirstOrThrow();
  await decideClaim(h.ctx, claim.id, null, 'accept', 'leader-1');
  assert.ok((await myRoute()).body.includes(STREET), 'the accepted volunteer is told where to pick up');
});
