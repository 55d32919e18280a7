// Deciding many cards at once: each selection names the version shown, so a card its sender changed after the
// leader looked is skipped and listed, never published (bait and switch); flagged cards are never pre-selected; a
// trusted source's cards wait in their own lane, pre-selected, and a leader still approves them (audited).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { addSource } from '../src/commands/source-registration.ts';
import { trustSource } from '../src/commands/source-trust.ts';
import { type Browser, leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const inbox = `/panel/e/${SLUG}`;
let h: Harness;
let pairs = 0;

before(async () => {
  h = await setup({ NUMBER_HASH_KEY: randomBytes(32).toString('hex') });
  await addEmergency(h, SLUG, 'Inundación Mocoa');
});
after(() => h.close());

/** Sends a submission (again, with its token, to change it); the new id and its edit token. */
async function send(overrides: Record<string, unknown>, token?: string, key?: string) {
  const res = await h.json({
    method: 'POST',
    url: HELP,
    payload: requestBody({ emergencySlug: SLUG, externalId: `lote-${process.pid}-${++pairs}`, ...overrides }),
    headers: token || key ? { authorization: `Bearer ${token ?? key}` } : {},
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return {
    id: res.body.id as string,
    editToken: res.body.editToken as string | undefined,
    externalId: `lote-${process.pid}-${pairs}`,
  };
}

/** Distinct numbers and places: no card is a likely duplicate of another unless a test wants it. */
const apart = (n: number) => ({
  contactWhatsapp: `+57310${String(1_000_000 + n).padStart(7, '0')}`,
  latitude: 1.1 + n * 0.01,
  longitude: -76.6,
});

async function status(id: string): Promise<string> {
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select('review_status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.review_status;
}

/** The checkbox of a card on the last page: its value (id:version) and whether it came checked. */
function box(browser: Browser, id: string): { value: string; checked: boolean } {
  const match = new RegExp(`name="seleccion" value="(${id}:\\d+)"( checked)?`).exec(browser.last?.body ?? '');
  assert.ok(match, `${id} is on the page`);
  return { value: match[1] as string, checked: match[2] !== undefined };
}

const approveSelected = (browser: Browser, values: string[], headers: Record<string, string> = {}) =>
  browser.h.app.inject({
    method: 'POST',
    url: `${inbox}/aprobar-seleccionados`,
    payload: new URLSearchParams([
      ['_csrf', browser.csrf],
      ...values.map((v): [string, string] => ['seleccion', v]),
    ]).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...headers,
    },
  });

describe('approving the selected cards', () => {
  test('a card changed after it was shown is skipped and listed, never published; the others are public at once', async () => {
    const { browser, email } = await leader(h, [SLUG]);
    const a = await send({ title: 'Kits de aseo para la escuela', ...apart(1) });
    const b = await send({ title: 'Colchonetas para el coliseo', ...apart(2) });
    const bait = await send({ title: 'Leche para bebés del barrio', ...apart(3) });
    await browser.get(inbox);
    const values = [a, b, bait].map((s) => box(browser, s.id).value);
    // After the leader looked, the sender swaps the content for a scam.
    await send(
      {
        title: 'Leche para bebés del barrio',
        description: 'Consigne el envío a esta cuenta',
        ...apart(3),
        externalId: bait.externalId,
      },
      bait.editToken,
    );
    const res = await approveSelected(browser, values);
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /Se aprobaron 2 publicaciones: ya son públicas/);
    assert.match(
      res.body,
      new RegExp(
        `<li data-id="${bait.id}"><a href="/panel/e/${SLUG}/revisar/${bait.id}">Leche para bebés del barrio</a>: cambió`,
      ),
    );
    assert.equal(await status(a.id), 'approved');
    assert.equal(await status(b.id), 'approved');
    assert.equal(await status(bait.id), 'pending_review');
    assert.equal((await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${bait.id}` })).status, 404);
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select(['target_id', 'actor'])
      .where('action', '=', 'approved')
      .where('target_id', 'in', [a.id, b.id, bait.id])
      .execute();
    assert.deepEqual(audit.map((r) => r.target_id).sort(), [a.id, b.id].sort());
    assert.ok(audit.every((r) => r.actor === `panel:${email}`));
  });

  test('the console script gets a few bytes of JSON: what was decided and what was skipped, and why', async () => {
    const { browser } = await leader(h, [SLUG]);
    const kept = await send({ title: 'Agua para la vereda', ...apart(4) });
    const changed = await send({ title: 'Pañales talla 2', ...apart(5) });
    await browser.get(inbox);
    const values = [kept, changed].map((s) => box(browser, s.id).value);
    await send({ title: 'Pañales talla 2 y 3', ...apart(5), externalId: changed.externalId }, changed.editToken);
    const res = await approveSelected(browser, values, { accept: 'application/json' });
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.length < 1024, `${res.body.length} bytes`);
    assert.deepEqual(JSON.parse(res.body), {
      ok: true,
      decided: [kept.id],
      skipped: [{ id: changed.id, reason: 'stale_version' }],
    });
    const none = await approveSelected(browser, [], { accept: 'application/json' });
    assert.equal(none.statusCode, 400);
    assert.equal(JSON.parse(none.body).code, 'invalid_selection');
  });

  test('a batch pre-selects its cards except those with a mark: a link, a number rejected before, a likely duplicate', async () => {
    const { browser } = await leader(h, [SLUG]);
    // Empty the inbox of earlier tests' cards so the batch is these.
    await h.ctx.db
      .updateTable('help_records')
      .set({ review_status: 'withdrawn' })
      .where('review_status', '=', 'pending_review')
      .execute();
    const plain = await send({ title: 'Frazadas para el albergue', ...apart(10) });
    const link = await send({
      title: 'Mercados gratis',
      description: 'Reclame en http://mercados.example/pago',
      ...apart(11),
    });
    const earlier = await send({ title: 'Premio de la lotería', ...apart(12) });
    await rejectSubmission(h.ctx, earlier.id, 'test', 'Estafa');
    const again = await send({ title: 'Ayuda para familia', ...apart(12), latitude: 1.7 });
    const twin = await send({ title: 'Frazadas para el albergue (otra vez)', ...apart(10) });
    await browser.get(inbox);
    const claimed = await browser.post(`${inbox}/revisar-siguientes`, {});
    assert.equal(claimed.statusCode, 303);
    assert.match(String(claimed.headers.location), /lote=1/);
    const page = await browser.get(String(claimed.headers.location));
    assert.match(page.body, /Su lote<\/strong>: 4 por decidir/);
    assert.equal(box(browser, link.id).checked, false, 'a link in the text');
    assert.equal(box(browser, again.id).checked, false, 'a number rejected before');
    assert.equal(box(browser, plain.id).checked, false, 'a likely duplicate (same number, same place)');
    assert.equal(box(browser, twin.id).checked, false, 'its twin too');
    assert.match(page.body, /Enlace o correo en el texto/);
    assert.match(page.body, /Número ya rechazado antes/);
    const unflagged = await send({ title: 'Linternas para la vereda', ...apart(13) });
    await browser.post(`${inbox}/revisar-siguientes`, {});
    await browser.get(`${inbox}?lote=1`);
    assert.equal(box(browser, unflagged.id).checked, true, 'an unflagged card of the batch is pre-selected');
    // The full inbox pre-selects nothing: only the leader's batch, or a trusted source's lane.
    await browser.get(inbox);
    assert.equal(box(browser, unflagged.id).checked, false);
  });

  test('a trusted source’s submissions wait in their own lane, pre-selected, and a leader approves them (audited)', async () => {
    const { browser, email } = await leader(h, [SLUG]);
    const { key } = await addSource(h.ctx, 'defensa-civil-lote', 'test');
    await trustSource(h.ctx, 'defensa-civil-lote', 'test');
    const trusted = await send(
      { title: 'Carpas para el barrio Obrero', source: 'defensa-civil-lote', ...apart(20) },
      undefined,
      key,
    );
    const tricky = await send(
      {
        title: 'Donaciones en línea',
        description: 'Done en https://donar.example',
        source: 'defensa-civil-lote',
        ...apart(21),
      },
      undefined,
      key,
    );
    assert.equal(await status(trusted.id), 'pending_review', 'still queued for review');
    const page = await browser.get(inbox);
    const lane = page.body.slice(page.body.indexOf('id="carril-confiable"'), page.body.indexOf('Las demás'));
    assert.match(lane, /Fuente confiable \(2\)/);
    assert.ok(lane.includes(`c-${trusted.id}`) && lane.includes(`c-${tricky.id}`), 'both in the lane');
    assert.equal(box(browser, trusted.id).checked, true, 'pre-selected');
    assert.equal(box(browser, tricky.id).checked, false, 'a flagged card, even from a trusted source, is not');
    const res = await approveSelected(browser, [box(browser, trusted.id).value]);
    assert.match(res.body, /Se aprobó 1 publicación/);
    assert.equal(await status(trusted.id), 'approved');
    assert.equal(await status(tricky.id), 'pending_review');
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'approved')
      .where('target_id', '=', trusted.id)
      .execute();
    assert.deepEqual(
      audit.map((r) => r.actor),
      [`panel:${email}`],
    );
  });

  test('a flood of spam from one source is rejected with one action; nothing that arrived or changed later', async () => {
    const { browser } = await leader(h, [SLUG]);
    const spam = [];
    for (let i = 0; i < 30; i++) spam.push(await send({ title: `Sorteo ${i}`, source: 'spam-app', ...apart(100 + i) }));
    const genuine = await send({ title: 'Agua para el albergue', ...apart(140) });
    const page = await browser.get(`${inbox}?origen=spam-app`);
    assert.match(page.body, /Rechazar todas las que coinciden con estos filtros \(30\)/);
    const shownAt = /name="mostrada" value="([^"]+)"/.exec(page.body)?.[1] as string;
    // After the page was drawn: one spam card changes, another arrives.
    const changed = spam[0] as { id: string; editToken?: string; externalId: string };
    await send(
      { title: 'Sorteo cambiado', source: 'spam-app', ...apart(100), externalId: changed.externalId },
      changed.editToken,
    );
    const late = await send({ title: 'Sorteo tardío', source: 'spam-app', ...apart(150) });
    const noConfirm = await browser.post(`${inbox}/rechazar-coincidentes`, {
      origen: 'spam-app',
      mostrada: shownAt,
      reason: 'Sorteos falsos',
    });
    assert.equal(noConfirm.statusCode, 400);
    assert.match(noConfirm.body, /Marque la confirmación/);
    const unfiltered = await browser.post(`${inbox}/rechazar-coincidentes`, {
      mostrada: shownAt,
      reason: 'Sorteos falsos',
      confirmar: '31',
    });
    assert.equal(unfiltered.statusCode, 400, 'never the whole inbox');
    assert.match(unfiltered.body, /Elija primero filtros válidos/);
    assert.equal(await status(genuine.id), 'pending_review');
    const res = await browser.post(`${inbox}/rechazar-coincidentes`, {
      origen: 'spam-app',
      mostrada: shownAt,
      reason: 'Sorteos falsos',
      confirmar: '30',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.body, /Se rechazaron 29 publicaciones/);
    for (const s of spam.slice(1)) assert.equal(await status(s.id), 'rejected');
    assert.equal(await status(changed.id), 'pending_review');
    assert.equal(await status(late.id), 'pending_review', 'arrived after the page was drawn');
    assert.equal(await status(genuine.id), 'pending_review', 'another source');
  });

  test('a revision of a published record is judged by what it would publish: its card shows the proposed content', async () => {
    const { browser } = await leader(h, [SLUG]);
    const sent = await send({ title: 'Cobijas para la vereda', ...apart(160) });
    await browser.get(inbox);
    assert.equal((await approveSelected(browser, [box(browser, sent.id).value])).statusCode, 200);
    assert.equal(await status(sent.id), 'approved');
    await send(
      {
        title: 'Cobijas y colchonetas para la vereda',
        description: 'Ahora también colchonetas',
        ...apart(160),
        externalId: sent.externalId,
      },
      sent.editToken,
    );
    const page = await browser.get(inbox);
    const card = page.body.slice(page.body.indexOf(`id="c-${sent.id}"`));
    assert.match(card, /Revisión de un registro publicado/);
    assert.match(
      card.slice(0, card.indexOf('</li>')),
      /Cobijas y colchonetas para la vereda[\s\S]*Ahora también colchonetas/,
    );
  });
});
