// /retirar: a person withdraws their own submission with the receipt code and the WhatsApp number they gave, in
// two steps (confirm, then withdraw), without JavaScript. A wrong code and a wrong number get the very same page;
// attempts are limited; other sites cannot post; once withdrawn the record, its contact, its document and its
// address are on no public output. /privacidad and the forms give the configured retention numbers.
import assert from 'node:assert/strict';
import { randomInt, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { WITHDRAWALS_PER_MINUTE } from '../src/http/plugins/rate-limit.ts';
import { addEmergency, BASE_URL, type Harness, HELP, setup } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';
import { codeIn } from './helpers/receipt-code.ts';
import { nextDocument, nextMobile, nextSerial } from './helpers/samples.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const CONTROLLER_NAME = 'Corporación Río Mocoa Solidario';
const CONTROLLER_CONTACT = 'protecciondatos@riomocoa.org · 608 555 0142';
/** Retention days unlike the defaults (30, 30, 90), so the pages can only show them by reading the configuration. */
const RETENTION = { identity: 17, rejected: 23, afterClose: 61 };

let h: Harness;
let address = 0;
/** A fresh client address per use, so one test's attempts never count against another's. */
const nextAddress = () => `203.0.113.${++address}`;

/** Letters only (names refuse digits), different on every run. */
function uniqueWord(): string {
  return Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

interface Planted {
  id: string;
  code: string;
  title: string;
  name: string;
  /** Seven digits after 310, as typed on the form ('310 123 4567'). */
  local: string;
  e164: string;
  document: string;
  address: string;
}

/** Every written form of the planted values a public output could carry. */
function plantedValues(p: Planted): string[] {
  const digits = p.e164.slice(1);
  return [p.title, p.name, p.e164, digits, p.local, p.local.replace(/ /g, ''), p.document, p.address];
}

/** A request sent through the web form, with a unique name, number, identity document and address. */
async function sendRequest(): Promise<Planted> {
  const word = uniqueWord();
  const e164 = nextMobile();
  const planted = {
    title: `Agua para la vereda ${word}`,
    name: `Rosalba ${word[0]?.toUpperCase()}${word.slice(1)}`,
    local: `${e164.slice(3, 6)} ${e164.slice(6, 9)} ${e164.slice(9)}`,
    e164,
    document: nextDocument(),
    address: `Carrera ${10 + (nextSerial() % 90)} # ${word} 4-20`,
  };
  const sent = await h.app.inject({
    method: 'POST',
    url: '/necesito-ayuda',
    headers: { ...FORM, origin: BASE_URL },
    payload: new URLSearchParams({
      externalId: randomUUID(),
      emergencySlug: 'inundacion-mocoa',
      title: planted.title,
      category: 'agua',
      urgency: 'urgent',
      latitude: '1.1478',
      longitude: '-76.6476',
      address: planted.address,
      neighborhood: 'San Miguel',
      showExactLocation: 'si',
      contactName: planted.name,
      contactWhatsapp: planted.local,
      identityDocument: planted.document,
      publishContact: 'si',
    }).toString(),
  });
  assert.equal(sent.statusCode, 303, sent.body);
  const id = /\/recibido\/([0-9a-f-]{36})$/.exec(String(sent.headers.location))?.[1] ?? '';
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select(['identity_document'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.equal(row.identity_document, planted.document, 'the document was stored');
  // The code travels to the receipt page in the cookie the send sets, as the person's browser gets it.
  return { id, code: codeIn(String(sent.headers['set-cookie'])), ...planted };
}

function post(fields: Record<string, string>, remoteAddress: string, headers: Record<string, string> = {}) {
  return h.app.inject({
    method: 'POST',
    url: '/retirar',
    payload: new URLSearchParams(fields).toString(),
    headers: { ...FORM, origin: BASE_URL, ...headers },
    remoteAddress,
  });
}

/** The visible text of a page's <main>, tags and runs of space dropped. */
function mainText(body: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function reviewStatus(id: string): Promise<string> {
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select('review_status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.review_status;
}

before(async () => {
  h = await setup({
    DATA_CONTROLLER_NAME: CONTROLLER_NAME,
    DATA_CONTROLLER_CONTACT: CONTROLLER_CONTACT,
    RETENTION_IDENTITY_DAYS: String(RETENTION.identity),
    RETENTION_REJECTED_DAYS: String(RETENTION.rejected),
    RETENTION_AFTER_CLOSE_DAYS: String(RETENTION.afterClose),
  });
  await addEmergency(h);
});
after(() => h.close());

describe('GET /retirar', () => {
  test('is a form for the code and the number, never cached, with a twin explaining both steps', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/retirar' });
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.match(page.body, /<form class="envio" method="post" action="\/retirar">/);
    assert.match(page.body, /name="codigo"[^>]*maxlength="64"/);
    assert.match(page.body, /name="whatsapp"[^>]*type="tel"/);
    assert.doesNotMatch(page.body, /<script/, 'nothing needs JavaScript');
    const twin = await h.app.inject({ method: 'GET', url: '/retirar.md' });
    assert.equal(twin.statusCode, 200);
    for (const word of [
      '`codigo`',
      '`whatsapp`',
      '`confirmar=1`',
      'POST /retirar',
      'DELETE /api/public/v1/help/{id}',
    ]) {
      assert.ok(twin.body.includes(word), word);
    }
    assert.ok(twin.body.includes(`${WITHDRAWALS_PER_MINUTE} intentos por minuto`), twin.body);
    const english = await h.app.inject({ method: 'GET', url: '/retirar?lang=en' });
    assert.match(english.body, /Withdraw my submission/);
    assert.match(english.body, /action="\/retirar\?lang=en"/);
  });
});

describe('POST /retirar', () => {
  test('a wrong code and a wrong number get the very same page, at either step, and nothing is withdrawn', async () => {
    const sent = await sendRequest();
    await approveSubmission(h.ctx, sent.id, 'test');
    const from = nextAddress();
    const other = await sendRequest();
    const answers = [
      await post({ codigo: sent.code, whatsapp: '311 000 0000' }, from),
      await post({ codigo: 'K7P-42Q-X9M-D3R', whatsapp: sent.local }, from),
      await post({ codigo: other.code, whatsapp: sent.local }, from),
      await post({ codigo: 'esto no es un código', whatsapp: 'tampoco un número' }, from),
      await post({}, from),
      await post({ codigo: sent.code, whatsapp: '311 000 0000', confirmar: '1' }, from),
      await post({ codigo: other.code, whatsapp: sent.local, confirmar: '1' }, from),
    ];
    const first = answers[0];
    assert.ok(first);
    assert.equal(first.statusCode, 404);
    assert.equal(first.headers['cache-control'], 'no-store');
    assert.match(mainText(first.body), /No encontramos un envío con ese código y ese número/);
    // The code stays in its field as typed (so a wrong number is typed again alone): apart from it, the same page.
    const typedCodes = ['', sent.code, 'K7P-42Q-X9M-D3R', other.code, 'esto no es un código'];
    const withoutTypedCode = (body: string) =>
      body.replace(/(<input id="codigo" name="codigo" type="text" value=")([^"]*)"/, (_all, start, value) => {
        assert.ok(typedCodes.includes(value), `only what was typed: ${value}`);
        return `${start}"`;
      });
    assert.match(first.body, new RegExp(`<input id="codigo" name="codigo" type="text" value="${sent.code}"`));
    for (const answer of answers) {
      assert.equal(answer.statusCode, 404);
      assert.equal(withoutTypedCode(answer.body), withoutTypedCode(first.body), 'the same page, whichever was wrong');
      for (const hidden of [sent.title, sent.e164, sent.local, '311 000 0000', other.title]) {
        assert.ok(!answer.body.includes(hidden), `the answer does not show ${hidden}`);
      }
    }
    assert.equal(await reviewStatus(sent.id), 'approved');
    assert.equal(await reviewStatus(other.id), 'pending_review');
  });

  test('the right pair, typed as people type it, gets a confirmation naming the submission; nothing changes yet', async () => {
    const sent = await sendRequest();
    const from = nextAddress();
    const typedCode = ` ${sent.code.toLowerCase().replace(/-/g, ' ')} `;
    const pending = await post({ codigo: typedCode, whatsapp: `+57 ${sent.local}` }, from);
    assert.equal(pending.statusCode, 200, pending.body);
    assert.equal(pending.headers['cache-control'], 'no-store');
    const text = mainText(pending.body);
    assert.ok(text.includes(sent.title), 'the title');
    assert.match(text, /Solicitud de ayuda/);
    assert.match(text, /Inundación Mocoa/);
    assert.match(text, /No, no está publicado/);
    assert.match(text, /Sale del sitio de inmediato/);
    assert.match(text, /Se borran su nombre, su WhatsApp, su documento, su dirección y el punto exacto/);
    assert.match(text, /No se puede deshacer/);
    // The second step's form carries what was typed, in the body only.
    assert.match(pending.body, /<form class="envio" method="post" action="\/retirar">/);
    assert.ok(pending.body.includes(`<input type="hidden" name="codigo" value="${typedCode}">`));
    assert.ok(pending.body.includes(`<input type="hidden" name="whatsapp" value="+57 ${sent.local}">`));
    assert.ok(pending.body.includes('<input type="hidden" name="confirmar" value="1">'));
    assert.ok(!pending.body.includes(sent.name) && !pending.body.includes(sent.document), 'no personal data');
    assert.equal(await reviewStatus(sent.id), 'pending_review', 'only the confirmation withdraws');

    await approveSubmission(h.ctx, sent.id, 'test');
    const published = await post({ codigo: sent.code, whatsapp: sent.e164 }, from);
    assert.equal(published.statusCode, 200);
    assert.match(mainText(published.body), /Sí, está publicado/);
    assert.equal(await reviewStatus(sent.id), 'approved');
  });

  test('withdrawing takes the record, its contact, document and address off every public output', async () => {
    const sent = await sendRequest();
    await approveSubmission(h.ctx, sent.id, 'test');
    const values = plantedValues(sent);
    const before = await crawlPublic(h);
    assert.ok(
      before.some((o) => o.url === `${HELP}?view=detail&id=${sent.id}`),
      'the crawl reads the published record',
    );
    const shown = leaks(before, [sent.title, sent.name, sent.e164, sent.address]);
    for (const value of [sent.title, sent.name, sent.e164, sent.address]) {
      assert.ok(
        shown.some((line) => line.startsWith(`${value} in `)),
        `published with consent and the exact place, ${value} is public before`,
      );
    }
    assert.deepEqual(leaks(before, [sent.document]), [], 'the document never is');

    const from = nextAddress();
    const done = await post({ codigo: sent.code, whatsapp: sent.local, confirmar: '1' }, from);
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.headers['cache-control'], 'no-store');
    assert.match(mainText(done.body), /Retiramos su publicación/);
    for (const value of [...values, sent.code]) assert.ok(!done.body.includes(value), `the answer has no ${value}`);
    assert.equal(await reviewStatus(sent.id), 'withdrawn');

    const outputs = await crawlPublic(h);
    assert.deepEqual(leaks(outputs, values), []);
    assert.equal((await h.app.inject({ method: 'GET', url: `/ayudas/${sent.id}` })).statusCode, 404);
    assert.equal((await h.app.inject({ method: 'GET', url: `${HELP}?view=detail&id=${sent.id}` })).statusCode, 404);
    const receipt = await h.app.inject({ method: 'GET', url: `/recibido/${sent.id}` });
    assert.equal(receipt.statusCode, 200);
    assert.match(mainText(receipt.body), /Retirada por quien la envió/);
    for (const value of [...values, 'Inundación Mocoa', 'Solicitud retirada']) {
      assert.ok(!receipt.body.includes(value), `the receipt says no more than that: ${value}`);
    }

    // The code is spent: both steps and /estado now answer as for any unknown pair.
    const again = await post({ codigo: sent.code, whatsapp: sent.local, confirmar: '1' }, from);
    assert.equal(again.statusCode, 404);
    assert.equal((await post({ codigo: sent.code, whatsapp: sent.local }, from)).body, again.body);
    const status = await h.app.inject({
      method: 'POST',
      url: '/estado',
      payload: new URLSearchParams({ codigo: sent.code }).toString(),
      headers: { ...FORM, origin: BASE_URL },
      remoteAddress: nextAddress(),
    });
    assert.equal(status.statusCode, 404);
  });

  test(`after ${WITHDRAWALS_PER_MINUTE} attempts in a minute from one address the answer is a 429 page that reveals nothing`, async () => {
    const sent = await sendRequest();
    const from = nextAddress();
    for (let i = 0; i < WITHDRAWALS_PER_MINUTE; i++) {
      assert.equal((await post({ codigo: 'AAA-AAA-AAA-AAA', whatsapp: sent.local }, from)).statusCode, 404);
    }
    const steps: Record<string, string>[] = [
      { codigo: sent.code, whatsapp: sent.local },
      { codigo: sent.code, whatsapp: sent.local, confirmar: '1' },
    ];
    for (const fields of steps) {
      const limited = await post(fields, from);
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.headers['cache-control'], 'no-store');
      assert.ok(limited.headers['retry-after'], 'says when to come back');
      assert.match(mainText(limited.body), /demasiados intentos/);
      assert.match(limited.body, /name="codigo"/, 'the form, to try again later');
      assert.ok(!limited.body.includes(sent.title));
    }
    assert.equal(await reviewStatus(sent.id), 'pending_review');
    const elsewhere = await post({ codigo: sent.code, whatsapp: sent.local }, nextAddress());
    assert.equal(elsewhere.statusCode, 200, 'another address goes on');
  });

  test('a post from another site is refused at either step, and nothing is withdrawn', async () => {
    const sent = await sendRequest();
    const fields = { codigo: sent.code, whatsapp: sent.local };
    const refused: Record<string, string>[] = [{ origin: 'https://otro.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of refused) {
      for (const step of [fields, { ...fields, confirmar: '1' }]) {
        const res = await post(step, nextAddress(), headers);
        assert.equal(res.statusCode, 403);
        assert.ok(!res.body.includes(sent.title));
        assert.match(res.body, /href="\/retirar"/, 'the way back to the form');
      }
    }
    assert.equal(await reviewStatus(sent.id), 'pending_review');
  });
});

describe('the configured controller and retention on the pages', () => {
  test('/privacidad names the controller and gives the configured retention days and the way to withdraw', async () => {
    for (const url of ['/privacidad', '/privacidad.md']) {
      const page = await h.app.inject({ method: 'GET', url });
      assert.equal(page.statusCode, 200);
      const text = url.endsWith('.md') ? page.body : mainText(page.body);
      assert.ok(text.includes(CONTROLLER_NAME), `${url}: name`);
      assert.ok(text.includes(CONTROLLER_CONTACT), `${url}: contact`);
      assert.ok(
        text.includes(`se borra ${RETENTION.identity} días después de que el equipo decide`),
        `${url}: identity`,
      );
      assert.ok(text.includes(`se borran ${RETENTION.rejected} días después del rechazo`), `${url}: rejected`);
      assert.ok(
        text.includes(`emergencia cerrada, se borran ${RETENTION.afterClose} días después`),
        `${url}: after close`,
      );
      assert.ok(text.includes('se borran en el momento'), `${url}: withdrawn`);
      for (const days of [30, 90]) assert.ok(!text.includes(`${days} días`), `${url}: not the default ${days}`);
    }
  });

  test('the forms say what becomes public, for how long with the configured days, and how to withdraw', async () => {
    for (const [path, identity] of [
      ['/necesito-ayuda', true],
      ['/quiero-ayudar', false],
    ] as const) {
      const page = await h.app.inject({ method: 'GET', url: path });
      const terms = /<div class="plazos" id="plazos">([\s\S]*?)<\/div>/.exec(page.body)?.[1] ?? '';
      assert.ok(terms, `${path}: the terms`);
      assert.ok(
        page.body.indexOf('id="plazos"') > page.body.indexOf('name="publishContact"') &&
          page.body.indexOf('id="plazos"') < page.body.indexOf('<button type="submit"'),
        `${path}: between the consent box and the send button`,
      );
      assert.match(terms, /Qué se hace público/);
      assert.ok(terms.includes(`${RETENTION.afterClose} días después borramos`), `${path}: ${terms}`);
      assert.equal(terms.includes(`${RETENTION.identity} días después`), identity, `${path}: the document's days`);
      assert.match(terms, /<a href="\/retirar">\/retirar<\/a>, con el código de recibo/);
      const twin = (await h.app.inject({ method: 'GET', url: `${path}.md` })).body;
      assert.ok(twin.includes(`${RETENTION.afterClose} días después borramos`), `${path}.md`);
      assert.ok(twin.includes(`(${BASE_URL}/retirar.md)`), `${path}.md: the link`);
    }
  });

  test('/estado, its answer and the receipt right after sending point to /retirar', async () => {
    const form = await h.app.inject({ method: 'GET', url: '/estado' });
    assert.match(form.body, /href="\/retirar"/);
    const sent = await sendRequest();
    const answer = await h.app.inject({
      method: 'POST',
      url: '/estado',
      payload: new URLSearchParams({ codigo: sent.code }).toString(),
      headers: { ...FORM, origin: BASE_URL },
      remoteAddress: nextAddress(),
    });
    assert.equal(answer.statusCode, 200);
    // "Retirar esta solicitud" carries the code to /retirar in the form's body, never in an address.
    assert.match(answer.body, /<form method="post" action="\/retirar">/);
    assert.ok(answer.body.includes(`<input type="hidden" name="codigo" value="${sent.code}">`));
    const receipt = await h.app.inject({
      method: 'GET',
      url: `/recibido/${sent.id}`,
      headers: { cookie: `ayuda_recibo=${sent.code}` },
    });
    assert.ok(receipt.body.includes(sent.code), 'right after sending, with its code');
    assert.match(receipt.body, /href="\/retirar"/);
  });
});
