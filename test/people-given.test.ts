// Nothing published that nobody said: SPEC 2.3 stores 1 person when a submission leaves neededPeople out, and the
// API keeps that 1 with quantities.peopleGiven false; the pages, their twins, the HXL export and the MCP tools show
// no people count then. A WhatsApp or SMS conversation never asks it. Migration 031 marks the records stored before.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { sendDueOutbound } from '../src/commands/channels/send-outbound.ts';
import { migrateDownTo, migrateToLatest, migrationNames } from '../src/db/migrate.ts';
import { callTool, tools } from '../src/mcp/tools.ts';
import { leader } from './helpers/console.ts';
import { play } from './helpers/conversation-harness.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup, submit } from './helpers/harness.ts';
import { ProviderStandIn } from './helpers/message-providers.ts';
import { nextMobile } from './helpers/samples.ts';
import { SMS_GATEWAY_SECRET, smsGatewayRequest, WHOLE_SMS_REQUEST } from './helpers/sms-gateway.ts';

const SLUG = 'inundacion-mocoa';
const PEOPLE = /Personas afectadas|People affected/;
let h: Harness;
let gateway: ProviderStandIn;

before(async () => {
  gateway = await new ProviderStandIn().start();
  h = await setup({ SMS_SECRET: SMS_GATEWAY_SECRET, SMS_SEND_URL: gateway.url('/message') });
  await addEmergency(h, SLUG);
});
after(async () => {
  await h.close();
  await gateway.close();
});

/** One SMS from `phone` through the signed intake, and the replies sent out. */
async function sms(phone: string, message: string): Promise<void> {
  const response = await h.request(smsGatewayRequest(phone, message, h.ctx.now()));
  assert.equal(response.statusCode, 200, response.body);
  await sendDueOutbound(h.ctx);
}

const CONVERSATION = WHOLE_SMS_REQUEST;

async function page(url: string): Promise<string> {
  const response = await h.app.inject({ method: 'GET', url });
  assert.equal(response.statusCode, 200, url);
  return response.body;
}

/** The record's quantities as the API gives them (view=detail). */
async function apiQuantities(
  id: string,
): Promise<{ people: number | null; peopleGiven: boolean; required: number | null }> {
  const answer = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.item.quantities;
}

/** What an assistant reads through ver_ayuda and buscar_ayudas for this record. */
async function forAssistants(id: string, title: string) {
  const tool = (name: string) => tools.find((t) => t.name === name) ?? assert.fail(name);
  const fail = (err: unknown) => assert.fail(String(err));
  const detail = await callTool(tool('ver_ayuda'), h.ctx, { id }, fail);
  const found = await callTool(tool('buscar_ayudas'), h.ctx, { emergencySlug: SLUG, q: title }, fail);
  type Item = { id: string; quantities: { people: number | null; peopleGiven: boolean } };
  const item = (detail.structuredContent as { item: Item }).item;
  const listed = (found.structuredContent as { items: Item[] }).items.find((i) => i.id === id);
  assert.ok(listed, 'buscar_ayudas finds it');
  return {
    quantities: [item.quantities, listed.quantities],
    text: `${detail.content[0]?.text}\n${found.content[0]?.text}`,
  };
}

/** The record's row of the HXL JSON export. */
async function hxlRow(title: string): Promise<Record<string, unknown>> {
  const rows = (await h.json({ method: 'GET', url: `/api/public/v1/export.json?emergencySlug=${SLUG}` }))
    .body as Record<string, unknown>[];
  return rows.find((row) => row['#item+name'] === title || Object.values(row).includes(title)) ?? assert.fail(title);
}

test('the conversation never asks how many people, and its summary says no number', () => {
  const played = play(CONVERSATION.slice(0, 9));
  assert.match(played.said, /Luz Dary Gómez/, 'the summary is the last reply');
  assert.doesNotMatch(played.said, /[Pp]ersonas afectadas|cu[aá]ntas personas/);
  for (const turn of played.turns) {
    for (const reply of turn.replies) assert.doesNotMatch(reply.text, /cu[aá]ntas personas/i);
  }
});

test('a request by SMS never gave people: no count on the page, its twin, the list, MCP or HXL; the API says false', async () => {
  const phone = nextMobile().replace('+57', '');
  for (const message of CONVERSATION) await sms(phone, message);
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select(['id', 'people', 'people_given', 'title'])
    .where('source', '=', 'sms')
    .where('contact_whatsapp', '=', `+57${phone}`)
    .executeTakeFirstOrThrow();
  assert.deepEqual([row.people, row.people_given], [1, 0], 'stored as SPEC 2.3 says, marked not given');
  await approveSubmission(h.ctx, row.id, 'test');

  const api = await apiQuantities(row.id);
  assert.equal(api.people, 1, 'the API keeps the default');
  assert.equal(api.peopleGiven, false);
  assert.equal(api.required, 20, 'what the person said is there');

  const html = await page(`/ayudas/${row.id}`);
  assert.match(html, /Bidones de agua potable/);
  assert.doesNotMatch(html, PEOPLE);
  const twin = await page(`/ayudas/${row.id}.md`);
  assert.match(twin, /Bidones de agua potable/);
  assert.doesNotMatch(twin, PEOPLE);
  for (const url of [`/emergencias/${SLUG}`, `/emergencias/${SLUG}.md`]) {
    const list = await page(url);
    assert.match(list, /Bidones de agua potable/, `${url} lists it`);
    assert.doesNotMatch(list, PEOPLE, url);
  }

  const assistant = await forAssistants(row.id, row.title);
  for (const q of assistant.quantities) assert.deepEqual([q.people, q.peopleGiven], [null, false], 'no number');
  assert.doesNotMatch(assistant.text, /"people":1/);
  assert.equal((await hxlRow(row.title))['#affected+num'], null, 'the HXL export leaves the cell empty');
});

test('an API submission with neededPeople says true and shows it; one without says false', async () => {
  const given = await publish(
    h,
    requestBody({ emergencySlug: SLUG, title: 'Mercados para el albergue', neededPeople: 37 }),
  );
  const api = await apiQuantities(given);
  assert.deepEqual([api.people, api.peopleGiven], [37, true]);
  for (const url of [`/ayudas/${given}`, `/ayudas/${given}.md`]) {
    assert.match(await page(url), /Personas afectadas[^0-9]{0,80}37/, url);
  }
  const assistant = await forAssistants(given, 'Mercados para el albergue');
  for (const q of assistant.quantities) assert.deepEqual([q.people, q.peopleGiven], [37, true]);
  assert.equal((await hxlRow('Mercados para el albergue'))['#affected+num'], 37);

  const omitted = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Colchonetas para la escuela' }));
  const silent = await apiQuantities(omitted);
  assert.deepEqual([silent.people, silent.peopleGiven], [1, false]);
  assert.doesNotMatch(await page(`/ayudas/${omitted}`), PEOPLE);
});

test('a revision that gives the number sets it; resending the same body is still no revision', async () => {
  const body = requestBody({ emergencySlug: SLUG, title: 'Tejas para techos' });
  const id = await publish(h, body);
  // The same content again, before and after the column existed, is recognised: nothing to review.
  const again = await h.json({ method: 'POST', url: HELP, payload: body });
  assert.equal(again.status, 202);
  assert.equal(again.body.id, id);
  assert.equal(
    (
      await h.ctx.db
        .selectFrom('help_records')
        .select('pending_revision')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).pending_revision,
    null,
  );

  await submit(h, { ...body, neededPeople: 12 });
  await approveSubmission(h.ctx, id, 'test');
  const api = await apiQuantities(id);
  assert.deepEqual([api.people, api.peopleGiven], [12, true]);
  assert.match(await page(`/ayudas/${id}`), /Personas afectadas/);
});

test('a leader sees that nobody gave the number; correcting the rest does not publish it, typing one does', async () => {
  const { browser } = await leader(h, [SLUG]);
  const correct = async (title: string, neededPeople: string) => {
    const id = await submit(h, requestBody({ emergencySlug: SLUG, title }));
    const review = `/panel/e/${SLUG}/revisar/${id}`;
    const form = (await browser.get(review)).body;
    assert.match(form, /No lo dijo \(no se publica\)/, 'the content says it was not given');
    assert.match(form, /<input[^>]*name="neededPeople"[^>]*value=""/, 'the correction form leaves it blank');
    const version = /name="version" value="(\d+)"/.exec(form)?.[1] ?? '';
    const fields = { category: 'agua', contactName: 'María Rojas', contactWhatsapp: '+573001234567' };
    const res = await browser.post(`${review}/corregir`, {
      ...fields,
      title,
      urgency: 'needed',
      address: 'Calle 8 # 5-21',
      latitude: '1.1478',
      longitude: '-76.6476',
      neededPeople,
      version,
    });
    assert.equal(res.statusCode, 303, res.body);
    return apiQuantities(id);
  };
  const untouched = await correct('Linternas para la vereda', '');
  assert.deepEqual([untouched.people, untouched.peopleGiven], [1, false]);
  const typed = await correct('Pilas para la vereda', '1');
  assert.deepEqual([typed.people, typed.peopleGiven], [1, true], 'a 1 the team typed was said');
});

test('migration 031: requests the conversations brought get false; the others keep what they showed', async () => {
  const offer = await publish(h, {
    ...requestBody({ emergencySlug: SLUG }),
    type: 'offer',
    title: 'Camioneta disponible',
    category: 'transporte',
    address: undefined,
    neighborhood: undefined,
    urgency: undefined,
  });
  const byId = async () =>
    new Map(
      (
        await h.ctx.db.selectFrom('help_records').select(['id', 'source', 'people', 'people_given', 'type']).execute()
      ).map((r) => [r.id, r]),
    );
  const before = await byId();
  await migrateDownTo(h.ctx.db as never, h.ctx.dialect, '030-second-factor');
  // A record stored before the service kept arrived_by: its reserved source alone says a conversation brought it.
  const smsRecord = [...before.values()].find((r) => r.source === 'sms') ?? assert.fail('the SMS record');
  await sql`update help_records set arrived_by = null where id = ${smsRecord.id}`.execute(h.ctx.db);
  const names = migrationNames(h.ctx.dialect);
  assert.deepEqual(
    await migrateToLatest(h.ctx.db as never, h.ctx.dialect),
    names.slice(names.indexOf('031-people-given')),
  );
  const afterMigration = await byId();
  for (const [id, was] of before) {
    const now = afterMigration.get(id) ?? assert.fail(id);
    const expected = was.type === 'request' && was.source !== 'sms' ? 1 : 0;
    assert.equal(now.people_given, expected, `${was.source} ${was.type} ${id}`);
    assert.equal(now.people, was.people, 'the count itself is untouched');
  }
  assert.equal(afterMigration.get(offer)?.people_given, 0, 'an offer has no people count');
  assert.equal(afterMigration.get(smsRecord.id)?.people_given, 0);
  assert.ok(
    [...afterMigration.values()].some((r) => r.type === 'request' && r.people_given === 1 && r.people === 1),
    'an API request that left the number out is indistinguishable from a typed 1, and keeps showing it',
  );
});
