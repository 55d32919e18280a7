// "No aceptar" on a volunteer's offer asks first and waits ten minutes before the offer is declined: "Deshacer" in
// that time leaves the offer as it was, and the volunteer, reading their code, sees nothing new until the minutes
// pass. An available route's "Asignar" names the person it goes to.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { UNDO_MINUTES } from '../src/commands/pledges/cancel-with-undo.ts';
import { claimByCode } from '../src/commands/route-claims/decide-claim.ts';
import { applyDueDeclines } from '../src/commands/route-claims/decline-with-undo.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Avalancha Salgar');
});
after(() => h.close());

const minutes = (n: number) => h.clock.advanceHours(n / 60);

async function newRoute(title: string, volunteerContact?: string) {
  const destination = await publish(
    h,
    requestBody({ emergencySlug: SLUG, title: `Agua: ${title}`, quantityRequired: 40, unit: 'bidones' }),
  );
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: SLUG,
      destinationHelpId: destination,
      title,
      supplyDescription: 'Bidones de agua',
      pickupAddress: 'Bodega central',
      pickupLatitude: 1.15,
      pickupLongitude: -76.64,
      ...(volunteerContact ? { volunteerContact } : {}),
    },
    'leader-1',
  );
  return route.id;
}

let phone = 3_196_660_000;
async function offer(routeId: string, contactName: string) {
  const res = await h.json({
    method: 'POST',
    url: `/api/logistics-operations/${routeId}/claims`,
    payload: { contactName, contactWhatsapp: `+57${phone++}`, vehicle: 'Moto', when: 'Hoy a las 3 pm' },
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  const row = await h.ctx.db
    .selectFrom('route_claims')
    .select('id')
    .where('operation_id', '=', routeId)
    .where('contact_name', '=', contactName)
    .executeTakeFirstOrThrow();
  return { id: row.id, code: res.body.code as string };
}

const logistics = (slug = SLUG) => `/panel/e/${slug}/logistica`;
const action = (claimId: string, verb: string, slug = SLUG) => `/panel/e/${slug}/rutas/solicitudes/${claimId}/${verb}`;
const claim = (id: string) =>
  h.ctx.db.selectFrom('route_claims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const item = (body: string, claimId: string) =>
  body
    .split('<li id="ofrecimiento-')
    .slice(1)
    .find((part) => part.startsWith(claimId)) ?? '';
const auditActions = async (routeId: string) =>
  (await h.ctx.db.selectFrom('audit_log').select('action').where('target_id', '=', routeId).execute()).map(
    (a) => a.action,
  );
/** What the volunteer reads with their code (/mi-ruta shows this answer). */
const volunteerSees = async (code: string) => (await claimByCode(h.ctx, code))?.claim.status;

describe('declining an offer, with ten minutes to undo', () => {
  test('«No aceptar» asks on a page naming the volunteer and the route; undone, the offer waits as before', async () => {
    const { browser } = await leader(h, [SLUG]);
    const routeId = await newRoute('Ruta al barrio Pablo VI');
    const made = await offer(routeId, 'Camilo Duarte');
    const before = await claim(made.id);
    const page = await browser.get(logistics());
    assert.ok(item(page.body, made.id).includes(`<form method="get" action="${action(made.id, 'rechazar')}"`));
    const confirm = await browser.get(action(made.id, 'rechazar'));
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, /¿No aceptar el ofrecimiento de Camilo Duarte\?/);
    assert.ok(confirm.body.includes('Ruta al barrio Pablo VI'));
    assert.match(confirm.body, /method="post" action="[^"]+\/rechazar"><input type="hidden" name="_csrf"/);

    const declined = await browser.post(action(made.id, 'rechazar'));
    assert.equal(declined.statusCode, 303, declined.body);
    assert.deepEqual(await claim(made.id), before, 'the offer is not declined yet');
    const shown = item((await browser.get(declined.headers.location as string)).body, made.id);
    assert.ok(shown.includes('No aceptado') && shown.includes('/deshacer"') && !shown.includes('/aceptar"'));

    minutes(UNDO_MINUTES - 1);
    const undone = await browser.post(action(made.id, 'deshacer'));
    assert.equal(undone.statusCode, 303, undone.body);
    minutes(UNDO_MINUTES * 2);
    assert.equal(await applyDueDeclines(h.ctx), 0);
    assert.deepEqual(await claim(made.id), before, 'exactly as it was');
    const again = item((await browser.get(logistics())).body, made.id);
    assert.ok(again.includes('/aceptar"') && !again.includes('/deshacer"'));
    const actions = await auditActions(routeId);
    assert.ok(actions.includes('route_claim_decline_pending') && actions.includes('route_claim_decline_undone'));
    assert.ok(!actions.includes('route_claim_declined'));
  });

  test('after ten minutes the offer is declined, the volunteer sees it, and undo is refused', async () => {
    const { browser } = await leader(h, [SLUG]);
    const routeId = await newRoute('Ruta a la vereda El Pepino');
    const made = await offer(routeId, 'Sara Londoño');
    await browser.get(logistics());
    assert.equal((await browser.post(action(made.id, 'rechazar'))).statusCode, 303);
    const waiting = await volunteerSees(made.code);
    assert.equal(waiting, 'pending');
    minutes(UNDO_MINUTES - 1);
    assert.equal(await applyDueDeclines(h.ctx), 0, 'not before the minutes pass');
    assert.equal(await volunteerSees(made.code), waiting, 'the volunteer sees nothing new meanwhile');
    minutes(2);
    assert.equal(await applyDueDeclines(h.ctx), 1);
    assert.equal(await applyDueDeclines(h.ctx), 0, 'once');
    const row = await claim(made.id);
    assert.equal(row.status, 'declined');
    assert.match(String(row.decided_by), /^panel:/);
    assert.notEqual(await volunteerSees(made.code), waiting);
    await browser.get(logistics());
    const late = await browser.post(action(made.id, 'deshacer'));
    assert.equal(late.statusCode, 409);
    assert.match(late.body, /Ya no se puede deshacer: pasaron los 10 minutos/);
    assert.equal((await claim(made.id)).status, 'declined');
  });

  test('a leader of another emergency cannot decline or undo (404 there, 403 here)', async () => {
    const { browser } = await leader(h, [SLUG]);
    const routeId = await newRoute('Ruta al colegio');
    const made = await offer(routeId, 'Ofrecimiento Ajeno Dos');
    await browser.get(logistics());
    assert.equal((await browser.post(action(made.id, 'rechazar'))).statusCode, 303);
    const { browser: stranger } = await leader(h, [OTHER]);
    await stranger.get(logistics(OTHER));
    assert.equal((await stranger.post(action(made.id, 'deshacer', OTHER))).statusCode, 404);
    assert.equal((await stranger.post(action(made.id, 'deshacer', SLUG))).statusCode, 403);
    assert.equal((await stranger.get(action(made.id, 'rechazar', OTHER))).statusCode, 404);
    minutes(UNDO_MINUTES + 1);
    await applyDueDeclines(h.ctx);
    assert.equal((await claim(made.id)).status, 'declined', 'the stranger undid nothing');
  });
});

describe('«Asignar» on an available route', () => {
  test('names the volunteer it goes to, and is not offered bare when nobody is named', async () => {
    const { browser } = await leader(h, [SLUG]);
    const named = await newRoute('Ruta con voluntario', 'Ana Gómez · 300 123 4567 · Camioneta');
    const unnamed = await newRoute('Ruta sin voluntario');
    const page = await browser.get(logistics());
    const card = (id: string) => {
      const start = page.body.indexOf(`id="ruta-${id}"`);
      return page.body.slice(start, page.body.indexOf('</li>', start));
    };
    assert.match(card(named), /<button type="submit">Asignar a Ana Gómez<\/button>/);
    assert.ok(!card(unnamed).includes('>Asignar'), 'no bare «Asignar»');
    assert.match(card(unnamed), /acepte el ofrecimiento de un voluntario/);
    assert.ok(!/>Asignar<\/button>/.test(page.body));
  });
});
