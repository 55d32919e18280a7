// The console's side of WhatsApp: a leader answers the sender of a WhatsApp record from its page (inside the 24-hour
// window as written, outside it as the notice template or not at all), and chooses their own WhatsApp alerts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { sendDueOutbound } from '../src/commands/channels/send-outbound.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { insertInbound } from '../src/repositories/channels/channel-messages.ts';
import { insertConversation } from '../src/repositories/channels/conversations.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';
import { ProviderStandIn, WHATSAPP_ENV } from './helpers/message-providers.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
const NUMBER = '+573001234567';
const WHATSAPP = WHATSAPP_ENV;

let externalIds = 0;
/** A published request that came by WhatsApp, and (unless `open` is false) the person's conversation, just written. */
async function whatsappRecord(h: Harness, open = true): Promise<string> {
  externalIds++;
  const submission = helpSubmission.parse(
    requestBody({
      emergencySlug: SLUG,
      source: 'whatsapp',
      externalId: `wamid.${process.pid}.${externalIds}`,
      contactWhatsapp: NUMBER,
      publishContact: true,
    }),
  );
  // As the WhatsApp intake stores it: the channel that brought it.
  const { result } = await submitHelp(h.ctx, submission, { arrivedBy: 'whatsapp' });
  await approveSubmission(h.ctx, result.id, 'test');
  if (open) await wrote(h);
  return result.id;
}

/** The person wrote now: their conversation's last message is this instant. */
async function wrote(h: Harness): Promise<void> {
  const now = h.ctx.now().toISOString();
  const fresh = await insertConversation(h.ctx.db, {
    id: randomUUID(),
    channel: 'whatsapp',
    address: NUMBER,
    state: null,
    opened_by: null,
    withdraw_help_id: null,
    withdraw_asked_at: null,
    last_inbound_at: now,
    last_sent_at: now,
    created_at: now,
    updated_at: now,
  });
  if (!fresh) {
    await h.ctx.db
      .updateTable('conversations')
      .set({ last_inbound_at: now, updated_at: now })
      .where('channel', '=', 'whatsapp')
      .where('address', '=', NUMBER)
      .execute();
  }
}

async function leaderReplies(h: Harness, id: string) {
  return h.ctx.db
    .selectFrom('outbound_messages')
    .selectAll()
    .where('help_id', '=', id)
    .where('kind', '=', 'leader_reply')
    .execute();
}

const recordPath = (id: string, slug = SLUG) => `/panel/e/${slug}/registros/${id}`;

describe('answering a WhatsApp sender from the console', () => {
  let h: Harness;
  let graph: ProviderStandIn;
  before(async () => {
    graph = await new ProviderStandIn().start();
    h = await setup({ ...WHATSAPP, WHATSAPP_API_URL: graph.url() });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    await addEmergency(h, OTHER, 'Avalancha Salgar');
  });
  after(async () => {
    await h.close();
    await graph.close();
  });

  test('the conversation shows on a WhatsApp record only, with the window and the messages', async () => {
    const { browser } = await leader(h, [SLUG]);
    const web = await publish(h, requestBody({ emergencySlug: SLUG }));
    const webPage = await browser.get(recordPath(web));
    assert.equal(webPage.statusCode, 200);
    assert.doesNotMatch(webPage.body, /Conversación por/);
    assert.ok(!webPage.body.includes('/responder"'), 'no answer form on a web record');

    const id = await whatsappRecord(h);
    await insertInbound(h.ctx.db, {
      channel: 'whatsapp',
      provider_id: `wamid.in.${randomUUID()}`,
      address: NUMBER,
      kind: 'text',
      body: 'Necesitamos agua <urgente>',
      sent_at: '2026-05-10T11:00:00.000Z',
      received_at: '2026-05-10T11:00:01.000Z',
      help_id: id,
    });
    const page = await browser.get(recordPath(id));
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<h2>Conversación por WhatsApp<\/h2>/);
    assert.match(page.body, /Puede escribirle hasta el 11 de may/);
    assert.match(page.body, /Necesitamos agua &lt;urgente&gt;/, 'the message received, escaped');
    assert.match(page.body, /Recibido/);
    assert.match(page.body, /Enviado \(aviso\)/, 'the approval notice queued to the person');
    assert.ok(page.body.indexOf('Necesitamos agua') < page.body.indexOf('Enviado (aviso)'), 'oldest first');
    assert.match(page.body, new RegExp(`action="${recordPath(id)}/responder"`));
    assert.match(page.body, /<textarea id="text" name="text" rows="3" maxlength="1000" required/);
  });

  test('an answer is queued, audited and sent to the number as text', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await whatsappRecord(h);
    await browser.get(recordPath(id));
    const text = `Hola, vamos en camino ${randomUUID().slice(0, 6)}`;
    const res = await browser.post(`${recordPath(id)}/responder`, { text });
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, `${recordPath(id)}?hecho=respuesta#conversacion`);
    const queued = await leaderReplies(h, id);
    assert.equal(queued.length, 1);
    assert.equal(queued[0]?.status, 'pending');
    assert.equal(JSON.parse(queued[0]?.body ?? '{}').text, text);
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', id)
      .where('action', '=', 'channel_reply')
      .execute();
    assert.equal(audit.length, 1);

    const shown = await browser.get(`${recordPath(id)}?hecho=respuesta`);
    assert.match(shown.body, /Respuesta puesta en la cola de envío/);
    assert.match(shown.body, /en cola/);

    await sendDueOutbound(h.ctx);
    const sent = graph.carrying(text);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].to, '573001234567');
    assert.equal(sent[0].type, 'text');
    assert.equal((await leaderReplies(h, id))[0]?.status, 'sent');
    assert.match((await browser.get(recordPath(id))).body, /Enviado \(respuesta del equipo\)[\s\S]*enviado/);
  });

  test('a submission still in review can be asked what is missing, from its review page', async () => {
    const { browser } = await leader(h, [SLUG]);
    externalIds++;
    const submission = helpSubmission.parse(
      requestBody({
        emergencySlug: SLUG,
        source: 'whatsapp',
        externalId: `wamid.${process.pid}.review.${externalIds}`,
        contactWhatsapp: NUMBER,
        publishContact: true,
      }),
    );
    // As the WhatsApp intake stores it: the channel that brought it.
    const { result } = await submitHelp(h.ctx, submission, { arrivedBy: 'whatsapp' });
    await wrote(h);
    const reviewPath = `/panel/e/${SLUG}/revisar/${result.id}`;
    const page = await browser.get(reviewPath);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<h2>Conversación por WhatsApp<\/h2>/);
    const text = `¿En qué barrio exactamente? ${randomUUID().slice(0, 6)}`;
    const res = await browser.post(`${recordPath(result.id)}/responder`, { text });
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, `${reviewPath}?hecho=respuesta#conversacion`);
    await sendDueOutbound(h.ctx);
    assert.equal(graph.carrying(text).length, 1);
    const still = await h.ctx.db
      .selectFrom('help_records')
      .select('review_status')
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    assert.equal(still.review_status, 'pending_review', 'asking decides nothing');
  });

  test('refused: no CSRF token, a leader of another emergency, an empty answer', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await whatsappRecord(h);
    await browser.get(recordPath(id));
    const forged = await browser.post(`${recordPath(id)}/responder`, { text: 'Hola', _csrf: '' });
    assert.equal(forged.statusCode, 403);
    assert.match(forged.body, /El formulario caducó/);

    const outsider = await leader(h, [OTHER]);
    await outsider.browser.get('/panel');
    const denied = await outsider.browser.post(`${recordPath(id)}/responder`, { text: 'Hola' });
    assert.equal(denied.statusCode, 403);
    const elsewhere = await outsider.browser.post(`${recordPath(id, OTHER)}/responder`, { text: 'Hola' });
    assert.equal(elsewhere.statusCode, 404, 'the record is not in the emergency they lead');

    const empty = await browser.post(`${recordPath(id)}/responder`, { text: '   ' });
    assert.equal(empty.statusCode, 400);
    assert.match(empty.body, /id="text-error"/);
    assert.match(empty.body, /Conversación por WhatsApp/);
    assert.equal((await leaderReplies(h, id)).length, 0, 'nothing queued');
  });

  test('after 24 hours without a message and no template, the window is closed and nothing is queued', async () => {
    const id = await whatsappRecord(h);
    h.clock.advanceHours(25);
    // Signed in after the clock moved: a console session does not last a day.
    const { browser } = await leader(h, [SLUG]);
    try {
      const page = await browser.get(recordPath(id));
      assert.match(page.body, /Ventana de 24 horas cerrada y sin plantilla configurada/);
      assert.ok(!page.body.includes('/responder"'), 'no answer form while closed');
      const res = await browser.post(`${recordPath(id)}/responder`, { text: 'Hola de nuevo' });
      assert.equal(res.statusCode, 409);
      assert.match(res.body, /WhatsApp no permite enviarle un mensaje libre ahora/);
      assert.equal((await leaderReplies(h, id)).length, 0);
    } finally {
      await wrote(h);
    }
  });
});

describe('answering outside the window with the notice template', () => {
  let h: Harness;
  let graph: ProviderStandIn;
  before(async () => {
    graph = await new ProviderStandIn().start();
    h = await setup({ ...WHATSAPP, WHATSAPP_API_URL: graph.url(), WHATSAPP_TEMPLATE_NOTICE: 'aviso_ayuda' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
  });
  after(async () => {
    await h.close();
    await graph.close();
  });

  test('the closed window says the template, and the answer goes as it', async () => {
    const id = await whatsappRecord(h);
    h.clock.advanceHours(25);
    const { browser } = await leader(h, [SLUG]);
    const page = await browser.get(recordPath(id));
    assert.match(page.body, /Ventana de 24 horas cerrada: se enviará como plantilla «aviso_ayuda»/);
    const text = 'Mañana llega el camión con el agua.';
    const res = await browser.post(`${recordPath(id)}/responder`, { text });
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, `${recordPath(id)}?hecho=respuesta-plantilla#conversacion`);
    await sendDueOutbound(h.ctx);
    const sent = graph.carrying(text);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].type, 'template');
    assert.equal(sent[0].template.name, 'aviso_ayuda');
    assert.equal(sent[0].to, '573001234567');
  });
});

describe('a leader\u2019s WhatsApp alerts on "Mi cuenta"', () => {
  let h: Harness;
  before(async () => {
    h = await setup({ ...WHATSAPP, WHATSAPP_API_URL: 'http://127.0.0.1:9' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
  });
  after(() => h.close());

  const saved = (accountId: string) =>
    h.ctx.db.selectFrom('leader_alerts').selectAll().where('account_id', '=', accountId).executeTakeFirst();

  test('saved, shown back, refused with a bad number, removed when both are unchecked', async () => {
    const { browser, account } = await leader(h, [SLUG]);
    const page = await browser.get('/panel/cuenta');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<h2>Alertas por WhatsApp<\/h2>/);
    assert.match(page.body, /Ahora no recibe alertas por WhatsApp/);
    assert.match(page.body, /WHATSAPP_TEMPLATE_ALERT/);
    assert.match(page.body, /Solicitudes urgentes y pedidos de rescate, al llegar/);
    assert.match(page.body, /Resumen diario \(7:00\)/);

    const ok = await browser.post('/panel/cuenta/alertas', { whatsapp: '300 765 4321', urgent: 'si' });
    assert.equal(ok.statusCode, 303, ok.body);
    assert.equal(ok.headers.location, '/panel/cuenta?hecho=alertas#alertas');
    const row = await saved(account.id);
    assert.equal(row?.whatsapp, '+573007654321');
    assert.equal(row?.urgent, 1);
    assert.equal(row?.digest, 0);
    const back = await browser.get('/panel/cuenta?hecho=alertas');
    assert.match(back.body, /Alertas por WhatsApp guardadas/);
    assert.match(back.body, /Ahora recibe en \+57 300 765 4321: solicitudes urgentes y pedidos de rescate\./);
    assert.match(back.body, /name="urgent" value="si" checked/);
    assert.doesNotMatch(back.body, /name="digest" value="si" checked/);

    const bad = await browser.post('/panel/cuenta/alertas', { whatsapp: '12', urgent: 'si', digest: 'si' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /id="whatsapp-error"/);
    assert.match(bad.body, /value="12"/, 'what was typed is shown again');
    assert.equal((await saved(account.id))?.digest, 0, 'nothing changed');

    const forged = await browser.post('/panel/cuenta/alertas', { whatsapp: '3007654321', _csrf: 'otro' });
    assert.equal(forged.statusCode, 403);
    assert.ok(await saved(account.id), 'a forged form removes nothing');

    const removed = await browser.post('/panel/cuenta/alertas', { whatsapp: '+57 300 765 4321' });
    assert.equal(removed.statusCode, 303);
    assert.equal(removed.headers.location, '/panel/cuenta?hecho=alertas-quitadas#alertas');
    assert.equal(await saved(account.id), undefined);
  });
});

describe('alerts without WhatsApp configured', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
    await addEmergency(h, SLUG, 'Inundación Mocoa');
  });
  after(() => h.close());

  test('the section says so, with no form, and a post is not found', async () => {
    const { browser } = await leader(h, [SLUG]);
    const page = await browser.get('/panel/cuenta');
    assert.match(page.body, /WhatsApp no está configurado en este servicio/);
    assert.ok(!page.body.includes('action="/panel/cuenta/alertas"'));
    const res = await browser.post('/panel/cuenta/alertas', { whatsapp: '3007654321', urgent: 'si' });
    assert.equal(res.statusCode, 404);
  });
});
