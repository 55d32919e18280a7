// Match suggestions: GET /api/public/v1/help/{id}/matches and the MCP tool sugerir_coincidencias, on fixed fixtures.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { spokenDistance } from '../src/domain/matching.ts';
import { tools } from '../src/mcp/tools.ts';
import { helpMatches } from '../src/queries/help-matches.ts';
import type { HelpMatches } from '../src/schemas/help-matches.ts';
import { leader } from './helpers/console.ts';
import { eventually } from './helpers/eventually.ts';
import { addEmergency, type Harness, HELP, offerBody, publish, requestBody, setup, submit } from './helpers/harness.ts';

let h: Harness;
const ids: Record<string, string> = {};
/** Degrees of latitude north of the request: about 111 km each. */
const north = (km: number) => 1.1478 + km / 111.2;
const at = (km: number) => ({ latitude: Number(north(km).toFixed(6)), longitude: -76.6476 });

before(async () => {
  h = await setup();
  await addEmergency(h);
  ids.request = await publish(
    h,
    requestBody({ title: 'Agua para el albergue', urgency: 'urgent', quantityRequired: 30, unit: 'bidones' }),
  );
  ids.near = await publish(h, offerBody({ title: 'Bidones de agua', category: 'agua', ...at(0.5) }));
  ids.centre = await publish(
    h,
    offerBody({
      title: 'Centro de acopio Coliseo',
      category: 'acopio',
      collectionCenterStatus: 'needs_resources',
      ...at(1.2),
    }),
  );
  await setInventoryLine(h.ctx, ids.centre, { kind: 'have', category: 'agua', quantity: 50, unit: 'bidones' }, 'test');
  ids.town = await publish(h, offerBody({ title: 'Agua embotellada', category: 'agua', ...at(3) }));
  ids.far = await publish(h, offerBody({ title: 'Carrotanque', category: 'agua', ...at(20) }));
  ids.otherCategory = await publish(h, offerBody({ title: 'Mercados', category: 'alimentos', ...at(0.3) }));
  ids.done = await publish(h, offerBody({ title: 'Agua ya entregada', category: 'agua', ...at(0.8) }));
  await setRecordStatus(h.ctx, ids.done, 'completed', 'test');
  ids.otherNeed = await publish(h, requestBody({ title: 'Agua para la vereda', ...at(-0.4) }));
  ids.farNeed = await publish(h, requestBody({ title: 'Agua en la montaña', urgency: 'stable', ...at(20.5) }));
  ids.pending = await submit(h, offerBody({ title: 'Agua sin revisar', category: 'agua', ...at(0.2) }));
});

after(() => h.close());

const matchesOf = async (id: string) => {
  const res = await h.json<HelpMatches>({ method: 'GET', url: `${HELP}/${id}/matches` });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
};
const name = (id: string) => Object.entries(ids).find(([, value]) => value === id)?.[0];

test('a request gets the offers and the centre with fresh stock of its category, nearest first, within the smallest circle that holds three', async () => {
  const body = await matchesOf(ids.request as string);
  assert.equal(body.id, ids.request);
  assert.equal(body.type, 'request');
  assert.equal(body.radiusKm, 5, 'two candidates within 2 km, three within 5');
  assert.deepEqual(
    body.matches.map((m) => name(m.id)),
    ['near', 'centre', 'town'],
  );
  const [near, centre, town] = body.matches;
  assert.match(near?.reason ?? '', /^Ofrece agua: «Bidones de agua» a \d+ m$/);
  assert.match(centre?.reason ?? '', /^Centro de acopio con 50 bidones de agua a 1,\d km$/);
  assert.equal(centre?.collectionCenter, true);
  assert.equal(centre?.category, 'agua', 'matched on its stock, not its own category');
  assert.equal(town?.type, 'offer');
  assert.ok(
    body.matches.every((m, i, all) => i === 0 || (all[i - 1]?.score ?? 0) >= m.score),
    'best score first',
  );
  assert.equal(near?.publicUrl, `${h.config.baseUrl}/ayudas/${ids.near}`);
});

test('a request’s page says who could help, with links to their pages and not their contacts; an offer’s does not', async () => {
  const page = await h.app.inject({ method: 'GET', url: `/ayudas/${ids.request}` });
  assert.equal(page.statusCode, 200);
  const html = page.body;
  assert.ok(html.includes('Quién podría ayudar'));
  for (const key of ['near', 'centre', 'town']) assert.ok(html.includes(`/ayudas/${ids[key]}`), `links to ${key}`);
  assert.match(html, /Centro de acopio con 50 bidones de agua a 1,\d km/);
  assert.ok(!html.includes('7654321') && !html.includes('765 4321'), 'no offer’s WhatsApp on the request’s page');
  const twin = await h.app.inject({ method: 'GET', url: `/ayudas/${ids.request}.md` });
  assert.ok(twin.body.includes('Quién podría ayudar'));
  assert.ok(twin.body.includes(`/api/public/v1/help/${ids.request}/matches`), 'the twin names the JSON');
  const english = await h.app.inject({ method: 'GET', url: `/ayudas/${ids.request}?lang=en` });
  assert.ok(english.body.includes('Who could help'));
  assert.match(english.body, /Water, \d/);
  const offerPage = await h.app.inject({ method: 'GET', url: `/ayudas/${ids.near}` });
  assert.equal(offerPage.statusCode, 200);
  assert.ok(!offerPage.body.includes('Quién podría ayudar'));
});

test('a leader sees the suggestions beside the record, and a WhatsApp message ready for each side of a pair', async () => {
  const { browser } = await leader(h, ['inundacion-mocoa']);
  const page = await browser.get(`/panel/e/inundacion-mocoa/registros/${ids.request}`);
  assert.equal(page.statusCode, 200);
  assert.ok(page.body.includes('Coincidencias sugeridas'));
  assert.ok(page.body.includes(`/panel/e/inundacion-mocoa/registros/${ids.near}`));
  const links = [...page.body.matchAll(/href="(https:\/\/wa\.me\/[^"]+)"/g)].map((m) =>
    decodeURIComponent((m[1] as string).replaceAll('&amp;', '&').replaceAll('+', ' ')),
  );
  const toOffer = links.find((l) => l.startsWith('https://wa.me/573157654321?text=') && l.includes('Bidones de agua'));
  assert.ok(toOffer?.includes('«Agua para el albergue»'), 'the offer is told of the request');
  const toRequester = links.find(
    (l) => l.startsWith('https://wa.me/573001234567?text=') && l.includes('«Bidones de agua»'),
  );
  assert.ok(toRequester?.includes('«Agua para el albergue»'), 'the requester is told of the offer');
  assert.ok(toRequester?.includes(`/ayudas/${ids.near}`), 'with the offer’s public page');
});

test('the same data gives the same suggestions in the same order', async () => {
  const first = await helpMatches(h.ctx, ids.request as string);
  const second = await helpMatches(h.ctx, ids.request as string);
  assert.deepEqual(
    second.matches.map((m) => [m.id, m.score, m.reason]),
    first.matches.map((m) => [m.id, m.score, m.reason]),
  );
});

test('an offer gets the requests of its category that still need something: urgent and near first', async () => {
  const body = await matchesOf(ids.near as string);
  assert.equal(body.type, 'offer');
  assert.equal(body.radiusKm, 25, 'two requests within 10 km, the third at about 20');
  assert.deepEqual(
    body.matches.map((m) => name(m.id)),
    ['request', 'otherNeed', 'farNeed'],
  );
  assert.match(body.matches[0]?.reason ?? '', /^Necesita 30 bidones de agua \(urgente\) a \d+ m$/);
  assert.ok(body.matches.every((m) => m.type === 'request'));
});

test('a centre is suggested to the requests of what it has in stock, and goes once its stock is stale', async () => {
  const forCentre = await helpMatches(h.ctx, ids.centre as string);
  assert.ok(forCentre.matches.some((m) => m.id === ids.request && m.category === 'agua'));
  h.clock.advanceHours(25);
  const body = await helpMatches(h.ctx, ids.request as string);
  assert.ok(!body.matches.some((m) => m.id === ids.centre), 'its only water line is more than 24 hours old');
  assert.equal(body.radiusKm, 25, 'without the centre the circle widens to reach a third offer');
  assert.deepEqual(
    body.matches.map((m) => name(m.id)),
    ['near', 'town', 'far'],
  );
});

test('nothing unpublished, completed, of another category or of the same side is ever suggested', async () => {
  const never = [ids.done, ids.otherCategory, ids.pending, ids.otherNeed, ids.farNeed];
  const body = await helpMatches(h.ctx, ids.request as string);
  for (const id of never) assert.ok(!body.matches.some((m) => m.id === id), `${name(id as string)} suggested`);
});

test('a record that is not published, or an id of nothing, answers 404 help_not_found', async () => {
  for (const id of [ids.pending, '00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
    const res = await h.json({ method: 'GET', url: `${HELP}/${id}/matches` });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'help_not_found');
  }
});

test('the answer is cached with an ETag, and a change to public data gives a new one', async () => {
  const url = `${HELP}/${ids.request}/matches`;
  const first = await h.request({ method: 'GET', url });
  const etag = first.headers.etag as string;
  assert.ok(etag);
  const again = await h.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
  assert.equal(again.statusCode, 304);
  await publish(h, offerBody({ title: 'Agua de la parroquia', category: 'agua', ...at(0.1) }));
  const changed = await h.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
  assert.equal(changed.statusCode, 200);
  assert.ok(JSON.parse(changed.body).matches.some((m: { title: string }) => m.title === 'Agua de la parroquia'));
});

test('an offer withdrawn by the person who sent it leaves every suggestion at once', async () => {
  const sent = await h.json({
    method: 'POST',
    url: HELP,
    payload: offerBody({ title: 'Agua del vecino', category: 'agua', ...at(0.05) }),
  });
  await approveSubmission(h.ctx, sent.body.id, 'test');
  const shows = async () =>
    (await helpMatches(h.ctx, ids.request as string)).matches.some((m) => m.id === sent.body.id);
  await eventually(shows);
  const url = `${HELP}/${sent.body.id}`;
  const withdrawn = await h.request({
    method: 'DELETE',
    url,
    headers: { authorization: `Bearer ${sent.body.editToken}` },
  });
  assert.equal(withdrawn.statusCode, 204);
  await eventually(async () => !(await shows()));
  const api = await matchesOf(ids.request as string);
  assert.ok(!api.matches.some((m) => m.id === sent.body.id));
});

test('sugerir_coincidencias answers what the API answers', async () => {
  const tool = tools.find((t) => t.name === 'sugerir_coincidencias');
  assert.ok(tool);
  const call = tool.prepare({ id: ids.request });
  assert.ok(call.ok);
  const fromTool = (await call.run(h.ctx)) as HelpMatches;
  const fromApi = await matchesOf(ids.request as string);
  assert.deepEqual(
    fromTool.matches.map((m) => [m.id, m.score, m.reason]),
    fromApi.matches.map((m) => [m.id, m.score, m.reason]),
  );
});

test('distances read as people say them', () => {
  assert.equal(spokenDistance(0.35), '350 m');
  assert.equal(spokenDistance(0.004), '10 m');
  assert.equal(spokenDistance(1.21), '1,2 km');
  assert.equal(spokenDistance(12.6), '13 km');
});
