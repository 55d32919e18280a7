// Anyone reports a published record (API, website without JavaScript, MCP); reports reach only the emergency's
// leaders, ranked by distinct reporters; a repeat by one address is accepted but counted once; nothing is hidden.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { reporterHash } from '../src/commands/report-record.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup, submit } from './helpers/harness.ts';
import { connect, LOCAL_BASE_URL, listen } from './helpers/mcp.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'sismo-pasto';
let h: Harness;

const reportUrl = (id: string) => `${HELP}/${id}/reports`;
const report = (id: string, payload: unknown, remoteAddress = '10.1.0.1') =>
  h.json({ method: 'POST', url: reportUrl(id), payload: payload as Record<string, unknown>, remoteAddress });

async function reportsOf(id: string) {
  return h.ctx.db.selectFrom('reports').selectAll().where('help_id', '=', id).orderBy('created_at').execute();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The detail once the caches have heard of every earlier write (PostgreSQL tells them by notification). */
async function settledDetail(id: string) {
  let last = await h.request({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
  for (let i = 0; i < 20; i++) {
    await pause(150);
    const next = await h.request({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
    if (next.headers.etag === last.headers.etag) return next;
    last = next;
  }
  throw new Error('the detail never settled');
}

before(async () => {
  h = await setup({ BASE_URL: LOCAL_BASE_URL });
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Sismo Pasto');
});
after(() => h.close());

describe('the API', () => {
  test('a published record is reported: 202 with a short thanks, stored for its emergency without the address', async () => {
    const id = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Mercado para familia con Nequi' }));
    const before = await settledDetail(id);
    const res = await report(id, { reason: 'scam', note: 'Pide consignar a un Nequi de otra persona.' }, '10.1.0.9');
    assert.equal(res.status, 202);
    assert.deepEqual(res.body, { ok: true, message: 'Gracias: el equipo de la emergencia revisará este registro.' });
    assert.equal(res.headers['access-control-allow-origin'], '*');
    const [row] = await reportsOf(id);
    assert.ok(row);
    assert.equal(row.reason, 'scam');
    assert.equal(row.note, 'Pide consignar a un Nequi de otra persona.');
    assert.equal(row.resolved_at, null);
    const emergency = await h.ctx.db
      .selectFrom('emergencies')
      .select('id')
      .where('slug', '=', SLUG)
      .executeTakeFirstOrThrow();
    assert.equal(row.emergency_id, emergency.id);
    assert.equal(row.reporter_hash, reporterHash(id, '10.1.0.9'));
    assert.ok(!JSON.stringify(row).includes('10.1.0.9'), 'the address itself is not kept');
    // A report changes no public output, so not even the detail's ETag moves (time for a change notice to land).
    await pause(300);
    const afterwards = await h.request({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
    assert.equal(afterwards.headers.etag, before.headers.etag);
    assert.equal(afterwards.body, before.body);
  });

  test('an unknown, malformed, pending or rejected id is 404 help_not_found, as in the detail', async () => {
    const pending = await submit(h, requestBody({ emergencySlug: SLUG }));
    const rejected = await submit(h, requestBody({ emergencySlug: SLUG }));
    await rejectSubmission(h.ctx, rejected, 'test', 'duplicado');
    for (const id of ['6f1c2d3e-0000-4000-8000-000000000000', 'no-es-un-id', pending, rejected]) {
      const res = await report(id, { reason: 'scam' });
      assert.equal(res.status, 404, id);
      assert.equal(res.body.code, 'help_not_found');
      const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
      assert.equal(detail.status, 404, `the detail agrees for ${id}`);
    }
    assert.equal((await reportsOf(pending)).length, 0);
  });

  test('a bad body is 400 validation_failed naming each field; 415 and 413 as the rest of the API', async () => {
    const id = await publish(h, requestBody({ emergencySlug: SLUG }));
    const cases: [unknown, string, string][] = [
      [{ reason: 'spam' }, 'reason', 'invalid_value'],
      [{}, 'reason', 'required'],
      [{ reason: 'scam', note: 'x'.repeat(501) }, 'note', 'too_big'],
      [{ reason: 'scam', note: 'dos\npárrafos' }, 'note', 'invalid_characters'],
      [{ reason: 'scam', phone: '+573001112233' }, 'phone', 'unknown_field'],
    ];
    for (const [payload, field, code] of cases) {
      const res = await report(id, payload);
      assert.equal(res.status, 400, JSON.stringify(payload));
      assert.equal(res.body.code, 'validation_failed');
      assert.ok(
        res.body.details.some((d: { field: string; code: string }) => d.field === field && d.code === code),
        JSON.stringify(res.body.details),
      );
    }
    assert.equal((await report(id, { reason: 'other', note: 'x'.repeat(500) })).status, 202, '500 characters fit');
    const plain = await h.json({
      method: 'POST',
      url: reportUrl(id),
      payload: 'reason=scam',
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(plain.status, 415);
    assert.equal(plain.body.code, 'unsupported_media_type');
    const big = await report(id, { reason: 'scam', note: 'x'.repeat(h.config.bodyLimitBytes) });
    assert.equal(big.status, 413);
    assert.equal(big.body.code, 'payload_too_large');
    const preflight = await h.request({
      method: 'OPTIONS',
      url: reportUrl(id),
      headers: { origin: 'https://otra-app.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.equal((await reportsOf(id)).length, 1, 'only the valid report was stored');
  });

  test('a repeat by the same address is accepted (202) but stored once; IPv6 counts per /64', async () => {
    const id = await publish(h, requestBody({ emergencySlug: SLUG }));
    for (let i = 0; i < 3; i++) assert.equal((await report(id, { reason: 'scam' }, '10.1.0.2')).status, 202);
    assert.equal((await report(id, { reason: 'scam', note: 'otra vez' }, '10.1.0.2')).status, 202);
    assert.equal((await reportsOf(id)).length, 1);
    // Another reason from the same address is another report, still one reporter.
    assert.equal((await report(id, { reason: 'wrong_data' }, '10.1.0.2')).status, 202);
    assert.equal((await report(id, { reason: 'scam' }, '2001:db8:5:6::1')).status, 202);
    assert.equal((await report(id, { reason: 'scam' }, '2001:db8:5:6::99')).status, 202);
    const rows = await reportsOf(id);
    assert.equal(rows.length, 3);
    assert.equal(new Set(rows.map((r) => r.reporter_hash)).size, 2);
    // Sent at once (a double tap, a retrying client): still one report.
    const burst = await Promise.all(Array.from({ length: 6 }, () => report(id, { reason: 'resolved' }, '10.1.0.3')));
    assert.ok(burst.every((res) => res.status === 202));
    assert.equal((await reportsOf(id)).filter((r) => r.reason === 'resolved').length, 1);
  });
});

describe('rate limits', () => {
  let limited: Harness;
  before(async () => {
    // A second instance on the same database, with a low limit (PostgreSQL tests have one database per run).
    limited = await setup({ RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '3' }, h);
  });
  after(() => limited.close());

  test('reports count as submissions: the 4th in a minute from one address is 429; another address goes on', async () => {
    const id = await publish(limited, requestBody({ emergencySlug: SLUG }));
    const send = (ip: string, reason: string) =>
      limited.json({ method: 'POST', url: reportUrl(id), payload: { reason }, remoteAddress: ip });
    for (const reason of ['scam', 'resolved', 'scam']) assert.equal((await send('10.2.0.1', reason)).status, 202);
    const refused = await send('10.2.0.1', 'other');
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await send('10.2.0.2', 'other')).status, 202);
    const rows = await limited.ctx.db.selectFrom('reports').select('reason').where('help_id', '=', id).execute();
    assert.deepEqual(rows.map((r) => r.reason).sort(), ['other', 'resolved', 'scam']);
  });
});

describe('the website, without JavaScript', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'POST',
      url,
      payload: form(fields),
      remoteAddress: '10.3.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  const get = (url: string) => h.app.inject({ method: 'GET', url });

  test('every record page links to a form with the four reasons in Spanish; sending it thanks and stores it', async () => {
    const id = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Donaciones por Nequi' }));
    const page = await get(`/ayudas/${id}`);
    assert.match(page.body, new RegExp(`<a href="/ayudas/${id}/reportar">Reportar este registro</a>`));
    assert.match(
      (await get(`/ayudas/${id}.md`)).body,
      new RegExp(`\\[Reportar este registro\\]\\(.*/ayudas/${id}/reportar\\.md\\)`),
    );
    const formPage = await get(`/ayudas/${id}/reportar`);
    assert.equal(formPage.statusCode, 200);
    assert.match(formPage.body, new RegExp(`<form class="envio" method="post" action="/ayudas/${id}/reportar">`));
    for (const [value, label] of [
      ['scam', 'Parece una estafa'],
      ['resolved', 'Ya se resolvió'],
      ['wrong_data', 'Datos equivocados'],
      ['other', 'Otro motivo'],
    ]) {
      assert.match(formPage.body, new RegExp(`name="reason" value="${value}"> ${label}</label>`));
    }
    assert.match(formPage.body, /Donaciones por Nequi/);
    assert.ok(!/<script/i.test(formPage.body), 'no script needed');
    const sent = await post(`/ayudas/${id}/reportar`, {
      reason: 'scam',
      note: 'Piden plata a un Nequi.\r\nNo es de la familia.',
    });
    assert.equal(sent.statusCode, 303);
    assert.equal(sent.headers.location, `/ayudas/${id}/reporte-enviado`);
    const thanks = await get(String(sent.headers.location));
    assert.equal(thanks.statusCode, 200);
    assert.match(thanks.body, /Gracias: el equipo de la emergencia revisará este registro\./);
    const [row] = await reportsOf(id);
    assert.equal(row?.reason, 'scam');
    assert.equal(row?.note, 'Piden plata a un Nequi. No es de la familia.', 'line breaks become one paragraph');
    assert.equal(row?.reporter_hash, reporterHash(id, '10.3.0.1'));
    // English keeps its language through the redirect.
    const english = await post(`/ayudas/${id}/reportar?lang=en`, { reason: 'resolved' });
    assert.equal(english.headers.location, `/ayudas/${id}/reporte-enviado?lang=en`);
    assert.match((await get(String(english.headers.location))).body, /Thank you: the emergency team will review/);
  });

  test('a form without a reason comes back (400) with what was typed; another site is refused; unknown is 404', async () => {
    const id = await publish(h, requestBody({ emergencySlug: SLUG }));
    const missing = await post(`/ayudas/${id}/reportar`, { note: 'Sin motivo elegido' });
    assert.equal(missing.statusCode, 400);
    assert.match(missing.body, /Elija un motivo\./);
    assert.match(missing.body, />Sin motivo elegido<\/textarea>/);
    const long = await post(`/ayudas/${id}/reportar`, { reason: 'other', note: 'x'.repeat(501) });
    assert.equal(long.statusCode, 400);
    assert.match(long.body, /como máximo 500 caracteres/);
    const foreign = await post(`/ayudas/${id}/reportar`, { reason: 'scam' }, { origin: 'https://evil.example' });
    assert.equal(foreign.statusCode, 403);
    const ours = await post(`/ayudas/${id}/reportar`, { reason: 'scam' }, { origin: LOCAL_BASE_URL });
    assert.equal(ours.statusCode, 303);
    assert.equal((await reportsOf(id)).length, 1);
    const pending = await submit(h, requestBody({ emergencySlug: SLUG }));
    assert.equal((await get(`/ayudas/${pending}/reportar`)).statusCode, 404);
    assert.equal((await get(`/ayudas/${pending}/reporte-enviado`)).statusCode, 404);
    assert.equal((await post(`/ayudas/${pending}/reportar`, { reason: 'scam' })).statusCode, 404);
    assert.equal((await reportsOf(pending)).length, 0);
  });

  test('the report page has a Markdown twin with the same report through the API', async () => {
    const id = await publish(h, requestBody({ emergencySlug: SLUG }));
    const twin = await get(`/ayudas/${id}/reportar.md`);
    assert.equal(twin.statusCode, 200);
    assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.ok(twin.body.includes(`curl -X POST '${LOCAL_BASE_URL}/api/public/v1/help/${id}/reports'`));
    for (const reason of ['scam', 'resolved', 'wrong_data', 'other']) assert.ok(twin.body.includes(`\`${reason}\``));
    assert.ok(twin.body.includes('reportar_registro'));
    const accept = await h.app.inject({
      method: 'GET',
      url: `/ayudas/${id}/reportar`,
      headers: { accept: 'text/markdown' },
    });
    assert.equal(accept.body, twin.body);
    assert.equal((await get(`/ayudas/${id}/reporte-enviado.md`)).statusCode, 200);
  });
});

describe("the leaders' console", () => {
  test('Reportes ranks records by distinct reporters, shows reasons and notes, and counts open reports', async () => {
    const many = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Uno reporta mucho' }));
    const several = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Varios reportan' }));
    const recent = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Reporte reciente' }));
    const elsewhere = await publish(h, requestBody({ emergencySlug: OTHER, title: 'Otra emergencia' }));
    // One address, three reasons and repeats: three reports, one reporter.
    for (const reason of ['scam', 'wrong_data', 'other', 'scam', 'scam'])
      await report(many, { reason, note: `nota ${reason}` }, '10.4.0.1');
    // Two different addresses: two reports, two reporters.
    await report(several, { reason: 'scam', note: 'Número de Nequi falso' }, '10.4.0.2');
    await report(several, { reason: 'scam' }, '10.4.0.3');
    await report(recent, { reason: 'resolved' }, '10.4.0.4');
    await report(elsewhere, { reason: 'scam', note: 'de la otra emergencia' }, '10.4.0.5');

    const { browser } = await leader(h, [SLUG]);
    const page = await browser.get(`/panel/e/${SLUG}/reportes`);
    assert.equal(page.statusCode, 200);
    const order = [...page.body.matchAll(/<h2><a href="\/panel\/e\/[^/]+\/registros\/([^"]+)">/g)].map((m) => m[1]);
    const ours = order.filter((id) => [many, several, recent].includes(id as string));
    assert.deepEqual(ours, [several, recent, many], 'distinct reporters first, then the newest');
    assert.ok(!order.includes(elsewhere), "another emergency's reports are not listed");
    assert.ok(!page.body.includes('de la otra emergencia'));
    const card = (id: string) => page.body.split('<li class="card">').find((c) => c.includes(id)) ?? '';
    assert.match(card(several), /2 personas distintas/);
    assert.match(card(several), /Parece una estafa: 2/);
    assert.match(card(several), /«Número de Nequi falso»/);
    assert.match(card(many), /1 persona distinta/);
    assert.match(card(many), /3 reportes abiertos/);
    assert.match(card(many), /Parece una estafa: 1 · Datos equivocados: 1 · Otro motivo: 1/);
    const open = Number(/Reportes \((\d+)\)/.exec(page.body)?.[1]);
    const rows = await h.ctx.db
      .selectFrom('reports as r')
      .innerJoin('emergencies as e', 'e.id', 'r.emergency_id')
      .select('r.id')
      .where('e.slug', '=', SLUG)
      .where('r.resolved_at', 'is', null)
      .execute();
    assert.equal(open, rows.length, 'the navigation counts the open reports');
    const records = await browser.get(`/panel/e/${SLUG}/registros`);
    assert.match(records.body, new RegExp(`Reportes \\(${open}\\)`), 'the records list shows the count too');
    const home = await browser.get('/panel');
    assert.match(home.body, new RegExp(`Reportes abiertos: <strong>${open}</strong>`));
  });

  test('the record page shows its reports; "Marcar como revisados" needs the CSRF token, closes them, is audited', async () => {
    const id = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Revisar este reporte' }));
    await report(id, { reason: 'scam', note: 'Cuenta de otra persona' }, '10.5.0.1');
    await report(id, { reason: 'wrong_data' }, '10.5.0.2');
    const { browser, email } = await leader(h, [SLUG]);
    const page = await browser.get(`/panel/e/${SLUG}/registros/${id}`);
    assert.match(page.body, /Reportes del público/);
    assert.match(page.body, /2 personas distintas/);
    assert.match(page.body, /«Cuenta de otra persona»/);
    assert.match(page.body, /Marcar como revisados/);
    const action = `/panel/e/${SLUG}/reportes/${id}/revisados`;
    const forged = await browser.post(action, { _csrf: 'no-es-el-token', volver: 'registro' });
    assert.equal(forged.statusCode, 403);
    await browser.get(`/panel/e/${SLUG}/registros/${id}`);
    const foreign = await browser.post(action, { volver: 'registro' }, { origin: 'https://evil.example' });
    assert.equal(foreign.statusCode, 403);
    assert.equal((await reportsOf(id)).filter((r) => r.resolved_at === null).length, 2);
    await browser.get(`/panel/e/${SLUG}/registros/${id}`);
    const done = await browser.post(action, { volver: 'registro' });
    assert.equal(done.statusCode, 303);
    assert.equal(done.headers.location, `/panel/e/${SLUG}/registros/${id}?hecho=guardado#reportes`);
    const rows = await reportsOf(id);
    assert.ok(rows.every((r) => r.resolved_at !== null && r.resolved_by === `panel:${email}`));
    const entry = await h.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', id)
      .where('action', '=', 'reports_resolved')
      .executeTakeFirst();
    assert.equal(entry?.actor, `panel:${email}`);
    assert.deepEqual(JSON.parse(entry?.details ?? '{}'), { resolved: 2 });
    const after = await browser.get(`/panel/e/${SLUG}/registros/${id}`);
    assert.ok(!after.body.includes('Reportes del público'));
    assert.ok(!(await browser.get(`/panel/e/${SLUG}/reportes`)).body.includes(`/registros/${id}"`));
    // Nothing was hidden: the record is still public.
    assert.equal((await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).status, 200);
    // A new report after the review counts again.
    await report(id, { reason: 'scam' }, '10.5.0.1');
    assert.equal((await reportsOf(id)).filter((r) => r.resolved_at === null).length, 1);
  });

  test("a leader of another emergency can neither see nor close this emergency's reports", async () => {
    const id = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Solo para su equipo' }));
    await report(id, { reason: 'scam' }, '10.6.0.1');
    const { browser } = await leader(h, [OTHER]);
    assert.equal((await browser.get(`/panel/e/${SLUG}/reportes`)).statusCode, 403);
    await browser.get(`/panel/e/${OTHER}/reportes`);
    assert.equal((await browser.post(`/panel/e/${SLUG}/reportes/${id}/revisados`)).statusCode, 403);
    // Nor through their own emergency's address.
    assert.equal((await browser.post(`/panel/e/${OTHER}/reportes/${id}/revisados`)).statusCode, 404);
    assert.equal((await reportsOf(id)).filter((r) => r.resolved_at === null).length, 1);
  });
});

describe('the MCP tool reportar_registro', () => {
  test('reports through the same command, counts per client address, and answers like the API', async () => {
    const id = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Reportado por un asistente' }));
    const url = await listen(h);
    const session = await connect(url);
    try {
      const { tools } = await session.client.listTools();
      const tool = tools.find((t) => t.name === 'reportar_registro');
      assert.ok(tool, 'the tool is listed');
      assert.equal(tool.annotations?.readOnlyHint, false);
      assert.deepEqual((tool.inputSchema.properties as { reason: { enum: string[] } }).reason.enum, [
        'scam',
        'resolved',
        'wrong_data',
        'other',
      ]);
      const call = (args: Record<string, unknown>) =>
        session.client.callTool({ name: 'reportar_registro', arguments: args }) as Promise<{
          content: { text: string }[];
          structuredContent?: any;
          isError?: boolean;
        }>;
      const sent = await call({ id, reason: 'scam', note: 'Lo vi en un grupo de WhatsApp pidiendo plata.' });
      assert.ok(!sent.isError, sent.content[0]?.text);
      assert.deepEqual(sent.structuredContent, {
        ok: true,
        message: 'Gracias: el equipo de la emergencia revisará este registro.',
      });
      assert.equal((await call({ id, reason: 'scam' })).isError, undefined);
      const rows = await reportsOf(id);
      assert.equal(rows.length, 1, 'a repeat is not counted twice');
      assert.equal(rows[0]?.reporter_hash, reporterHash(id, '127.0.0.1'), "counted by the caller's address");
      const bad = await call({ id, reason: 'spam' });
      assert.equal(bad.isError, true);
      assert.equal(JSON.parse(bad.content[0]?.text ?? '{}').code, 'validation_failed');
      const pending = await submit(h, requestBody({ emergencySlug: SLUG }));
      const unknown = await call({ id: pending, reason: 'scam' });
      assert.equal(unknown.isError, true);
      assert.equal(JSON.parse(unknown.content[0]?.text ?? '{}').code, 'help_not_found');
    } finally {
      await session.client.close();
    }
  });
});
