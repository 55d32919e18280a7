// «Recibir avisos en este número»: a web form's sender asks for notices, a six-digit code goes to the number they
// typed, and typing it back on the receipt page proves the number, which is then told of the submission like a
// WhatsApp or SMS sender. The code message carries nothing the sender typed, a code takes five guesses and lasts 15
// minutes, and one number receives at most three codes a day whoever asks, so the form cannot text a stranger.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { queuePledgeSummaries } from '../src/commands/channels/notices.ts';
import { receiveMessage } from '../src/commands/channels/receive-message.ts';
import { sendDueOutbound } from '../src/commands/channels/send-outbound.ts';
import { eraseRecord } from '../src/commands/personal-data/erase.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, BASE_URL, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';
import { ProviderStandIn, type Sent, WHATSAPP_ENV } from './helpers/message-providers.ts';
import { leaderCodeFor } from './helpers/receipt-code.ts';
import { freshClientAddress, nextMobile, nextWord } from './helpers/samples.ts';

const SLUG = 'inundacion-mocoa';
/** SMS reaches a person who never wrote; its gateway is never reached here, and the queue keeps what was sent. */
const SMS_ENV = { SMS_SECRET: 'secreto-de-la-pasarela', SMS_SEND_URL: 'http://127.0.0.1:9/message' };
const OPT_IN = 'Recibir avisos en este número';
const EXPLAINED = 'Le enviaremos un código de 6 dígitos para comprobar que el número es suyo.';
const CODE_TEXT =
  /^Ayuda Directa: su código para recibir avisos es (\d{6})\. Vence en 15 minutos\. No lo comparta con nadie\. Si usted no lo pidió, ignore este mensaje\.$/;

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

function post(h: Harness, url: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return h.app.inject({
    method: 'POST',
    url,
    payload: form(fields),
    // Each post from its own address: the limits per client are not what these tests count.
    remoteAddress: freshClientAddress(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE_URL, ...headers },
  });
}

/** The request form as a person fills it, with unique words in everything they type. */
function requestFields(number: string, overrides: Record<string, string> = {}) {
  return {
    externalId: randomUUID(),
    emergencySlug: SLUG,
    title: `Agua potable ${nextWord()}`,
    category: 'agua',
    urgency: 'urgent',
    description: `Sin agua desde ayer ${nextWord()}`,
    latitude: '1.1478',
    longitude: '-76.6476',
    address: `Calle 8 # 5-21 ${nextWord()}`,
    neighborhood: 'San Miguel',
    contactName: `María ${nextWord()}`,
    contactWhatsapp: number,
    identityDocument: '',
    publishContact: 'si',
    ...overrides,
  };
}

function idFrom(location: unknown): string {
  const match = /^\/recibido\/([0-9a-f-]{36})$/.exec(String(location));
  assert.ok(match, `a receipt address: ${location}`);
  return match[1] as string;
}

/** The texts queued to a number, oldest first. */
async function sentTo(h: Harness, number: string): Promise<string[]> {
  const rows = await h.ctx.db
    .selectFrom('outbound_messages')
    .select(['body', 'kind', 'channel'])
    .where('address', '=', number)
    .orderBy('created_at')
    .orderBy('ordinal')
    .execute();
  for (const row of rows) assert.equal(row.kind, 'notice');
  return rows.map((r) => (JSON.parse(r.body) as { text: string }).text);
}

/** The codes sent to a number, oldest first. */
async function codesTo(h: Harness, number: string): Promise<string[]> {
  return (await sentTo(h, number)).flatMap((text) => {
    const match = CODE_TEXT.exec(text);
    return match ? [match[1] as string] : [];
  });
}

/** Another code than `code`: never the right one, whatever was drawn. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const row = (h: Harness, id: string) =>
  h.ctx.db.selectFrom('help_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('without a channel that reaches a person who never wrote', () => {
  let h: Harness;
  before(async () => {
    // WhatsApp without a notice template can only answer people who wrote first.
    h = await setup(WHATSAPP_ENV);
    await addEmergency(h, SLUG);
  });
  after(() => h.close());

  test('the forms offer no notices, and a box ticked anyway sends nothing', async () => {
    for (const path of ['/necesito-ayuda', '/quiero-ayudar', '/necesito-ayuda.md']) {
      const page = await h.app.inject({ method: 'GET', url: path });
      assert.equal(page.statusCode, 200);
      assert.doesNotMatch(page.body, /name="avisos"|Recibir avisos/, path);
    }
    const number = nextMobile();
    const sent = await post(h, '/necesito-ayuda', requestFields(number, { avisos: 'si' }));
    assert.equal(sent.statusCode, 303, sent.body);
    const id = idFrom(sent.headers.location);
    assert.deepEqual(await sentTo(h, number), []);
    assert.equal((await row(h, id)).proof_channel, null);
    const receipt = await h.app.inject({ method: 'GET', url: `/recibido/${id}` });
    assert.doesNotMatch(receipt.body, /Avisos en su número/);
  });
});

describe('proving a number by SMS', () => {
  let h: Harness;
  before(async () => {
    h = await setup(SMS_ENV);
    await addEmergency(h, SLUG);
  });
  after(() => h.close());

  /** Sends the request form with the box ticked (or not); the record's id. */
  async function send(number: string, avisos: boolean, overrides: Record<string, string> = {}) {
    const fields = requestFields(number, { ...(avisos ? { avisos: 'si' } : {}), ...overrides });
    const sent = await post(h, '/necesito-ayuda', fields);
    assert.equal(sent.statusCode, 303, sent.body);
    return { id: idFrom(sent.headers.location), fields };
  }

  const guess = (id: string, code: string, headers: Record<string, string> = {}) =>
    post(h, `/recibido/${id}/avisos`, { codigo: code }, headers);
  const askAgain = (id: string) => post(h, `/recibido/${id}/avisos/nuevo`);

  test('both forms offer the box, explained, never ticked; the twin says what it does', async () => {
    for (const path of ['/necesito-ayuda', '/quiero-ayudar', '/necesito-ayuda?lang=en']) {
      const page = await h.app.inject({ method: 'GET', url: path });
      const box = /<input type="checkbox" id="avisos" name="avisos" value="si"[^>]*>/.exec(page.body);
      assert.ok(box, path);
      assert.doesNotMatch(box[0], /checked/);
    }
    const es = await h.app.inject({ method: 'GET', url: '/necesito-ayuda' });
    assert.ok(es.body.includes(OPT_IN));
    assert.ok(es.body.includes(EXPLAINED));
    assert.match(es.body, /Llega por SMS/);
    const twin = await h.app.inject({ method: 'GET', url: '/quiero-ayudar.md' });
    assert.match(twin.body, /Recibir avisos en este número/);
    assert.match(twin.body, /por SMS/);
  });

  test('ticked: one code, and its message carries nothing the sender typed; unticked: nothing, as before', async () => {
    const number = nextMobile();
    const { id, fields } = await send(number, true);
    // The same form sent again (a double tap): the same record, and no second code.
    const again = await post(h, '/necesito-ayuda', fields);
    assert.equal(idFrom(again.headers.location), id);
    const texts = await sentTo(h, number);
    assert.equal(texts.length, 1, 'exactly one message');
    const [code] = await codesTo(h, number);
    assert.ok(code, texts[0]);
    for (const typed of [fields.title, fields.description, fields.contactName, fields.address]) {
      for (const word of typed.split(' ').filter((w) => w.startsWith('qz'))) {
        assert.ok(!texts.join('\n').includes(word), `the code message never carries «${word}»`);
      }
    }
    const stored = await row(h, id);
    assert.equal(stored.proof_channel, 'sms');
    assert.equal(stored.number_proved_at, null);
    assert.match(stored.proof_code_hash ?? '', /^[\w-]{43}$/, 'a sha256, base64url');
    assert.ok(!Object.values(stored).includes(code), 'only its hash is stored');

    const receipt = await h.app.inject({ method: 'GET', url: `/recibido/${id}` });
    assert.equal(receipt.headers['cache-control'], 'no-store');
    assert.match(receipt.body, /Escriba el código que le enviamos por SMS/);
    assert.match(receipt.body, new RegExp(`<form[^>]*method="post" action="/recibido/${id}/avisos"`));
    assert.ok(!receipt.body.includes(number), 'the receipt never shows the number');
    const twin = await h.app.inject({ method: 'GET', url: `/recibido/${id}.md` });
    assert.match(twin.body, new RegExp(`/recibido/${id}/avisos`));

    const unticked = nextMobile();
    const plain = await send(unticked, false);
    assert.deepEqual(await sentTo(h, unticked), []);
    const plainReceipt = await h.app.inject({ method: 'GET', url: `/recibido/${plain.id}` });
    assert.doesNotMatch(plainReceipt.body, /Avisos en su número/);
  });

  test('a wrong code counts down, and after five the right one proves nothing until a new code is asked for', async () => {
    const number = nextMobile();
    const { id } = await send(number, true);
    const [code] = await codesTo(h, number);
    assert.ok(code);
    const malformed = await guess(id, 'abc');
    assert.equal(malformed.statusCode, 400);
    assert.match(malformed.body, /Escriba los 6 dígitos del código/);
    assert.equal((await row(h, id)).proof_attempts, 0, 'no guess is spent on what cannot be a code');
    for (const left of [4, 3, 2, 1]) {
      const wrong = await guess(id, otherThan(code));
      assert.equal(wrong.statusCode, 400);
      assert.match(wrong.body, left === 1 ? /Le queda 1 intento\./ : new RegExp(`Le quedan ${left} intentos\\.`));
    }
    const fifth = await guess(id, otherThan(code));
    assert.match(fifth.body, /pida un código nuevo/);
    const late = await guess(id, code);
    assert.match(late.body, /pida un código nuevo/);
    assert.match(late.body, new RegExp(`action="/recibido/${id}/avisos/nuevo"`));
    assert.equal((await row(h, id)).number_proved_at, null, 'the right code after five wrong proves nothing');

    const asked = await askAgain(id);
    assert.equal(asked.statusCode, 303);
    assert.equal(asked.headers.location, `/recibido/${id}#avisos`);
    const codes = await codesTo(h, number);
    assert.equal(codes.length, 2);
    const fresh = codes[1] as string;
    if (fresh !== code) assert.equal((await guess(id, code)).statusCode, 400, 'the old code proves nothing');
    const proved = await guess(id, ` ${fresh.slice(0, 3)} ${fresh.slice(3)} `);
    assert.equal(proved.statusCode, 303);
    assert.ok((await row(h, id)).number_proved_at);
  });

  test('a code expires after 15 minutes', async () => {
    const number = nextMobile();
    const { id } = await send(number, true);
    const [code] = await codesTo(h, number);
    assert.ok(code);
    h.clock.advanceHours(0.25);
    const late = await guess(id, code);
    assert.match(late.body, /El código venció o se agotaron los intentos: pida un código nuevo\./);
    assert.equal((await row(h, id)).number_proved_at, null);
  });

  test('five guesses at once take five attempts, never the same one twice', async () => {
    const number = nextMobile();
    const { id } = await send(number, true);
    const [code] = await codesTo(h, number);
    assert.ok(code);
    await Promise.all(Array.from({ length: 7 }, () => guess(id, otherThan(code))));
    assert.equal((await row(h, id)).proof_attempts, 5);
    await guess(id, code);
    assert.equal((await row(h, id)).number_proved_at, null, 'no attempt was left for the right code');
  });

  test('the right code proves the number, which then hears of the approval; an unproved web sender hears nothing', async () => {
    const number = nextMobile();
    const { id, fields } = await send(number, true);
    const [code] = await codesTo(h, number);
    assert.ok(code);
    const proved = await guess(id, code);
    assert.equal(proved.statusCode, 303);
    const receipt = await h.app.inject({ method: 'GET', url: `/recibido/${id}` });
    assert.match(receipt.body, /Número comprobado: le avisaremos por SMS\./);
    assert.doesNotMatch(receipt.body, /name="codigo"/);
    const english = await h.app.inject({ method: 'GET', url: `/recibido/${id}?lang=en` });
    assert.match(english.body, /Number checked: we will tell you by SMS\./);
    const twin = await h.app.inject({ method: 'GET', url: `/recibido/${id}.md` });
    assert.match(twin.body, /Número comprobado: le avisaremos por SMS\./);
    assert.equal((await guess(id, code)).statusCode, 303, 'typed again: still proved, nothing else');

    const unproved = nextMobile();
    const waiting = await send(unproved, true);
    const plain = nextMobile();
    const unticked = await send(plain, false);
    for (const record of [id, waiting.id, unticked.id]) await approveSubmission(h.ctx, record, 'leader-1');

    const told = await sentTo(h, number);
    assert.equal(told.length, 2);
    assert.match(
      told[1] ?? '',
      new RegExp(`^Ayuda Directa: Su solicitud «${fields.title}» fue revisada y ya está publicada`),
    );
    assert.equal((await sentTo(h, unproved)).length, 1, 'only the code it never typed back');
    assert.deepEqual(await sentTo(h, plain), [], 'a web sender who did not ask hears nothing, as before');
  });

  test('a proved number hears of pledges like a WhatsApp sender: the first at once, then one summary an hour', async () => {
    const number = nextMobile();
    const { id, fields } = await send(number, true, { quantityRequired: '30', unit: 'bidones' });
    const [code] = await codesTo(h, number);
    assert.ok(code);
    await guess(id, code);
    await approveSubmission(h.ctx, id, 'leader-1');
    for (let i = 0; i < 2; i++) {
      const pledged = await h.json({
        method: 'POST',
        url: `${HELP}/${id}/pledges`,
        payload: { quantity: 5, contactName: 'Rescate Express', contactWhatsapp: nextMobile() },
        remoteAddress: freshClientAddress(),
      });
      assert.equal(pledged.status, 202, JSON.stringify(pledged.body));
    }
    const atOnce = await sentTo(h, number);
    assert.equal(atOnce.length, 3, 'the code, the approval, the first pledge');
    assert.match(
      atOnce[2] ?? '',
      new RegExp(`alguien se comprometió a llevar ayuda a «${fields.title}» \\(5 bidones\\)`),
    );
    h.clock.advanceHours(1);
    assert.equal(await queuePledgeSummaries(h.ctx), 1);
    assert.equal((await sentTo(h, number)).length, 4, "the second pledge, in the hour's summary");
  });

  test('a proved number confirms a reported delivery by answering RECIBIDO; an unproved one cannot', async () => {
    const pledgeAndReport = async (id: string) => {
      const pledged = await h.json({
        method: 'POST',
        url: `${HELP}/${id}/pledges`,
        payload: { quantity: 5, contactName: 'Rescate Express', contactWhatsapp: nextMobile() },
        remoteAddress: freshClientAddress(),
      });
      assert.equal(pledged.status, 202, JSON.stringify(pledged.body));
      h.clock.advanceHours(1);
      const reported = await h.json({
        method: 'POST',
        url: '/api/public/v1/pledges/confirm',
        payload: { code: pledged.body.code },
        remoteAddress: freshClientAddress(),
      });
      assert.equal(reported.body.pledge.status, 'reported');
    };
    const answers = (number: string) =>
      receiveMessage(h.ctx, {
        channel: 'sms',
        address: number,
        providerId: `sms-${nextWord()}`,
        sentAt: h.ctx.now().toISOString(),
        input: { kind: 'text', text: 'Recibido' },
      });
    const covered = async (id: string) =>
      (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item.quantities.covered;

    const number = nextMobile();
    const { id } = await send(number, true, { quantityRequired: '30', unit: 'bidones' });
    const [code] = await codesTo(h, number);
    assert.ok(code);
    await guess(id, code);
    await approveSubmission(h.ctx, id, 'leader-1');
    await pledgeAndReport(id);
    assert.match((await sentTo(h, number)).at(-1) ?? '', /responda RECIBIDO/);
    await answers(number);
    assert.equal(await covered(id), 5, 'confirmed from the proved number');

    // The same words from a number that never typed its code back settle nothing.
    const unproved = nextMobile();
    const other = await send(unproved, true, { quantityRequired: '30', unit: 'bidones' });
    await approveSubmission(h.ctx, other.id, 'leader-1');
    await pledgeAndReport(other.id);
    await answers(unproved);
    assert.equal(await covered(other.id), 0);
  });

  test('one number gets at most three codes a day, however often and from however many records they are asked for', async () => {
    const victim = nextMobile();
    const first = await send(victim, true);
    for (let i = 0; i < 10; i++) {
      // Each code spent by its clock, then a new one asked for: what a stranger would do to flood the number.
      h.clock.advanceHours(0.26);
      await askAgain(first.id);
    }
    assert.equal((await codesTo(h, victim)).length, 3);
    const refused = await askAgain(first.id);
    assert.equal(refused.statusCode, 429);
    assert.match(refused.body, /Este número ya recibió 3 códigos en las últimas 24 horas/);
    const second = await send(victim, true);
    assert.equal((await codesTo(h, victim)).length, 3, 'a new record with the same number sends nothing either');
    const receipt = await h.app.inject({ method: 'GET', url: `/recibido/${second.id}` });
    assert.match(receipt.body, /pida un código nuevo/);
    assert.equal((await sentTo(h, victim)).length, 3, 'and nothing else went to it');

    h.clock.advanceHours(24);
    assert.equal((await askAgain(second.id)).statusCode, 303);
    assert.equal((await codesTo(h, victim)).length, 4, 'a day later, one more');
  });

  test('sending the form, withdrawing it and sending it again does not get a fourth code to a stranger', async () => {
    const victim = nextMobile();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { id } = await send(victim, true);
      ids.push(id);
      const withdrawn = await post(h, '/retirar', {
        codigo: await leaderCodeFor(h.ctx, id),
        whatsapp: victim,
        confirmar: '1',
      });
      assert.ok([200, 303].includes(withdrawn.statusCode), withdrawn.body);
      const gone = await h.ctx.db
        .selectFrom('help_records')
        .select(['review_status', 'contact_whatsapp'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      assert.equal(gone.review_status, 'withdrawn', 'the record and its number are gone');
    }
    // Withdrawing takes the messages with the number, so the audit says which records had a code sent.
    const sent = await h.ctx.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'number_proof_sent')
      .where('target_id', 'in', ids)
      .execute();
    assert.equal(sent.length, 3, 'three codes, then nothing, though no record keeps the number');
    const kept = await h.ctx.db.selectFrom('login_attempts').select('key').execute();
    assert.ok(!kept.some((row) => row.key.includes(victim.slice(1))), 'the count keeps no number anyone can read');
  });

  test('asked for at once from several records, the codes to one number still stop at three', async () => {
    const number = nextMobile();
    const records = [];
    for (let i = 0; i < 4; i++) records.push((await send(number, i < 2)).id);
    assert.equal((await codesTo(h, number)).length, 2);
    h.clock.advanceHours(0.26);
    // The two unticked records asked for nothing: only the ticked ones may ask again.
    const answers = await Promise.all([...records, ...records].map((id) => askAgain(id)));
    for (const answer of answers) assert.ok([303, 429].includes(answer.statusCode), answer.body);
    assert.equal((await codesTo(h, number)).length, 3);
  });

  test('only from our own pages', async () => {
    const number = nextMobile();
    const { id } = await send(number, true);
    const [code] = await codesTo(h, number);
    assert.ok(code);
    const foreign: Record<string, string>[] = [
      { origin: 'https://otro-sitio.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      assert.equal((await guess(id, code, headers)).statusCode, 403);
      assert.equal((await post(h, `/recibido/${id}/avisos/nuevo`, {}, headers)).statusCode, 403);
    }
    assert.equal((await row(h, id)).number_proved_at, null);
    assert.equal((await codesTo(h, number)).length, 1);
  });

  test('the console says whether the number was proved: by writing, by code, or not at all', async () => {
    const { browser } = await leader(h, [SLUG]);
    const wrote = await submitHelp(
      h.ctx,
      helpSubmission.parse(
        requestBody({ source: 'sms', externalId: `sms-${nextWord()}`, contactWhatsapp: nextMobile() }),
      ),
      { arrivedBy: 'sms' },
    );
    const provedNumber = nextMobile();
    const proved = await send(provedNumber, true);
    const [code] = await codesTo(h, provedNumber);
    assert.ok(code);
    await guess(proved.id, code);
    const unproved = await send(nextMobile(), true);
    const expected: [string, RegExp][] = [
      [wrote.result.id, /Número comprobado \(escribió por SMS\)/],
      [proved.id, /Número comprobado con código \(SMS, [^)]+\)/],
      [unproved.id, /Número sin comprobar/],
    ];
    for (const [id, line] of expected) {
      const review = await browser.get(`/panel/e/${SLUG}/revisar/${id}`);
      assert.equal(review.statusCode, 200, review.body);
      assert.match(review.body, line);
      await approveSubmission(h.ctx, id, 'leader-1');
      const page = await browser.get(`/panel/e/${SLUG}/registros/${id}`);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, line);
    }
  });

  test('erasing the record takes the proof with the number: nothing is left that could text anyone', async () => {
    const number = nextMobile();
    const { id } = await send(number, true);
    const [code] = await codesTo(h, number);
    assert.ok(code);
    await guess(id, code);
    await approveSubmission(h.ctx, id, 'leader-1');
    await eraseRecord(h.ctx, id, 'test', 'La persona pidió borrar sus datos');
    const erased = await row(h, id);
    assert.equal(erased.contact_whatsapp, '');
    for (const column of ['proof_channel', 'proof_code_hash', 'proof_expires_at', 'number_proved_at'] as const) {
      assert.equal(erased[column], null, column);
    }
    const receipt = await h.app.inject({ method: 'GET', url: `/recibido/${id}` });
    assert.doesNotMatch(receipt.body, /Avisos en su número/);
  });
});

describe('proving a number by WhatsApp, through its notice template', () => {
  let h: Harness;
  let graph: ProviderStandIn;
  before(async () => {
    graph = await new ProviderStandIn().start();
    h = await setup({ ...WHATSAPP_ENV, WHATSAPP_API_URL: graph.url(), WHATSAPP_TEMPLATE_NOTICE: 'aviso_ayuda' });
    await addEmergency(h, SLUG);
  });
  after(async () => {
    await h.close();
    await graph.close();
  });

  test('the code goes as the template to a person who never wrote, and proves the number for WhatsApp notices', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/quiero-ayudar' });
    assert.match(page.body, /Llega por WhatsApp/);
    const number = nextMobile();
    const sent = await post(h, '/necesito-ayuda', requestFields(number, { avisos: 'si' }));
    const id = idFrom(sent.headers.location);
    await sendDueOutbound(h.ctx);
    const delivered = graph.to(number);
    assert.equal(delivered.length, 1);
    assert.equal(delivered[0]?.body.type, 'template');
    assert.equal(delivered[0]?.body.template.name, 'aviso_ayuda');
    const match = CODE_TEXT.exec(ProviderStandIn.text(delivered[0] as Sent));
    assert.ok(match);
    const receipt = await h.app.inject({ method: 'GET', url: `/recibido/${id}` });
    assert.match(receipt.body, /Escriba el código que le enviamos por WhatsApp/);
    const proved = await post(h, `/recibido/${id}/avisos`, { codigo: match[1] as string });
    assert.equal(proved.statusCode, 303);
    await approveSubmission(h.ctx, id, 'leader-1');
    await sendDueOutbound(h.ctx);
    const told = graph.to(number);
    assert.equal(told.length, 2);
    assert.match(ProviderStandIn.text(told[1] as Sent), /fue revisada y ya está publicada/);
  });
});
