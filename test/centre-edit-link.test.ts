// A centre's staff keep their inventory from the edit link on a phone: each line changes in place, units match
// however they are typed (case, accents), problems are listed at the top, the top bar names the centre; leaders
// send a new link by WhatsApp from the console, and the link is shown to them only.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createEditLink } from '../src/commands/center-edit-links.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { centerInventoryLines } from '../src/queries/inventory.ts';
import { runCli } from './helpers/cli.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, offerBody, publish, setup } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';

const SLUG = 'inundacion-mocoa';
const LEADER = 'leader:centros@ayuda.test';
const WHATSAPP = '+573157654321';

let h: Harness;

function centre(title: string) {
  return publish(
    h,
    offerBody({
      title,
      category: 'acopio',
      collectionCenterStatus: 'needs_resources',
      emergencySlug: SLUG,
      contactWhatsapp: WHATSAPP,
    }),
  );
}

/** A centre with an edit link; returns the centre's id and the link's path. */
async function centreWithLink(title: string) {
  const id = await centre(title);
  const { token } = await createEditLink(h.ctx, id, LEADER);
  return { id, path: `/centro/${token}`, token };
}

function post(url: string, fields: Record<string, string>) {
  return h.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The fields a line's own form sends, read from the page as a browser would. */
function lineFormFields(body: string, lineId: string): Record<string, string> {
  const at = body.indexOf(`name="linea" value="${lineId}"`);
  assert.ok(at > 0, `the page has a form for line ${lineId}`);
  const form = body.slice(body.lastIndexOf('<form', at), body.indexOf('</form>', at));
  assert.match(form, /class="line-edit"/);
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields[m[1] ?? ''] = m[2] ?? '';
  fields.note = /<textarea[^>]*name="note"[^>]*>([^<]*)<\/textarea>/.exec(form)?.[1] ?? '';
  return fields;
}

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
});
after(() => h.close());

describe('the edit link page', () => {
  test('each line has its own pre-filled form (the note shown beside it); saving it changes the quantity in place', async () => {
    const { id, path } = await centreWithLink('Centro de acopio Coliseo');
    const line = await setInventoryLine(
      h.ctx,
      id,
      { kind: 'need', category: 'agua', quantity: 120, unit: 'bidones', note: 'Para albergues' },
      LEADER,
    );
    const page = await h.app.inject({ method: 'GET', url: path });
    assert.equal(page.statusCode, 200);
    const fields = lineFormFields(page.body, line.id);
    assert.deepEqual(fields, {
      linea: line.id,
      kind: 'need',
      category: 'agua',
      unit: 'bidones',
      quantity: '120',
      // The stored note is shown on the card; its field starts empty, which keeps it.
      note: '',
    });
    assert.match(page.body, /Para albergues/);
    assert.match(page.body, new RegExp(`<label for="quantity-${line.id}">Cantidad \\(bidones\\)`));
    assert.match(page.body, /Añadir una línea/, 'the form that adds a line is there too');
    assert.match(page.body, new RegExp(`action="${path}/lineas/${line.id}/quitar"`), 'a line can still be removed');

    h.clock.advanceHours(2);
    const saved = await post(`${path}/lineas`, { ...fields, quantity: '80', note: 'Quedan pocos' });
    assert.equal(saved.statusCode, 303);
    const lines = await centerInventoryLines(h.ctx, id);
    assert.deepEqual(
      lines.map((l) => [l.id, l.quantity, l.unit, l.note]),
      [[line.id, 80, 'bidones', 'Quedan pocos']],
    );
    assert.ok((lines[0]?.updatedAt ?? '') > line.updated_at, 'its age starts again');
    const after = await h.app.inject({ method: 'GET', url: `${path}?hecho=guardado` });
    assert.equal(lineFormFields(after.body, line.id).quantity, '80');

    const removed = await post(`${path}/lineas/${line.id}/quitar`, {});
    assert.equal(removed.statusCode, 303);
    assert.deepEqual(await centerInventoryLines(h.ctx, id), []);
  });

  test('"Personas", "PERSONAS" and "personás" update the line written "personas"; another kind or category adds one', async () => {
    const { id, path } = await centreWithLink('Centro de acopio Escuela');
    const add = (fields: Record<string, string>) =>
      post(`${path}/lineas`, { kind: 'need', category: 'alimentos', ...fields });
    assert.equal((await add({ quantity: '10', unit: 'personas' })).statusCode, 303);
    const [first] = await centerInventoryLines(h.ctx, id);
    assert.ok(first);
    for (const [unit, quantity] of [
      ['Personas', 25],
      ['PERSONAS', 30],
      ['personás', 12],
      ['  Personás ', 14],
    ] as const) {
      assert.equal((await add({ quantity: String(quantity), unit })).statusCode, 303, unit);
      const lines = await centerInventoryLines(h.ctx, id);
      assert.deepEqual(
        lines.map((l) => [l.id, l.unit, l.quantity]),
        [[first.id, 'personas', quantity]],
        `${unit}: one line, the quantity replaced, the unit as first written`,
      );
    }
    assert.equal((await add({ kind: 'have', quantity: '3', unit: 'Personas' })).statusCode, 303);
    assert.equal((await add({ category: 'agua', quantity: '4', unit: 'PERSONAS' })).statusCode, 303);
    assert.equal((await add({ quantity: '5', unit: 'familias' })).statusCode, 303);
    const lines = await centerInventoryLines(h.ctx, id);
    assert.deepEqual(lines.map((l) => [l.kind, l.category, l.unit, l.quantity]).sort(), [
      ['have', 'alimentos', 'Personas', 3],
      ['need', 'agua', 'PERSONAS', 4],
      ['need', 'alimentos', 'familias', 5],
      ['need', 'alimentos', 'personas', 14],
    ]);
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'inventory_line_set')
      .where('target_id', '=', id)
      .execute();
    assert.ok(
      audit.filter((a) => JSON.parse(a.details ?? '{}').lineId === first.id).length === 5,
      'each update is audited against the same line',
    );
  });

  test('adding a line again keeps its note unless another is written or a dash clears it; the confirmation names it', async () => {
    const { id, path } = await centreWithLink('Centro de acopio Polideportivo');
    const add = (fields: Record<string, string>) =>
      post(`${path}/lineas`, { kind: 'have', category: 'agua', unit: 'litros', ...fields });
    const first = await add({ quantity: '200', note: 'En la bodega del fondo' });
    assert.equal(first.statusCode, 303);
    const [line] = await centerInventoryLines(h.ctx, id);
    assert.ok(line);
    assert.equal(first.headers.location, `${path}?guardada=${line.id}`, 'back to the page, naming the line');

    const again = await add({ quantity: '1500', note: '' });
    assert.equal(again.statusCode, 303);
    const kept = await centerInventoryLines(h.ctx, id);
    assert.deepEqual(
      kept.map((l) => [l.id, l.quantity, l.note]),
      [[line.id, 1500, 'En la bodega del fondo']],
      'one line, its quantity replaced, its note kept',
    );
    const page = await h.app.inject({ method: 'GET', url: again.headers.location as string });
    assert.match(
      page.body,
      /<p class="flash" role="status">Guardamos 1\.500 litros de Agua en «Tenemos»\. Nota: «En la bodega del fondo»\.<\/p>/,
    );
    assert.match(
      page.body,
      /Vacía, se conserva la nota guardada; para borrarla escriba - \(un guion\)/,
      'the form says how',
    );

    await add({ quantity: '1400', note: 'Quedan pocos' });
    assert.equal((await centerInventoryLines(h.ctx, id))[0]?.note, 'Quedan pocos', 'a new note replaces it');
    await add({ quantity: '1300', note: ' - ' });
    const cleared = await centerInventoryLines(h.ctx, id);
    assert.deepEqual(
      cleared.map((l) => [l.quantity, l.note]),
      [[1300, '']],
    );
    const done = await h.app.inject({ method: 'GET', url: `${path}?guardada=${line.id}` });
    assert.match(done.body, /Guardamos 1\.300 litros de Agua en «Tenemos»\.<\/p>/, 'no note, none named');
    // Only the centre's own lines are named: another id, or anything else, shows no confirmation.
    const other = await h.app.inject({ method: 'GET', url: `${path}?guardada=%3Cb%3Ehola%3C%2Fb%3E` });
    assert.doesNotMatch(other.body, /class="flash"|hola/);
  });

  test('the same rule holds in the console and the CLI', async () => {
    const id = await centre('Centro de acopio Bomberos');
    const { browser } = await leader(h, [SLUG]);
    const url = `/panel/e/${SLUG}/centros/${id}`;
    await browser.get(url);
    await browser.post(`${url}/lineas`, { kind: 'have', category: 'ropa', quantity: '10', unit: 'Cajas' });
    await browser.get(url);
    const saved = await browser.post(`${url}/lineas`, { kind: 'have', category: 'ropa', quantity: '7', unit: 'cajas' });
    assert.equal(saved.statusCode, 303);
    assert.match(
      (await browser.get(saved.headers.location as string)).body,
      /class="flash" role="status">Guardamos 7 Cajas de Ropa en «Tenemos»\./,
      'the console names the line as stored',
    );
    const cli = await runCli(
      [
        'inventory',
        'set',
        '--center',
        id,
        '--kind',
        'have',
        '--category',
        'ropa',
        '--quantity',
        '6',
        '--unit',
        'CAJAS',
      ],
      { DATABASE_URL: h.dbUrl, AYUDA_ACTOR: 'operadora' },
    );
    assert.equal(cli.code, 0, cli.stderr);
    const lines = await centerInventoryLines(h.ctx, id);
    assert.deepEqual(
      lines.map((l) => [l.unit, l.quantity]),
      [['Cajas', 6]],
    );
    assert.equal(cli.stdout.trim(), lines[0]?.id);
  });

  test('problems are listed at the top, each a link to its field, and shown beside the field', async () => {
    const { id, path } = await centreWithLink('Centro de acopio Parroquia');
    const line = await setInventoryLine(
      h.ctx,
      id,
      { kind: 'have', category: 'agua', quantity: 40, unit: 'bidones' },
      LEADER,
    );
    const page = await h.app.inject({ method: 'GET', url: path });
    const fields = lineFormFields(page.body, line.id);

    const bad = await post(`${path}/lineas`, { ...fields, quantity: 'muchos' });
    assert.equal(bad.statusCode, 400);
    const summary = bad.body.indexOf('<div class="errors" role="alert">');
    assert.ok(summary > 0, 'a summary of the problems');
    assert.ok(summary < bad.body.indexOf('<section><h2>'), 'above the lines');
    assert.match(bad.body, new RegExp(`<a href="#quantity-${line.id}">Cantidad de Agua \\(bidones\\)</a>`));
    assert.match(bad.body, new RegExp(`id="quantity-${line.id}"[^>]*value="muchos"[^>]*aria-invalid="true"`));
    assert.match(bad.body, new RegExp(`<strong class="error" id="quantity-${line.id}-error">`));
    assert.doesNotMatch(bad.body, /id="quantity"[^>]*aria-invalid/, 'the add form is not blamed');
    assert.equal((await centerInventoryLines(h.ctx, id))[0]?.quantity, 40, 'nothing written');

    const badAdd = await post(`${path}/lineas`, { kind: 'need', category: 'agua', quantity: '-3', unit: '' });
    assert.equal(badAdd.statusCode, 400);
    const top = badAdd.body.indexOf('<div class="errors" role="alert">');
    assert.ok(top > 0 && top < badAdd.body.indexOf('<section><h2>'), 'at the top');
    assert.match(badAdd.body, /<a href="#quantity">Cantidad<\/a>/);
    assert.match(badAdd.body, /<a href="#unit">Unidad<\/a>/);
    assert.match(badAdd.body, /id="unit"[^>]*aria-invalid="true"/);
    assert.equal(badAdd.body.match(/class="errors"/g)?.length, 1, 'one summary');
  });

  test('the top bar names the centre, not the console', async () => {
    const { path } = await centreWithLink('Centro de acopio Coliseo');
    const page = await h.app.inject({ method: 'GET', url: path });
    const header = /<header class="top">([\s\S]*?)<\/header>/.exec(page.body)?.[1] ?? '';
    assert.match(header, /Centro de acopio Coliseo: inventario/);
    assert.doesNotMatch(header, /Panel/);
    assert.doesNotMatch(header, /href="\/panel/, 'no way into a console the staff have no account for');
    assert.doesNotMatch(/<title>([^<]*)<\/title>/.exec(page.body)?.[1] ?? '', /Panel/);
  });
});

describe('sending a new link by WhatsApp', () => {
  test('the console offers it with the link in the message, right after creating the link and nowhere else', async () => {
    const id = await centre('Centro de acopio Estadio');
    const { browser } = await leader(h, [SLUG]);
    const url = `/panel/e/${SLUG}/centros/${id}`;
    const before = await browser.get(url);
    assert.doesNotMatch(before.body, /Enviar enlace por WhatsApp|wa\.me/);
    const created = await browser.post(`${url}/enlaces`);
    assert.equal(created.statusCode, 200);
    const link = /value="(http:\/\/ayuda\.test\/centro\/([A-Za-z0-9_-]{43}))"/.exec(created.body);
    const address = link?.[1] ?? '';
    const token = link?.[2] ?? '';
    assert.ok(token, 'the new link is shown');
    const button = /<a class="button" href="([^"]+)"[^>]*>Enviar enlace por WhatsApp<\/a>/.exec(created.body)?.[1];
    assert.ok(button, 'the button is shown');
    const wa = new URL(button.replaceAll('&amp;', '&'));
    assert.equal(`${wa.origin}${wa.pathname}`, 'https://wa.me/573157654321', 'the centre’s published number');
    const message = wa.searchParams.get('text') ?? '';
    assert.ok(message.includes(address), 'the message holds the link');
    assert.match(message, /Centro de acopio Estadio/);
    assert.match(message, /privado/);

    const again = await browser.get(url);
    assert.ok(!again.body.includes(token), 'the link is not shown again');
    assert.doesNotMatch(again.body, /Enviar enlace por WhatsApp/);
    const staff = await h.app.inject({ method: 'GET', url: `/centro/${token}` });
    assert.equal(staff.statusCode, 200);
    assert.doesNotMatch(staff.body, /Enviar enlace por WhatsApp|wa\.me/);
    assert.deepEqual(leaks(await crawlPublic(h), [token]), [], 'no public output holds the link');
  });
});
