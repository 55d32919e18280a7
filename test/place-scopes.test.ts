// Leaders limited to some places of an emergency: every console route that names a record outside them is 403
// (the routes are walked from the console's own registry, so a later route cannot be forgotten), lists show only
// their places and records without a municipality, a department covers its municipalities, and an unscoped
// leader or an admin works as before.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { rejectMany } from '../src/commands/reject-many.ts';
import { reportRecord } from '../src/commands/report-record.ts';
import { setPlaceScope } from '../src/commands/set-place-scope.ts';
import { checkPlaceCodes, inScope } from '../src/domain/place-scope.ts';
import { AppError } from '../src/errors.ts';
import { guardedRoutes } from '../src/http/routes/console/place-guard.ts';
import { reviewInbox } from '../src/queries/review-inbox.ts';
import { submissionsSince, urgentAlertNumbers } from '../src/repositories/channels/leader-alerts.ts';
import { findById } from '../src/repositories/help-records/records.ts';
import { runCli } from './helpers/cli.ts';
import { leader, pendingShown } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, offerBody, publish, requestBody, setup, submit } from './helpers/harness.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';
const MOCOA = '86001';
const PUERTO_ASIS = '86568';
const POPAYAN = '19001';

/** A request placed by its municipality alone (no point), with a title that says where it is. */
const placed = (code: string, title: string) =>
  requestBody({ emergencySlug: SLUG, title, latitude: undefined, longitude: undefined, municipalityCode: code });

const ids = {
  pendingMocoa: '',
  pendingAsis: '',
  pendingPopayan: '',
  pendingNowhere: '',
  publishedMocoa: '',
  publishedPopayan: '',
};

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  ids.pendingMocoa = await submit(h, placed(MOCOA, 'Pendiente en Mocoa'));
  ids.pendingAsis = await submit(h, placed(PUERTO_ASIS, 'Pendiente en Puerto Asís'));
  ids.pendingPopayan = await submit(h, placed(POPAYAN, 'Pendiente en Popayán'));
  ids.pendingNowhere = await submit(h, offerBody({ emergencySlug: SLUG, title: 'Ofrecimiento sin lugar' }));
  ids.publishedMocoa = await publish(h, placed(MOCOA, 'Publicada en Mocoa'));
  ids.publishedPopayan = await publish(h, placed(POPAYAN, 'Publicada en Popayán'));
});
after(() => h.close());

const municipalityOf = async (id: string) => (await findById(h.ctx, id))?.municipality_code ?? null;
const reviewStatus = async (id: string) => (await findById(h.ctx, id))?.review_status;

/** A leader of the emergency, limited to these places by the command the console and the CLI use. */
async function scopedLeader(places: string[]) {
  const lead = await leader(h, [SLUG]);
  await setPlaceScope(h.ctx, { account: { email: lead.email }, emergencySlug: SLUG, places }, 'test');
  return lead;
}

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  assert.fail('expected a refusal');
}

describe('the fixture', () => {
  test('records are where their titles say; the offer has no municipality', async () => {
    assert.equal(await municipalityOf(ids.pendingMocoa), MOCOA);
    assert.equal(await municipalityOf(ids.pendingAsis), PUERTO_ASIS);
    assert.equal(await municipalityOf(ids.pendingPopayan), POPAYAN);
    assert.equal(await municipalityOf(ids.publishedPopayan), POPAYAN);
    assert.equal(await municipalityOf(ids.pendingNowhere), null);
  });
});

describe('setting a scope', () => {
  test('codes are checked against DIVIPOLA: municipalities (5 digits) and departments (2 digits), once each', () => {
    assert.deepEqual(checkPlaceCodes([' 86001', '19', '86001', '']), { ok: true, codes: ['19', '86001'] });
    assert.deepEqual(checkPlaceCodes(['86001', '99999']), { ok: false, unknown: '99999' });
    assert.deepEqual(checkPlaceCodes(['1']), { ok: false, unknown: '1' });
    assert.deepEqual(checkPlaceCodes(['860011']), { ok: false, unknown: '860011' });
    assert.deepEqual(checkPlaceCodes(['<b>']), { ok: false, unknown: '<b>' });
  });

  test('inScope: the municipality, its department, or no municipality at all', () => {
    assert.equal(inScope(null, { municipality_code: POPAYAN }), true);
    assert.equal(inScope([MOCOA], { municipality_code: MOCOA }), true);
    assert.equal(inScope([MOCOA], { municipality_code: PUERTO_ASIS }), false);
    assert.equal(inScope(['86'], { municipality_code: PUERTO_ASIS }), true);
    assert.equal(inScope(['86'], { municipality_code: POPAYAN }), false);
    assert.equal(inScope([MOCOA], { municipality_code: null }), true);
  });

  test('an unknown code, an admin or an emergency the leader does not lead is refused in Spanish, and nothing is written', async () => {
    const lead = await leader(h, [SLUG]);
    const admin = await leader(h, [], 'admin');
    const audits = async () =>
      Number(
        (
          await h.ctx.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('target_id', 'in', [lead.account.id, admin.account.id])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await audits();
    const change = (email: string, places: string[], emergencySlug = SLUG) =>
      setPlaceScope(h.ctx, { account: { email }, emergencySlug, places }, 'test');
    const unknown = await refusal(() => change(lead.email, [MOCOA, '99999']));
    assert.equal(unknown.code, 'validation_failed');
    assert.deepEqual(
      (unknown.details as readonly { code: string }[]).map((d) => d.code),
      ['unknown_place'],
    );
    assert.match(String((unknown.details as readonly { message: string }[])[0]?.message), /99999/);
    const adminRefused = await refusal(() => change(admin.email, [MOCOA]));
    assert.equal((adminRefused.details as readonly { code: string }[])[0]?.code, 'admin_unscoped');
    await addEmergency(h, 'sismo-pasto', 'Sismo Pasto');
    const notTheirs = await refusal(() => change(lead.email, [MOCOA], 'sismo-pasto'));
    assert.equal((notTheirs.details as readonly { code: string }[])[0]?.code, 'not_assigned');
    assert.equal((await refusal(() => change(lead.email, [MOCOA], 'no-existe'))).code, 'unknown_emergency');
    assert.equal(await audits(), before, 'no audit entry for a refusal');
    const rows = await h.ctx.db
      .selectFrom('leader_place_scopes')
      .selectAll()
      .where('account_id', 'in', [lead.account.id, admin.account.id])
      .execute();
    assert.deepEqual(rows, []);
  });

  test('setting and clearing are audited with the scope before and after', async () => {
    const lead = await leader(h, [SLUG]);
    const set = await setPlaceScope(
      h.ctx,
      { account: { email: lead.email }, emergencySlug: SLUG, places: [MOCOA, '19'] },
      'cli:operador',
    );
    assert.deepEqual(set.places, ['19', MOCOA]);
    await setPlaceScope(h.ctx, { account: { id: lead.account.id }, emergencySlug: SLUG, places: [] }, 'panel:a@b.c');
    const entries = await h.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'details'])
      .where('target_id', '=', lead.account.id)
      .where('action', 'like', 'place_scope_%')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      entries.map((e) => [e.actor, e.action, JSON.parse(e.details ?? 'null')]),
      [
        ['cli:operador', 'place_scope_set', { emergency: SLUG, before: [], places: ['19', MOCOA] }],
        ['panel:a@b.c', 'place_scope_cleared', { emergency: SLUG, before: ['19', MOCOA], places: [] }],
      ],
    );
  });
});

describe('a leader limited to one municipality', () => {
  test('every console route that names a record outside it answers 403 and changes nothing', async () => {
    const { browser } = await scopedLeader([MOCOA]);
    const routes = guardedRoutes().filter((r) => r.includes('/e/:slug/'));
    const withIds = routes.filter((r) => /\/:(?!slug\b)\w+/.test(r));
    // The registry holds the routes that touch records today; a missing one means the guard is not before them.
    for (const known of [
      'GET /panel/e/:slug/revisar/:id',
      'POST /panel/e/:slug/revisar/:id/aprobar',
      'POST /panel/e/:slug/registros/:id/estado',
      'POST /panel/e/:slug/registros/:id/responder',
      'POST /panel/e/:slug/reportes/:id/revisados',
    ]) {
      assert.ok(withIds.includes(known), `${known} is guarded`);
    }
    assert.ok(withIds.some((r) => r.includes(':pledgeId')));
    assert.ok(withIds.some((r) => r.includes(':claimId')));
    const walk = async (pending: string, published: string) => {
      const statuses = new Map<string, number>();
      for (const route of withIds) {
        const [method, pattern] = route.split(' ') as [string, string];
        const target = pattern.includes('/revisar/') ? pending : published;
        const url = pattern.replace(':slug', SLUG).replace(/:(\w+)/g, target);
        if (method === 'GET' || method === 'HEAD') {
          statuses.set(route, (await browser.get(url)).statusCode);
        } else {
          await browser.get(`/panel/e/${SLUG}`);
          const form = { version: '1', reason: 'No corresponde', note: 'x' };
          statuses.set(route, (await browser.post(url, form)).statusCode);
        }
      }
      return statuses;
    };
    const allowed = [...(await walk(ids.pendingPopayan, ids.publishedPopayan))].filter(([, s]) => s !== 403);
    assert.deepEqual(allowed, [], 'every route refuses');
    // The same walk over records of the leader's own municipality: only the administrators' routes refuse, so the
    // refusals above are the scope's, not a form's or a token's.
    const own = await walk(await submit(h, placed(MOCOA, 'Otra en Mocoa')), await publish(h, placed(MOCOA, 'Otra')));
    const refused = [...own].filter(([, s]) => s === 403).map(([route]) => route);
    assert.deepEqual(
      refused,
      withIds.filter((r) => r.endsWith('/borrar')),
    );
    assert.equal(await reviewStatus(ids.pendingPopayan), 'pending_review');
    const published = await findById(h.ctx, ids.publishedPopayan);
    assert.equal(published?.review_status, 'approved');
    assert.equal(published?.status, 'active');
  });

  test('ids in the query or in a bulk form (id:version) are refused too: an altered form decides nothing', async () => {
    const { browser } = await scopedLeader([MOCOA]);
    const compare = await browser.get(`/panel/e/${SLUG}/comparar?a=${ids.pendingMocoa}&b=${ids.pendingPopayan}`);
    assert.equal(compare.statusCode, 403);
    for (const bulk of ['aprobar-seleccionados', 'rechazar-seleccionados']) {
      await browser.get(`/panel/e/${SLUG}`);
      const res = await browser.post(`/panel/e/${SLUG}/${bulk}`, {
        seleccion: `${ids.pendingPopayan}:1`,
        reason: 'Duplicada',
      });
      assert.equal(res.statusCode, 403, bulk);
    }
    assert.equal(await reviewStatus(ids.pendingPopayan), 'pending_review');
  });

  test('the bulk command skips a record outside the places it is given, like one of another emergency', async () => {
    const emergencyId = (await findById(h.ctx, ids.pendingPopayan))?.emergency_id as string;
    const result = await rejectMany(
      h.ctx,
      emergencyId,
      [{ id: ids.pendingPopayan, version: 1 }],
      'test',
      'Duplicada',
      (record) => inScope([MOCOA], record),
    );
    assert.deepEqual(result.decided, []);
    assert.deepEqual(result.skipped, [
      { id: ids.pendingPopayan, title: null, reason: 'not_found', currentVersion: null },
    ]);
    assert.equal(await reviewStatus(ids.pendingPopayan), 'pending_review');
  });

  test('its own records and those without a municipality open; lists and counts hold only those', async () => {
    const { browser } = await scopedLeader([MOCOA]);
    assert.equal((await browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingMocoa}`)).statusCode, 200);
    assert.equal((await browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingNowhere}`)).statusCode, 200);
    assert.equal((await browser.get(`/panel/e/${SLUG}/registros/${ids.publishedMocoa}`)).statusCode, 200);
    assert.equal((await browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingAsis}`)).statusCode, 403);
    const records = await browser.get(`/panel/e/${SLUG}/registros`);
    assert.equal(records.statusCode, 200);
    assert.match(records.body, /Publicada en Mocoa/);
    assert.doesNotMatch(records.body, /Publicada en Popayán/);
    const emergencyId = (await findById(h.ctx, ids.pendingMocoa))?.emergency_id as string;
    const inbox = await reviewInbox(h.ctx, { emergencyId, places: [MOCOA] });
    const shown = new Set(inbox.items.map((i) => i.record.id));
    assert.ok(shown.has(ids.pendingMocoa) && shown.has(ids.pendingNowhere));
    assert.ok(!shown.has(ids.pendingAsis) && !shown.has(ids.pendingPopayan));
    const everything = await reviewInbox(h.ctx, { emergencyId });
    const outside = everything.items.filter(
      (i) => i.record.municipality_code !== null && i.record.municipality_code !== MOCOA,
    ).length;
    assert.ok(outside >= 2);
    assert.equal(pendingShown((await browser.get(`/panel/e/${SLUG}/registros`)).body), everything.total - outside);
    // The list of emergencies counts the same.
    const home = await browser.get('/panel');
    assert.equal(pendingShown(home.body), everything.total - outside);
    assert.ok(home.body.includes(`<strong>${everything.total - outside}</strong> pendientes de revisión`));
  });
});

describe('pledges and reports', () => {
  test('lists hold only the leader’s places; a pledge outside them is 403, and “anular todos” leaves it alone', async () => {
    const water = (code: string, title: string) =>
      publish(h, { ...placed(code, title), quantityRequired: 30, unit: 'bidones' });
    const mocoa = await water(MOCOA, 'Agua para Mocoa');
    const popayan = await water(POPAYAN, 'Agua para Popayán');
    const contactWhatsapp = '+573209876543';
    for (const id of [mocoa, popayan]) {
      const res = await h.json({
        method: 'POST',
        url: `${HELP}/${id}/pledges`,
        payload: { quantity: 5, contactName: 'Ana Gómez', contactWhatsapp },
      });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      await reportRecord(h.ctx, id, { reason: 'scam', note: `Reporte de ${id}` }, `r-${id}`);
    }
    const pledgeOf = async (helpId: string) =>
      h.ctx.db.selectFrom('pledges').select(['id', 'status']).where('help_id', '=', helpId).executeTakeFirstOrThrow();
    const { browser } = await scopedLeader([MOCOA]);
    const pledges = await browser.get(`/panel/e/${SLUG}/compromisos`);
    assert.equal(pledges.statusCode, 200);
    assert.match(pledges.body, /Agua para Mocoa/);
    assert.doesNotMatch(pledges.body, /Agua para Popayán/);
    const reports = await browser.get(`/panel/e/${SLUG}/reportes`);
    assert.match(reports.body, /Agua para Mocoa/);
    assert.doesNotMatch(reports.body, /Agua para Popayán/);
    const outside = await pledgeOf(popayan);
    await browser.get(`/panel/e/${SLUG}/compromisos`);
    assert.equal((await browser.post(`/panel/e/${SLUG}/compromisos/${outside.id}/entregar`)).statusCode, 403);
    await browser.get(`/panel/e/${SLUG}/compromisos`);
    const voided = await browser.post(`/panel/e/${SLUG}/compromisos/anular`, { por: 'numero', valor: contactWhatsapp });
    assert.equal(voided.statusCode, 303);
    assert.equal((await pledgeOf(mocoa)).status, 'cancelled');
    assert.equal((await pledgeOf(popayan)).status, 'open');
    // An unscoped leader sees both.
    const unscoped = await leader(h, [SLUG]);
    assert.match((await unscoped.browser.get(`/panel/e/${SLUG}/reportes`)).body, /Agua para Popayán/);
  });
});

describe('logistics', () => {
  test('the logistics page lists only routes to the leader’s places, and offers only their records as ends', async () => {
    const route = (destinationHelpId: string, title: string) =>
      createLogisticsOperation(
        h.ctx,
        {
          emergencySlug: SLUG,
          destinationHelpId,
          title,
          supplyDescription: 'Bidones',
          pickupAddress: 'Parque principal',
          pickupLatitude: 1.1497,
          pickupLongitude: -76.6469,
        },
        'test',
      );
    // Routes need a point: one in Mocoa (the default) and one in Popayán.
    const here = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Destino en Mocoa' }));
    const there = await publish(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Destino en Popayán', latitude: 2.4717, longitude: -76.5919 }),
    );
    assert.deepEqual([await municipalityOf(here), await municipalityOf(there)], [MOCOA, POPAYAN]);
    await route(here, 'Ruta hacia Mocoa');
    const outside = await route(there, 'Ruta hacia Popayán');
    const { browser } = await scopedLeader([MOCOA]);
    const page = await browser.get(`/panel/e/${SLUG}/logistica`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Ruta hacia Mocoa/);
    assert.doesNotMatch(page.body, /Ruta hacia Popayán/);
    assert.match(page.body, /Destino en Mocoa/);
    assert.doesNotMatch(page.body, /Destino en Popayán/);
    const moved = await browser.post(`/panel/e/${SLUG}/logistica/${outside.id}/estado`, { status: 'cancelled' });
    assert.equal(moved.statusCode, 403);
    const unscoped = await leader(h, [SLUG]);
    assert.match((await unscoped.browser.get(`/panel/e/${SLUG}/logistica`)).body, /Ruta hacia Popayán/);
  });
});

describe('records to confirm', () => {
  test('the list of records to confirm holds only the leader’s places', async () => {
    const here = await publish(h, placed(MOCOA, 'Por confirmar en Mocoa'));
    const there = await publish(h, placed(POPAYAN, 'Por confirmar en Popayán'));
    // Both reached the point of asking whether they still hold (the confirmation pass is tested elsewhere).
    await h.ctx.db
      .updateTable('help_records')
      .set({ confirmation_state: 'to_confirm' })
      .where('id', 'in', [here, there])
      .execute();
    const { browser } = await scopedLeader([MOCOA]);
    const page = await browser.get(`/panel/e/${SLUG}/por-confirmar`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Por confirmar en Mocoa/);
    assert.doesNotMatch(page.body, /Por confirmar en Popayán/);
    const unscoped = await leader(h, [SLUG]);
    assert.match((await unscoped.browser.get(`/panel/e/${SLUG}/por-confirmar`)).body, /Por confirmar en Popayán/);
  });
});

describe('a department and the unscoped', () => {
  test('a department covers its municipalities and no other', async () => {
    const { browser } = await scopedLeader(['86']);
    assert.equal((await browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingAsis}`)).statusCode, 200);
    assert.equal((await browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingMocoa}`)).statusCode, 200);
    assert.equal((await browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingPopayan}`)).statusCode, 403);
    const emergencyId = (await findById(h.ctx, ids.pendingAsis))?.emergency_id as string;
    const shown = new Set((await reviewInbox(h.ctx, { emergencyId, places: ['86'] })).items.map((i) => i.record.id));
    assert.ok(shown.has(ids.pendingAsis) && shown.has(ids.pendingMocoa) && !shown.has(ids.pendingPopayan));
  });

  test('an unscoped leader, a leader whose scope was cleared and an admin see the whole emergency', async () => {
    const unscoped = await leader(h, [SLUG]);
    const cleared = await scopedLeader([MOCOA]);
    await setPlaceScope(h.ctx, { account: { email: cleared.email }, emergencySlug: SLUG, places: [] }, 'test');
    const admin = await leader(h, [], 'admin');
    for (const { browser } of [unscoped, cleared, admin]) {
      assert.equal((await browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingPopayan}`)).statusCode, 200);
      const records = await browser.get(`/panel/e/${SLUG}/registros`);
      assert.match(records.body, /Publicada en Popayán/);
    }
  });
});

describe('the accounts page', () => {
  test('an administrator limits a leader there; an unknown code is named beside the field and nothing changes', async () => {
    const lead = await leader(h, [SLUG]);
    const admin = await leader(h, [], 'admin');
    const page = await admin.browser.get('/panel/cuentas');
    assert.equal(page.statusCode, 200);
    const field = `lugares:${lead.account.id}:${SLUG}`;
    assert.ok(page.body.includes(`name="${field}"`), 'the place field of the leader');
    const url = `/panel/cuentas/${lead.account.id}/lugares`;
    const bad = await admin.browser.post(url, { emergency: SLUG, [field]: `${MOCOA} 12345` });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /No hay ningún municipio[^<]*12345/);
    assert.ok(bad.body.includes(`value="${MOCOA} 12345"`), 'what was typed stays in the field');
    assert.equal((await lead.browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingPopayan}`)).statusCode, 200);
    await admin.browser.get('/panel/cuentas');
    const ok = await admin.browser.post(url, { emergency: SLUG, [field]: `${MOCOA}, 19` });
    assert.equal(ok.statusCode, 303);
    assert.equal((await lead.browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingAsis}`)).statusCode, 403);
    assert.equal((await lead.browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingPopayan}`)).statusCode, 200);
    assert.ok((await admin.browser.get('/panel/cuentas')).body.includes(`value="19 ${MOCOA}"`));
    // A leader cannot set scopes, not even their own.
    await lead.browser.get(`/panel/e/${SLUG}`);
    assert.equal((await lead.browser.post(url, { emergency: SLUG, [field]: '' })).statusCode, 403);
  });
});

describe('ayuda leader scope', () => {
  test('the operator limits a leader, is told in words, is refused an unknown code, and clears the limit', async () => {
    const lead = await leader(h, [SLUG]);
    const cli = (...args: string[]) => runCli(['leader', 'scope', ...args], { DATABASE_URL: h.dbUrl });
    const set = await cli(lead.email, '--emergency', SLUG, '--place', MOCOA, '--place', '19');
    assert.equal(set.code, 0, set.stderr);
    assert.match(set.stdout, /86001 \(Mocoa, Putumayo\)/);
    assert.equal((await lead.browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingAsis}`)).statusCode, 403);
    const listed = await runCli(['leader', 'list', '--json'], { DATABASE_URL: h.dbUrl });
    const mine = (JSON.parse(listed.stdout) as { email: string; places: unknown }[]).find(
      (a) => a.email === lead.email,
    );
    assert.deepEqual(mine?.places, { [SLUG]: ['19', MOCOA] });
    const table = await runCli(['leader', 'list'], { DATABASE_URL: h.dbUrl });
    assert.ok(table.stdout.includes(`${SLUG}: 19 ${MOCOA}`));
    const unknown = await cli(lead.email, '--emergency', SLUG, '--place', '99999');
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /99999/);
    const neither = await cli(lead.email, '--emergency', SLUG);
    assert.equal(neither.code, 2);
    const both = await cli(lead.email, '--emergency', SLUG, '--place', MOCOA, '--clear');
    assert.equal(both.code, 2);
    const json = await cli(lead.email, '--emergency', SLUG, '--clear', '--json');
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual(JSON.parse(json.stdout), {
      id: lead.account.id,
      email: lead.email,
      emergency: SLUG,
      places: [],
      before: ['19', MOCOA],
    });
    assert.equal((await lead.browser.get(`/panel/e/${SLUG}/revisar/${ids.pendingAsis}`)).statusCode, 200);
  });
});

describe('alerts on WhatsApp', () => {
  test('urgent alerts and grouped alerts reach a scoped leader only for their places (and records without one)', async () => {
    const unscoped = await leader(h, [SLUG]);
    const mocoa = await scopedLeader([MOCOA]);
    const cauca = await scopedLeader(['19']);
    let phone = 3_151_000_000;
    for (const { account } of [unscoped, mocoa, cauca]) {
      await h.ctx.db
        .insertInto('leader_alerts')
        .values({
          account_id: account.id,
          whatsapp: `+57${phone++}`,
          urgent: 1,
          digest: 0,
          digest_sent_on: null,
          last_alert_at: null,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
    }
    const emergencyId = (await findById(h.ctx, ids.pendingMocoa))?.emergency_id as string;
    const ours = [unscoped, mocoa, cauca].map((l) => l.account.id);
    const alerted = async (code: string | null) =>
      (await urgentAlertNumbers(h.ctx.db, emergencyId, code))
        .map((row) => row.account_id)
        .filter((id) => ours.includes(id))
        .sort();
    assert.deepEqual(await alerted(POPAYAN), [unscoped.account.id, cauca.account.id].sort());
    assert.deepEqual(await alerted(PUERTO_ASIS), [unscoped.account.id]);
    assert.deepEqual(await alerted(MOCOA), [unscoped.account.id, mocoa.account.id].sort());
    assert.deepEqual(await alerted(null), [...ours].sort());
    const titlesSeenBy = async (accountId: string) => {
      const rows = await submissionsSince(
        h.ctx.db,
        { id: accountId, role: 'leader' },
        '2000-01-01T00:00:00.000Z',
        '2999-01-01T00:00:00.000Z',
      );
      return rows.length;
    };
    const everything = await titlesSeenBy(unscoped.account.id);
    const onlyMocoa = await titlesSeenBy(mocoa.account.id);
    const inMocoaOrNowhere = Number(
      (
        await h.ctx.db
          .selectFrom('help_records')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('emergency_id', '=', emergencyId)
          .where('type', '=', 'request')
          .where((eb) => eb.or([eb('municipality_code', 'is', null), eb('municipality_code', '=', MOCOA)]))
          .executeTakeFirstOrThrow()
      ).n,
    );
    assert.equal(onlyMocoa, inMocoaOrNowhere);
    assert.ok(everything > onlyMocoa, 'requests elsewhere are left out');
  });
});
