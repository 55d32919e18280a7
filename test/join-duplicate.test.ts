// Joining duplicates: a pending submission joined to a published record of the same need is never public, not a
// rejection, its person is told where to follow it, its pledges follow; a stale, cross-emergency, cross-type or
// unpublished join is refused with nothing changed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { joinDuplicate, joinMany } from '../src/commands/join-duplicate.ts';
import { receiptStatus } from '../src/queries/receipt-status.ts';
import { decisionsLastHour } from '../src/queries/review-decisions.ts';
import { runCli } from './helpers/cli.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, offerBody, publish, requestBody, setup } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'sismo-pasto';
let h: Harness;
let emergencyId = '';

before(async () => {
  h = await setup();
  emergencyId = (await addEmergency(h, SLUG, 'Inundación Mocoa')).id;
  await addEmergency(h, OTHER, 'Sismo en Pasto');
});
after(() => h.close());

/** Submits through the public API; returns the id and the receipt code its sender got. */
async function send(body: Record<string, unknown>): Promise<{ id: string; code: string }> {
  const res = await h.json({ method: 'POST', url: HELP, payload: body });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return { id: res.body.id, code: res.body.receiptCode };
}

async function row(id: string) {
  return h.ctx.db.selectFrom('help_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** As if the record came by a WhatsApp conversation: its notices go to that number. */
async function cameByWhatsapp(id: string) {
  await h.ctx.db.updateTable('help_records').set({ arrived_by: 'whatsapp' }).where('id', '=', id).execute();
}

async function noticesTo(address: string): Promise<string[]> {
  const rows = await h.ctx.db
    .selectFrom('outbound_messages')
    .select(['body'])
    .where('address', '=', address)
    .where('kind', '=', 'notice')
    .execute();
  return rows.map((r) => (JSON.parse(r.body) as { text: string }).text);
}

async function refusedUnchanged(id: string, attempt: () => Promise<unknown>, code: string) {
  const before = await row(id);
  await assert.rejects(attempt, (err: { code?: string; details?: { code: string }[] }) => {
    assert.ok(err.code === code || err.details?.some((d) => d.code === code), `${code}: ${JSON.stringify(err)}`);
    return true;
  });
  const now = await row(id);
  assert.equal(now.review_status, before.review_status);
  assert.equal(now.duplicate_of, null);
}

describe('joining one submission', () => {
  test('the joined record is never public, its person is told with the kept link, and it is not a rejection', async () => {
    const keptId = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Agua para el barrio San Miguel' }));
    const secret = 'Agua-duplicada-zafiro-7Q';
    const number = '+573009990111';
    const joined = await send(
      requestBody({ emergencySlug: SLUG, title: secret, contactName: 'Rosa Zafiro Única', contactWhatsapp: number }),
    );
    await cameByWhatsapp(joined.id);
    const version = (await row(joined.id)).content_version;
    const before = await decisionsLastHour(h.ctx);
    await joinDuplicate(h.ctx, { id: joined.id, version, keptId, actor: 'test:lider', note: 'Mismo caso' });

    const saved = await row(joined.id);
    assert.equal(saved.review_status, 'joined');
    assert.equal(saved.duplicate_of, keptId);
    assert.equal(saved.reject_reason, null);
    // Not counted as a rejection (nor as anything else the metrics call a decision).
    assert.deepEqual(await decisionsLastHour(h.ctx), before);

    const notices = await noticesTo(number);
    assert.equal(notices.length, 1);
    assert.match(notices[0] as string, new RegExp(`${h.config.baseUrl}/ayudas/${keptId}`));
    assert.match(notices[0] as string, /no fue rechazada/);

    // The sender's own receipt and status name the kept record, and never show its pledgers.
    const receipt = await h.app.inject({ method: 'GET', url: `/recibido/${joined.id}` });
    assert.equal(receipt.statusCode, 200);
    assert.ok(receipt.body.includes(`/ayudas/${keptId}`), 'the receipt links the kept record');
    const status = await receiptStatus(h.ctx, joined.code);
    assert.equal(status?.recordId, keptId);
    assert.deepEqual(status?.pledges, []);

    // Audited on both records, and out of the inbox.
    const actions = await h.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', 'in', ['submission_joined', 'duplicate_joined'])
      .execute();
    assert.ok(actions.some((a) => a.action === 'submission_joined' && a.target_id === joined.id));
    assert.ok(actions.some((a) => a.action === 'duplicate_joined' && a.target_id === keptId));

    // Nowhere public: its title, its person's name and number appear in no public output; the kept one is public.
    const outputs = await crawlPublic(h);
    assert.deepEqual(leaks(outputs, [secret, 'Rosa Zafiro Única', number, joined.id]), []);
    assert.ok(
      outputs.some((o) => o.text.includes(keptId)),
      'the crawl reaches the kept record',
    );
    const kept = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${keptId}` });
    assert.equal(kept.status, 200);
    assert.notEqual(kept.body.item.contact?.whatsapp, number);
  });

  test('pledges of the joined record follow the kept one, with what they hold', async () => {
    const keptId = await publish(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Mercados San Miguel', quantityRequired: 20, unit: 'mercados' }),
    );
    const joined = await send(
      requestBody({ emergencySlug: SLUG, title: 'Mercados otra vez', quantityRequired: 20, unit: 'mercados' }),
    );
    // A pending submission reached only through its history holds a pledge: planted as the database would hold it.
    const at = h.ctx.now().toISOString();
    await h.ctx.db
      .insertInto('pledges')
      .values({
        id: `p-${joined.id}`,
        help_id: joined.id,
        emergency_id: emergencyId,
        code_hash: `hash-${joined.id}`,
        quantity: 5,
        delivered_quantity: null,
        unit: null,
        converted_quantity: null,
        reported_at: null,
        deliver_by: at,
        expires_at: at,
        contact_name: 'Pedro',
        contact_whatsapp: '+573001112233',
        client_hash: 'c',
        status: 'open',
        created_at: at,
        updated_at: at,
        closed_at: null,
        closed_by: null,
        personal_data_erased_at: null,
      })
      .execute();
    const before = await row(keptId);
    await joinDuplicate(h.ctx, {
      id: joined.id,
      version: (await row(joined.id)).content_version,
      keptId,
      actor: 'test',
    });
    const pledge = await h.ctx.db
      .selectFrom('pledges')
      .select('help_id')
      .where('id', '=', `p-${joined.id}`)
      .executeTakeFirstOrThrow();
    assert.equal(pledge.help_id, keptId);
    const after = await row(keptId);
    assert.equal(after.pledges_open, before.pledges_open + 1);
    assert.equal(after.quantity_committed, before.quantity_committed + 5);
  });

  test('a stale version, another emergency, another type, an unpublished or missing kept record: refused, nothing done', async () => {
    const keptId = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Medicamentos Centro' }));
    const pending = await send(requestBody({ emergencySlug: SLUG, title: 'Urgente: insulina para mi madre' }));
    const version = (await row(pending.id)).content_version;
    const join = (over: Partial<Parameters<typeof joinDuplicate>[1]>) => () =>
      joinDuplicate(h.ctx, { id: pending.id, version, keptId, actor: 'test', ...over });

    await refusedUnchanged(pending.id, join({ version: version + 1 }), 'stale_version');
    // A scammer's join to hide a genuine urgent request: into another emergency's record, or an offer.
    const elsewhere = await publish(h, requestBody({ emergencySlug: OTHER, title: 'Otra emergencia' }));
    await refusedUnchanged(pending.id, join({ keptId: elsewhere }), 'not_found');
    const offer = await publish(h, offerBody({ emergencySlug: SLUG, title: 'Ofrezco transporte' }));
    await refusedUnchanged(pending.id, join({ keptId: offer }), 'other_type');
    const unpublished = await send(requestBody({ emergencySlug: SLUG, title: 'Otra pendiente' }));
    await refusedUnchanged(pending.id, join({ keptId: unpublished.id }), 'kept_not_published');
    await refusedUnchanged(pending.id, join({ keptId: '00000000-0000-4000-8000-000000000000' }), 'not_found');
    await refusedUnchanged(pending.id, join({ keptId: pending.id }), 'same_record');
    // A published record (even with a revision waiting) is not joined.
    await refusedUnchanged(
      keptId,
      () => joinDuplicate(h.ctx, { id: keptId, version: 1, keptId: offer, actor: 'test' }),
      'published_record',
    );
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', pending.id)
      .where('action', '=', 'submission_joined')
      .execute();
    assert.equal(audit.length, 0);
  });
});

describe('joining several, console and CLI', () => {
  test('a bulk join skips a card changed since it was shown and joins the rest', async () => {
    const keptId = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Colchonetas albergue' }));
    const a = await send(requestBody({ emergencySlug: SLUG, title: 'Colchonetas 1' }));
    const b = await send(requestBody({ emergencySlug: SLUG, title: 'Colchonetas 2' }));
    const shownB = (await row(b.id)).content_version;
    // b's sender changes it after the leader saw it.
    await h.ctx.db
      .updateTable('help_records')
      .set({ content_version: shownB + 1 })
      .where('id', '=', b.id)
      .execute();
    const result = await joinMany(
      h.ctx,
      emergencyId,
      [
        { id: a.id, version: (await row(a.id)).content_version },
        { id: b.id, version: shownB },
      ],
      keptId,
      'test',
    );
    assert.deepEqual(
      result.decided.map((r) => r.id),
      [a.id],
    );
    assert.deepEqual(
      result.skipped.map((s) => [s.id, s.reason]),
      [[b.id, 'stale_version']],
    );
    assert.equal((await row(a.id)).review_status, 'joined');
    assert.equal((await row(b.id)).review_status, 'pending_review');
  });

  test('the console offers the join on the review page and joins with the version shown', async () => {
    const { browser } = await leader(h, [SLUG]);
    const keptId = await publish(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Pañales Barrio Obrero', contactWhatsapp: '+573005550001' }),
    );
    const pending = await send(
      requestBody({ emergencySlug: SLUG, title: 'Pañales otra vez', contactWhatsapp: '+573005550001' }),
    );
    const page = await browser.get(`/panel/e/${SLUG}/revisar/${pending.id}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Unir a esta publicación/);
    assert.ok(page.body.includes(`value="${keptId}"`), 'the published duplicate is offered');
    const version = String((await row(pending.id)).content_version);
    const stale = await browser.post(`/panel/e/${SLUG}/revisar/${pending.id}/unir`, {
      version: String(Number(version) + 1),
      conservar: keptId,
    });
    assert.equal(stale.statusCode, 409);
    assert.match(stale.body, /cambió/);
    assert.equal((await row(pending.id)).review_status, 'pending_review');
    await browser.get(`/panel/e/${SLUG}/revisar/${pending.id}`);
    const done = await browser.post(`/panel/e/${SLUG}/revisar/${pending.id}/unir`, { version, conservar: keptId });
    assert.equal(done.statusCode, 303, done.body);
    assert.equal((await row(pending.id)).duplicate_of, keptId);
    // Decided: its review page no longer offers any decision, and joining it again is refused in words.
    const after = await browser.get(`/panel/e/${SLUG}/revisar/${pending.id}`);
    assert.equal(after.statusCode, 303);
    await browser.get(`/panel/e/${SLUG}/revisar/${keptId}`);
    const again = await browser.post(`/panel/e/${SLUG}/revisar/${pending.id}/unir`, { version, conservar: keptId });
    assert.equal(again.statusCode, 409);
    assert.match(again.body, /no espera revisión/);
  });

  test('the inbox bulk form joins the selected cards of a cluster and lists the one that changed', async () => {
    const { browser } = await leader(h, [SLUG]);
    const keptId = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Cobijas vereda Alta' }));
    const a = await send(requestBody({ emergencySlug: SLUG, title: 'Cobijas vereda Alta 1' }));
    const b = await send(requestBody({ emergencySlug: SLUG, title: 'Cobijas vereda Alta 2' }));
    const va = (await row(a.id)).content_version;
    const vb = (await row(b.id)).content_version;
    await browser.get(`/panel/e/${SLUG}/revisar/${a.id}`);
    const res = await browser.h.app.inject({
      method: 'POST',
      url: `/panel/e/${SLUG}/unir-seleccionados`,
      payload: new URLSearchParams([
        ['_csrf', browser.csrf],
        ['seleccion', `${a.id}:${va}`],
        ['seleccion', `${b.id}:${vb + 1}`],
        ['conservar', keptId],
      ]).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.body, /Unidas a «Cobijas vereda Alta»: 1/);
    assert.match(res.body, /No se unieron: 1/);
    assert.equal((await row(a.id)).review_status, 'joined');
    assert.equal((await row(b.id)).review_status, 'pending_review');
  });

  test('ayuda review join joins, and refuses without a version', async () => {
    const env = { DATABASE_URL: h.dbUrl };
    const keptId = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Linternas vereda' }));
    const pending = await send(requestBody({ emergencySlug: SLUG, title: 'Linternas vereda bis' }));
    const noVersion = await runCli(['review', 'join', pending.id, '--into', keptId], env);
    assert.equal(noVersion.code, 2);
    const version = String((await row(pending.id)).content_version);
    const res = await runCli(['review', 'join', pending.id, '--into', keptId, '--version', version, '--json'], env);
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(JSON.parse(res.stdout), { id: pending.id, reviewStatus: 'joined', duplicateOf: keptId });
  });
});
