// Consent comes from the person, not the model: publicar_solicitud and publicar_ofrecimiento send nothing until
// the person confirms what will be public: by elicitation (2025-11-25), by an input_required round (2026-07-28),
// or on the website through a link that opens the same draft. Driven by the SDK's client over real HTTP in both
// eras, and by raw requests where the answer reaches another instance or comes back tampered with.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { tokenHash } from '../src/auth/tokens.ts';
import { eraseByWhatsapp } from '../src/commands/personal-data/erase.ts';
import { exportPersonalData } from '../src/commands/personal-data/export.ts';
import { addEmergency, type Harness, requestBody, setup } from './helpers/harness.ts';
import {
  connect,
  ERAS,
  type Era,
  initialize,
  LOCAL_BASE_URL,
  listen,
  modernRequest,
  type PersonAnswer,
  rpc,
} from './helpers/mcp.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';
import { nextMobile } from './helpers/samples.ts';

let a: Harness;
let b: Harness;
let urlA = '';
let urlB = '';

before(async () => {
  a = await setup({ BASE_URL: LOCAL_BASE_URL });
  b = await setup({ BASE_URL: LOCAL_BASE_URL }, a);
  urlA = await listen(a);
  urlB = await listen(b);
  await addEmergency(a);
});
after(async () => {
  await b.close();
  await a.close();
});

/** Arguments of publicar_solicitud with a name and number no other test uses. */
function args(label: string) {
  const name = `Persona ${label} ${randomUUID().slice(0, 8)}`;
  const phone = nextMobile();
  const {
    type: _type,
    source: _source,
    ...fields
  } = requestBody({
    title: `Agua para ${label}`,
    contactName: name,
    contactWhatsapp: phone,
    municipalityCode: '86001',
    neighborhood: 'San Miguel',
  });
  return { fields, name, phone };
}

async function recordsNamed(name: string): Promise<number> {
  const rows = await a.ctx.db.selectFrom('help_records').select('id').where('contact_name', '=', name).execute();
  return rows.length;
}

async function draftCount(): Promise<number> {
  const row = await a.ctx.db
    .selectFrom('consent_drafts')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function errorOf(result: { content?: unknown; isError?: unknown }) {
  assert.equal(result.isError, true);
  return JSON.parse((result.content as { text: string }[])[0]?.text ?? '') as {
    code: string;
    details: { url?: string }[];
  };
}

async function publish(era: Era, answer: PersonAnswer, label: string) {
  const person = await connect(urlA, era, answer);
  const sent = args(label);
  const result = await person.client.callTool({ name: 'publicar_solicitud', arguments: sent.fields });
  await person.client.close();
  return { result, asked: person.asked, ...sent };
}

for (const era of ERAS) {
  describe(`consent in the ${era} era`, () => {
    test('the person is shown exactly what will be public, confirms, and only then is it sent', async () => {
      const before = await draftCount();
      const { result, asked, name, phone } = await publish(era, { action: 'accept', content: { confirm: true } }, era);
      assert.notEqual(result.isError, true, JSON.stringify(result));
      assert.equal((result.structuredContent as { reviewStatus: string }).reviewStatus, 'pending_review');
      assert.equal(await recordsNamed(name), 1);
      assert.equal(asked.length, 1);
      const message = asked[0]?.message ?? '';
      const place = 'San Miguel, Mocoa, Putumayo, un punto aproximado (unos 300 m)';
      for (const shown of [`Agua para ${era}`, name, phone, place]) {
        assert.ok(message.includes(shown), `${shown} in: ${message}`);
      }
      assert.match(message, /No se publica nunca: la dirección y el punto exacto ni el documento de identidad/);
      assert.deepEqual((asked[0]?.requestedSchema as { required?: string[] } | undefined)?.required, ['confirm']);
      assert.equal(await draftCount(), before, 'the draft is gone once sent');
    });

    test('a person who declines, cancels or leaves the box unticked sends nothing', async () => {
      const answers: PersonAnswer[] = [
        { action: 'decline' },
        { action: 'cancel' },
        { action: 'accept', content: { confirm: false } },
      ];
      for (const [i, answer] of answers.entries()) {
        const before = await draftCount();
        const { result, name } = await publish(era, answer, `${era}-no-${i}`);
        assert.equal(errorOf(result).code, 'consent_declined', JSON.stringify(answer));
        assert.equal(await recordsNamed(name), 0);
        assert.equal(await draftCount(), before, 'a refused draft is deleted at once');
      }
    });

    test('a client that cannot ask gets a link; the draft it opens is confirmed on the website', async () => {
      const { result, name, phone, fields } = await publish(era, 'cannot ask', `${era}-enlace`);
      const error = errorOf(result);
      assert.equal(error.code, 'consent_confirmation_required');
      const url = new URL(error.details[0]?.url ?? '');
      assert.equal(`${url.origin}${url.pathname}`, `${LOCAL_BASE_URL}/necesito-ayuda`);
      const token = url.searchParams.get('borrador') ?? '';
      const draftsBefore = await draftCount();
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      assert.ok(!error.details[0]?.url?.includes(encodeURIComponent(phone)) && !url.href.includes(phone.slice(1)));
      assert.equal(await recordsNamed(name), 0, 'nothing is sent before the person confirms');

      const page = await a.app.inject({ method: 'GET', url: `/necesito-ayuda?borrador=${token}` });
      assert.equal(page.statusCode, 200);
      assert.equal(page.headers['cache-control'], 'no-store');
      // Prefilled with the draft: what the assistant collected, for the person to check.
      for (const value of [name, phone, String(fields.address), 'San Miguel'])
        assert.ok(page.body.includes(value), value);
      assert.match(page.body, /Un asistente preparó este envío/);
      assert.match(page.body, new RegExp(`name="borrador" value="${token}"`));
      assert.doesNotMatch(page.body, /name="publishContact"[^>]*checked/, 'the consent box is the person’s to tick');
      // The same draft is not an offer.
      const wrongForm = await a.app.inject({ method: 'GET', url: `/quiero-ayudar?borrador=${token}` });
      assert.match(wrongForm.body, /Este enlace venció/);

      const form = new URLSearchParams();
      for (const [, field, value] of page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
        form.set(field ?? '', value ?? '');
      }
      // What the browser sends back: the prefilled fields, and the box the person ticked.
      form.set('title', `Agua para ${era}-enlace`);
      form.set('address', String(fields.address));
      form.set('category', String(fields.category));
      form.set('contactName', name);
      form.set('contactWhatsapp', phone);
      form.set('municipalityCode', '86001');
      form.set('publishContact', 'si');
      const sent = await a.app.inject({
        method: 'POST',
        url: '/necesito-ayuda',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: LOCAL_BASE_URL },
        payload: form.toString(),
      });
      assert.equal(sent.statusCode, 303, sent.body.match(/<div class="errors"[\s\S]*?<\/div>/)?.[0]);
      assert.equal(await recordsNamed(name), 1);
      assert.equal(await draftCount(), draftsBefore - 1, 'the draft went with the send');
      const again = await a.app.inject({ method: 'GET', url: `/necesito-ayuda?borrador=${token}` });
      assert.match(again.body, /Este enlace venció \(30 minutos\) o ya se usó/);
      assert.ok(!again.body.includes(name));
    });
  });
}

describe('the pending confirmation', () => {
  test('2025-11-25: the answer may reach another instance; the call waiting on the first one completes', async () => {
    const opened = await rawPost(urlA, {
      ...initialize,
      params: { ...initialize.params, capabilities: { elicitation: {} } },
    });
    const session = opened.headers['mcp-session-id'] as string;
    const { fields, name } = args('otra-instancia');
    const stream = openCall(urlA, session, rpc('tools/call', { name: 'publicar_solicitud', arguments: fields }, 7));
    const question = await stream.next();
    assert.equal(question.method, 'elicitation/create');
    assert.match(String(question.id), /^consentimiento-/);
    // A stranger's session cannot answer it.
    const stranger = await rawPost(urlB, initialize);
    const foreign = { jsonrpc: '2.0', id: question.id, result: { action: 'accept', content: { confirm: true } } };
    assert.equal((await rawPost(urlB, foreign, stranger.headers['mcp-session-id'] as string)).status, 202);
    assert.equal(await recordsNamed(name), 0);
    // The person's own answer, posted to the other instance.
    assert.equal((await rawPost(urlB, foreign, session)).status, 202);
    const result = await stream.next();
    assert.equal(result.id, 7);
    assert.equal(
      (result.result as { structuredContent: { reviewStatus: string } }).structuredContent.reviewStatus,
      'pending_review',
    );
    assert.equal(await recordsNamed(name), 1);
  });

  test('2026-07-28: a retry with a made-up or expired requestState sends nothing', async () => {
    const { fields, name } = args('estado-falso');
    const answer = { action: 'accept', content: { confirm: true } };
    const forged = modernRequest('tools/call', {
      name: 'publicar_solicitud',
      arguments: fields,
      inputResponses: { consent: answer },
      requestState: 'x'.repeat(43),
    });
    const res = await rawPost(urlA, forged.body, undefined, forged.headers);
    assert.equal(errorOf(res.body.result).code, 'consent_expired');
    // A real round, answered after the draft's 30 minutes.
    const capable = modernRequest('tools/call', { name: 'publicar_solicitud', arguments: fields });
    const envelope = (capable.body as { params: { _meta: Record<string, unknown> } }).params._meta;
    envelope['io.modelcontextprotocol/clientCapabilities'] = { elicitation: { form: {} } };
    const round = await rawPost(urlA, capable.body, undefined, capable.headers);
    const state = round.body.result.requestState as string;
    assert.equal(typeof state, 'string');
    assert.ok(round.body.result.inputRequests.consent, JSON.stringify(round.body.result));
    a.clock.advanceHours(0.6);
    const late = modernRequest('tools/call', {
      name: 'publicar_solicitud',
      arguments: fields,
      inputResponses: { consent: answer },
      requestState: state,
    });
    (late.body as { params: { _meta: Record<string, unknown> } }).params._meta[
      'io.modelcontextprotocol/clientCapabilities'
    ] = { elicitation: { form: {} } };
    const expired = await rawPost(urlA, late.body, undefined, late.headers);
    assert.equal(errorOf(expired.body.result).code, 'consent_expired');
    assert.equal(await recordsNamed(name), 0);
  });

  test('a 2025-era draft replayed in a 2026-07-28 call is an unknown draft there, and stays its session’s', async () => {
    const opened = await rawPost(urlA, {
      ...initialize,
      params: { ...initialize.params, capabilities: { elicitation: {} } },
    });
    const session = opened.headers['mcp-session-id'] as string;
    const { fields, name, phone } = args('otra-era');
    const stream = openCall(urlA, session, rpc('tools/call', { name: 'publicar_solicitud', arguments: fields }, 8));
    const question = await stream.next();
    const token = String(question.id).slice('consentimiento-'.length);
    const drafts = await draftCount();
    const replay = (inputResponses?: Record<string, unknown>) =>
      modernRequest('tools/call', {
        name: 'publicar_solicitud',
        arguments: fields,
        ...(inputResponses ? { inputResponses } : {}),
        requestState: token,
      });
    // Confirmed, declined, or asked again (which would show the draft): each the answer a made-up token gets.
    for (const inputResponses of [
      { consent: { action: 'accept', content: { confirm: true } } },
      { consent: { action: 'decline' } },
      undefined,
    ]) {
      const forged = replay(inputResponses);
      const res = await rawPost(urlB, forged.body, undefined, forged.headers);
      assert.equal(errorOf(res.body.result).code, 'consent_expired', JSON.stringify(res.body));
      const text = JSON.stringify(res.body);
      assert.ok(!text.includes(name) && !text.includes(phone), text);
    }
    assert.equal(await recordsNamed(name), 0, 'nothing sent by the replay');
    assert.equal(await draftCount(), drafts, 'nor the draft dropped');
    // The session that was asked still settles it.
    const own = { jsonrpc: '2.0', id: question.id, result: { action: 'accept', content: { confirm: true } } };
    assert.equal((await rawPost(urlB, own, session)).status, 202);
    assert.equal((await stream.next()).id, 8);
    assert.equal(await recordsNamed(name), 1);
  });

  test('a 2026-07-28 round is answered only by a 2026-07-28 retry, not by a 2025-era session', async () => {
    const { fields, name } = args('ronda-ajena');
    const capable = modernRequest('tools/call', { name: 'publicar_solicitud', arguments: fields });
    const envelope = (capable.body as { params: { _meta: Record<string, unknown> } }).params._meta;
    envelope['io.modelcontextprotocol/clientCapabilities'] = { elicitation: { form: {} } };
    const round = await rawPost(urlA, capable.body, undefined, capable.headers);
    const state = round.body.result.requestState as string;
    // A 2025-era session answers the round as if it had been asked: nothing is recorded on the draft.
    const stranger = await rawPost(urlB, initialize);
    const foreign = {
      jsonrpc: '2.0',
      id: `consentimiento-${state}`,
      result: { action: 'accept', content: { confirm: true } },
    };
    assert.equal((await rawPost(urlB, foreign, stranger.headers['mcp-session-id'] as string)).status, 202);
    const draft = await a.ctx.db
      .selectFrom('consent_drafts')
      .select(['answer', 'era', 'session_id'])
      .where('token_hash', '=', tokenHash(state))
      .executeTakeFirstOrThrow();
    assert.deepEqual(draft, { answer: null, era: '2026-07-28', session_id: null });
    assert.equal(await recordsNamed(name), 0);
    // The retry of the client that was asked sends it.
    const retry = modernRequest('tools/call', {
      name: 'publicar_solicitud',
      arguments: fields,
      inputResponses: { consent: { action: 'accept', content: { confirm: true } } },
      requestState: state,
    });
    const sent = await rawPost(urlB, retry.body, undefined, retry.headers);
    assert.equal(sent.body.result.structuredContent?.reviewStatus, 'pending_review', JSON.stringify(sent.body));
    assert.equal(await recordsNamed(name), 1);
  });

  test('a link from a 2025-era session opens on the website but settles nothing in a 2026-07-28 call', async () => {
    const { result, name } = await publish('legacy', 'cannot ask', 'enlace-otra-era');
    const token = new URL(errorOf(result).details[0]?.url ?? '').searchParams.get('borrador') ?? '';
    const forged = modernRequest('tools/call', {
      name: 'publicar_solicitud',
      arguments: {},
      inputResponses: { consent: { action: 'accept', content: { confirm: true } } },
      requestState: token,
    });
    assert.equal(
      errorOf((await rawPost(urlA, forged.body, undefined, forged.headers)).body.result).code,
      'consent_expired',
    );
    assert.equal(await recordsNamed(name), 0);
    const page = await a.app.inject({ method: 'GET', url: `/necesito-ayuda?borrador=${token}` });
    assert.ok(page.body.includes(name), 'the person still finds the draft behind the link');
  });

  test('a waiting draft is personal data: listed by number, erased with it, never public', async () => {
    const { result, name, phone } = await publish('modern', 'cannot ask', 'derechos');
    assert.equal(errorOf(result).code, 'consent_confirmation_required');
    const known = await exportPersonalData(a.ctx, phone);
    const item = known.items.find((i) => i.table === 'consent_drafts');
    assert.equal(item?.fields.WhatsApp, phone);
    assert.ok(String(item?.fields['Envío preparado']).includes(name));
    assert.deepEqual(leaks(await crawlPublic(a), [name, phone, phone.slice(1)]), []);
    await eraseByWhatsapp(a.ctx, phone, 'test', 'prueba');
    assert.equal((await exportPersonalData(a.ctx, phone)).items.length, 0);
  });
});

interface Message {
  id?: unknown;
  method?: string;
  result?: unknown;
}

/** One POST /mcp; `session` adds the 2025-11-25 headers. */
async function rawPost(url: string, body: unknown, session?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const data = text.split('\n').find((line) => line.startsWith('data:'));
  const parsed = text === '' ? null : JSON.parse(data ? data.slice(5) : text);
  return { status: res.status, headers: Object.fromEntries(res.headers), body: parsed };
}

/** A POST answered as an event stream, read message by message while it stays open. */
function openCall(url: string, session: string, body: unknown) {
  const queue: Message[] = [];
  const waiting: ((m: Message) => void)[] = [];
  let buffer = '';
  const req = httpRequest(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': session,
      'mcp-protocol-version': '2025-11-25',
    },
  });
  req.on('response', (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event.split('\n').find((line) => line.startsWith('data:'));
        if (!data || data.length <= 5) continue;
        const message = JSON.parse(data.slice(5)) as Message;
        const next = waiting.shift();
        if (next) next(message);
        else queue.push(message);
      }
    });
  });
  req.end(JSON.stringify(body));
  return {
    next: () =>
      new Promise<Message>((resolve) => {
        const queued = queue.shift();
        if (queued) resolve(queued);
        else waiting.push(resolve);
      }),
  };
}
