// A leader's "Cancelar" on a pledge asks first, then holds its announcement for ten minutes: "Deshacer" in that time
// puts the pledge back as it was (only while the request still has room for it) and nobody was told; once the
// minutes pass, the requester's notice and the public history's line go out and undo is refused. The list marks
// overdue pledges and reported deliveries in words; a route's "Asignar" names its volunteer.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { sendDueCancellations, UNDO_MINUTES } from '../src/commands/pledges/cancel-with-undo.ts';
import { settleByCode } from '../src/commands/pledges/settle-pledge.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';
import { WHATSAPP_ENV } from './helpers/message-providers.ts';
import { nextMobile, nextWord } from './helpers/samples.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
before(async () => {
  h = await setup(WHATSAPP_ENV);
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Avalancha Salgar');
});
after(() => h.close());

const minutes = (n: number) => h.clock.advanceHours(n / 60);
const recordPath = (id: string) => `/panel/e/${SLUG}/registros/${id}`;
const action = (id: string, verb: string, slug = SLUG) => `/panel/e/${slug}/compromisos/${id}/${verb}`;

/** A request that came by WhatsApp, approved: its person is told of pledge activity. */
async function whatsappRequest(title: string, quantityRequired = 30) {
  const number = nextMobile();
  const body = requestBody({
    emergencySlug: SLUG,
    source: 'whatsapp',
    externalId: `wamid.${nextWord()}`,
    contactWhatsapp: number,
    title,
    quantityRequired,
    unit: 'bidones',
  });
  const { result } = await submitHelp(h.ctx, helpSubmission.parse(body), { arrivedBy: 'whatsapp' });
  await approveSubmission(h.ctx, result.id, 'leader-1');
  return { id: result.id, number };
}

async function pledge(id: string, quantity: number, contactName: string, deliverWithinHours = 24) {
  const res = await h.json({
    method: 'POST',
    url: `${HELP}/${id}/pledges`,
    payload: { quantity, contactName, contactWhatsapp: nextMobile(), deliverWithinHours },
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  // The pledge's id is private (the leaders' console): read it where the pledger's name is.
  const row = await h.ctx.db
    .selectFrom('pledges')
    .select('id')
    .where('help_id', '=', id)
    .where('contact_name', '=', contactName)
    .executeTakeFirstOrThrow();
  return { code: res.body.code as string, id: row.id };
}

const notices = async (address: string) =>
  (
    await h.ctx.db
      .selectFrom('outbound_messages')
      .select('body')
      .where('address', '=', address)
      .where('kind', '=', 'notice')
      .execute()
  ).map((m) => (JSON.parse(m.body) as { text: string }).text);
const releasedEvents = async (helpId: string) =>
  (
    await h.ctx.db
      .selectFrom('timeline_events')
      .select('kind')
      .where('help_id', '=', helpId)
      .where('kind', '=', 'pledge_released')
      .execute()
  ).length;
const auditActions = async (helpId: string) =>
  (await h.ctx.db.selectFrom('audit_log').select('action').where('target_id', '=', helpId).execute()).map(
    (a) => a.action,
  );
const pledgeRow = (id: string) =>
  h.ctx.db.selectFrom('pledges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The change feed's entries for a record (what webhooks carry), oldest first. */
const feed = async (helpId: string) =>
  await h.ctx.db
    .selectFrom('public_changes')
    .select(['kind', 'fingerprint'])
    .where('entity_id', '=', helpId)
    .orderBy('seq')
    .execute();
const quantities = async (id: string) =>
  (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item.quantities;

describe('cancelling a pledge from the console, with ten minutes to undo', () => {
  test('«Cancelar» is a link to a page that names the pledger and the request and confirms with a form', async () => {
    const { browser } = await leader(h, [SLUG]);
    const { id } = await whatsappRequest('Agua para el barrio Pablo VI');
    const made = await pledge(id, 8, 'Marta Quintero');
    const page = await browser.get(recordPath(id));
    const link = `${action(made.id, 'cancelar')}?volver=registro`;
    const ask = `<form method="get" action="${action(made.id, 'cancelar')}" class="inline"><input type="hidden" name="volver" value="registro">`;
    assert.ok(page.body.includes(ask), 'a GET to the question, not a POST');
    const confirm = await browser.get(link);
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, /¿Cancelar el compromiso de Marta Quintero\?/);
    assert.ok(confirm.body.includes('Agua para el barrio Pablo VI'));
    assert.ok(confirm.body.includes(`action="${action(made.id, 'cancelar')}"`));
    assert.match(confirm.body, /name="_csrf"/);
    assert.equal((await pledgeRow(made.id)).status, 'open', 'asking changes nothing');
  });

  test('undone within the window: the pledge is back as it was and nobody was told', async () => {
    const { browser } = await leader(h, [SLUG]);
    const { id, number } = await whatsappRequest('Agua para el albergue San Miguel');
    const made = await pledge(id, 10, 'Jorge Ortiz');
    minutes(70); // past the hour that paces pledge notices: a cancellation would be told at once
    const before = await pledgeRow(made.id);
    const noticesBefore = (await notices(number)).length;
    const feedBefore = await feed(id);
    await browser.get(recordPath(id));
    const cancelled = await browser.post(action(made.id, 'cancelar'), { volver: 'registro' });
    assert.equal(cancelled.statusCode, 303, cancelled.body);
    assert.equal(cancelled.headers.location, `${recordPath(id)}?hecho=compromiso-cancelado#compromisos`);
    assert.equal((await quantities(id)).committed, 0, 'the quantity frees at once');
    const shown = await browser.get(cancelled.headers.location as string);
    assert.match(shown.body, /Deshacer la cancelación/);
    assert.equal((await notices(number)).length, noticesBefore, 'the requester is not told yet');
    assert.equal(await releasedEvents(id), 0, 'the public history says nothing yet');

    minutes(UNDO_MINUTES - 1);
    const undone = await browser.post(action(made.id, 'deshacer'), { volver: 'registro' });
    assert.equal(undone.statusCode, 303, undone.body);
    assert.deepEqual(await pledgeRow(made.id), before, 'exactly as it was');
    assert.equal((await quantities(id)).committed, 10);
    // The feed (and so the webhooks) followed the public count: freed, then held again, back to the same state.
    const moves = (await feed(id)).slice(feedBefore.length);
    assert.deepEqual(
      moves.map((m) => m.kind),
      ['quantities_changed', 'quantities_changed'],
    );
    assert.equal(moves.at(-1)?.fingerprint, feedBefore.at(-1)?.fingerprint, 'the public state is as before');

    minutes(UNDO_MINUTES * 2);
    await sendDueCancellations(h.ctx);
    assert.equal((await notices(number)).length, noticesBefore, 'nobody was ever told');
    assert.equal(await releasedEvents(id), 0);
    const actions = await auditActions(id);
    assert.ok(actions.includes('pledge_cancel_pending') && actions.includes('pledge_cancel_undone'));
    assert.ok(!actions.includes('pledge_cancel_sent'));
  });

  test('after ten minutes the notice and the history line go out once, and undo is refused', async () => {
    const { browser } = await leader(h, [SLUG]);
    const { id, number } = await whatsappRequest('Agua para la vereda El Pepino');
    const made = await pledge(id, 12, 'Luisa Pérez');
    minutes(70);
    const noticesBefore = (await notices(number)).length;
    await browser.get(recordPath(id));
    assert.equal((await browser.post(action(made.id, 'cancelar'), { volver: 'registro' })).statusCode, 303);
    minutes(UNDO_MINUTES - 1);
    assert.equal(await sendDueCancellations(h.ctx), 0, 'not before the minutes pass');
    minutes(2);
    assert.equal(await sendDueCancellations(h.ctx), 1);
    assert.equal(await sendDueCancellations(h.ctx), 0, 'once');
    const told = (await notices(number)).slice(noticesBefore);
    assert.equal(told.length, 1);
    assert.equal(await releasedEvents(id), 1);
    assert.ok((await auditActions(id)).includes('pledge_cancel_sent'));

    await browser.get(`/panel/e/${SLUG}/compromisos`);
    const late = await browser.post(action(made.id, 'deshacer'), { volver: 'lista' });
    assert.equal(late.statusCode, 409);
    assert.match(late.body, /Ya no se puede deshacer: pasaron los 10 minutos/);
    assert.equal((await pledgeRow(made.id)).status, 'cancelled');
  });

  test('undo is refused when another pledge took the freed quantity, and nothing changes', async () => {
    const { browser } = await leader(h, [SLUG]);
    const { id } = await whatsappRequest('Agua para el colegio Ciudad Jardín', 20);
    const first = await pledge(id, 20, 'Pedro Gil');
    await browser.get(recordPath(id));
    assert.equal((await browser.post(action(first.id, 'cancelar'), { volver: 'registro' })).statusCode, 303);
    await pledge(id, 15, 'Rosa Díaz');
    await browser.get(`/panel/e/${SLUG}/compromisos`);
    const refused = await browser.post(action(first.id, 'deshacer'), { volver: 'lista' });
    assert.equal(refused.statusCode, 409);
    assert.match(refused.body, /No se puede deshacer: lo que reservaba este compromiso ya lo tomaron otros/);
    assert.equal((await pledgeRow(first.id)).status, 'cancelled');
    assert.equal((await quantities(id)).committed, 15);
  });

  test('a leader of another emergency cannot undo (404 there, 403 here), nor can anyone without a session', async () => {
    const { browser } = await leader(h, [SLUG]);
    const { id } = await whatsappRequest('Agua para el barrio Obrero');
    const made = await pledge(id, 5, 'Nelly Mora');
    await browser.get(recordPath(id));
    assert.equal((await browser.post(action(made.id, 'cancelar'), { volver: 'registro' })).statusCode, 303);
    const { browser: stranger } = await leader(h, [OTHER]);
    await stranger.get(`/panel/e/${OTHER}/compromisos`);
    assert.equal((await stranger.post(action(made.id, 'deshacer', OTHER))).statusCode, 404);
    assert.equal((await stranger.post(action(made.id, 'deshacer', SLUG))).statusCode, 403);
    assert.equal((await stranger.get(action(made.id, 'cancelar', OTHER))).statusCode, 404);
    // The pledger, with their code, has only the public side: no session, no undo.
    const anonymous = await h.app.inject({
      method: 'POST',
      url: action(made.id, 'deshacer'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'volver=lista',
    });
    assert.ok([302, 303, 401, 403].includes(anonymous.statusCode), String(anonymous.statusCode));
    assert.equal((await pledgeRow(made.id)).status, 'cancelled', 'still cancelled');
  });
});

describe('marks on the pledge list', () => {
  test('an open pledge past its promised time says «Atrasado», a reported one «Entrega reportada»', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await publish(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Mercados para Villa Rosa', quantityRequired: 40, unit: 'mercados' }),
    );
    const late = await pledge(id, 5, 'Tomás Rey', 1);
    const reported = await pledge(id, 6, 'Inés Vega', 48);
    assert.equal((await settleByCode(h.ctx, reported.code, 'deliver')).pledge.status, 'reported');
    const onTime = await browser.get(`/panel/e/${SLUG}/compromisos`);
    const item = (body: string, pledgeId: string) =>
      body.split('<li class="card" id="compromiso-').find((part) => part.startsWith(pledgeId)) ?? '';
    assert.ok(!item(onTime.body, late.id).includes('Atrasado'), 'not yet');
    assert.ok(item(onTime.body, reported.id).includes('Entrega reportada'));
    minutes(90);
    const list = await browser.get(`/panel/e/${SLUG}/compromisos`);
    assert.match(item(list.body, late.id), /<strong class="tag warn">Atrasado \(prometido para [^<]+\)<\/strong>/);
    assert.ok(!item(list.body, reported.id).includes('Atrasado'), 'a reported delivery is not late');
  });
});
