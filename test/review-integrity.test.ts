// A decision approves the version the leader saw: content changed meanwhile is refused, shown, decided again.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { approveWithEdits } from '../src/commands/approve-with-edits.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { submissionFields } from '../src/commands/submission-fields.ts';
import { AppError } from '../src/errors.ts';
import { findById } from '../src/repositories/help-records/records.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { type Browser, leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, list, requestBody, setup } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';
before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
});
after(() => h.close());

const review = (id: string) => `/panel/e/${SLUG}/revisar/${id}`;
const detail = (id: string) => h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
const stored = async (id: string) => findById(h.ctx, id);

/** Sends a submission; a change to the same pair carries the editToken of the first answer when there is one. */
async function send(payload: Record<string, unknown>, token?: string) {
  const res = await h.json({
    method: 'POST',
    url: HELP,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return res.body as { id: string; editToken?: string };
}

/** The hidden fields of the last page's decision forms: the version and the content it showed. */
function formState(browser: Browser) {
  const body = browser.last?.body ?? '';
  const version = /name="version" value="(\d+)"/.exec(body)?.[1];
  const seen = /name="visto" value="([^"]+)"/.exec(body)?.[1];
  assert.ok(version && seen, 'the decision forms carry the version and what they showed');
  return { version, visto: seen };
}

/** A submission and the scam its submitter swaps in while a leader is looking at the original. */
function scam(unique: string) {
  const title = `Mercados para familias ${unique}`;
  const original = {
    emergencySlug: SLUG,
    ...requestBody({
      title,
      description: 'Familias sin alimentos en el albergue.',
      contactWhatsapp: '+573001110000',
    }),
  };
  const swapped = {
    ...original,
    contactWhatsapp: '+573009998877',
    description: `Pague el envío por Nequi ${unique} y le llega el mercado.`,
  };
  return { original, swapped, title };
}

async function notPublic(id: string, canary: string) {
  assert.equal((await detail(id)).status, 404, 'the record is not public');
  assert.equal((await list(h, { emergencySlug: SLUG, q: canary, status: 'all' })).body.total, 0);
  assert.deepEqual(leaks(await crawlPublic(h), [canary]), [], 'the swapped text is in no public output');
}

describe('console decisions name the version they were rendered from', () => {
  test('approve after the submitter swapped the WhatsApp and text: 409, the change shown, nothing published; the new version approves', async () => {
    const { browser } = await leader(h, [SLUG]);
    const { original, swapped } = scam('A1');
    const first = await send(original);
    const token = first.editToken;
    const opened = await browser.get(review(first.id));
    assert.equal(opened.statusCode, 200);
    assert.match(opened.body, /versión 1/);
    const shown = formState(browser);
    assert.equal(shown.version, '1');

    await send(swapped, token);
    assert.equal((await stored(first.id))?.content_version, 2);

    const refused = await browser.post(`${review(first.id)}/aprobar`, { ...shown, note: 'Verificado' });
    assert.equal(refused.statusCode, 409);
    assert.match(refused.body, /La publicación cambió: no se hizo nada/);
    assert.match(refused.body, /<del>\+573001110000<\/del>/, 'the WhatsApp the leader saw');
    assert.match(refused.body, /<ins>\+573009998877<\/ins>/, 'the new WhatsApp, highlighted');
    assert.match(refused.body, /<ins>Pague el envío por Nequi A1 y le llega el mercado\.<\/ins>/);
    assert.match(refused.body, /<del>Familias sin alimentos en el albergue\.<\/del>/);
    assert.doesNotMatch(refused.body, /<del>Mercados para familias A1<\/del>/, 'unchanged fields are not marked');
    const record = await stored(first.id);
    assert.equal(record?.review_status, 'pending_review');
    assert.equal(record?.contact_whatsapp, '+573009998877');
    await notPublic(first.id, 'Nequi A1');

    // The refusal page is a fresh review page: its forms carry the new version.
    const again = formState(browser);
    assert.equal(again.version, '2');
    const approved = await browser.post(`${review(first.id)}/aprobar`, again);
    assert.equal(approved.statusCode, 303, approved.body);
    const item = (await detail(first.id)).body.item;
    assert.equal(item.contact.whatsapp, '+573009998877', 'what is published is what the leader saw last');
  });

  test('correct and approve on an old version: 409 with the new content, nothing published; again on the new version', async () => {
    const { browser } = await leader(h, [SLUG]);
    const { original, swapped, title } = scam('B2');
    const first = await send(original);
    await browser.get(review(first.id));
    const shown = formState(browser);
    await send(swapped, first.editToken);
    const corrections = {
      title: 'Mercados para familias B2 (verificado)',
      description: 'Familias sin alimentos en el albergue.',
      category: 'agua',
      contactName: 'María Rojas',
      contactWhatsapp: '+573001110000',
      urgency: 'needed',
      address: 'Calle 8 # 5-21',
      latitude: '1.1478',
      longitude: '-76.6476',
    };
    const refused = await browser.post(`${review(first.id)}/corregir`, { ...corrections, ...shown });
    assert.equal(refused.statusCode, 409);
    assert.match(refused.body, /no se pudo aplicar las correcciones/i);
    assert.match(refused.body, /<ins>\+573009998877<\/ins>/);
    assert.match(refused.body, /<ins>Pague el envío por Nequi B2 y le llega el mercado\.<\/ins>/);
    assert.match(refused.body, /value="\+573009998877"/, 'the correction form now starts from the new content');
    const record = await stored(first.id);
    assert.equal(record?.review_status, 'pending_review');
    assert.equal(record?.title, title, 'the corrections were not applied');
    await notPublic(first.id, 'Nequi B2');

    const again = formState(browser);
    const corrected = await browser.post(`${review(first.id)}/corregir`, {
      ...corrections,
      description: 'Familias sin alimentos (la persona confirmó por teléfono).',
      ...again,
    });
    assert.equal(corrected.statusCode, 303, corrected.body);
    const item = (await detail(first.id)).body.item;
    assert.equal(item.title, 'Mercados para familias B2 (verificado)');
    assert.equal(item.contact.whatsapp, '+573001110000');
  });

  test('a pending revision of a published record replaced by another: 409, the published content stays', async () => {
    const { browser } = await leader(h, [SLUG]);
    const { original, title } = scam('C3');
    const first = await send(original);
    await approveSubmission(h.ctx, first.id, 'test');
    await send({ ...original, title: 'Mercados y agua para familias C3' }, first.editToken);
    const opened = await browser.get(review(first.id));
    assert.match(opened.body, /<ins>Mercados y agua para familias C3<\/ins>/);
    const shown = formState(browser);
    assert.equal(shown.version, '2');
    await send(
      { ...original, title: 'Mercados y agua para familias C3', contactWhatsapp: '+573009998877' },
      first.editToken,
    );

    const refused = await browser.post(`${review(first.id)}/aprobar`, shown);
    assert.equal(refused.statusCode, 409);
    assert.match(refused.body, /<del>\+573001110000<\/del>/);
    assert.match(refused.body, /<ins>\+573009998877<\/ins>/);
    const published = (await detail(first.id)).body.item;
    assert.equal(published.title, title, 'the published content stays');
    assert.equal(published.contact.whatsapp, '+573001110000');
    assert.ok((await stored(first.id))?.pending_revision, 'the revision still waits');

    const approved = await browser.post(`${review(first.id)}/aprobar`, formState(browser));
    assert.equal(approved.statusCode, 303);
    const now = (await detail(first.id)).body.item;
    assert.equal(now.title, 'Mercados y agua para familias C3');
    assert.equal(now.contact.whatsapp, '+573009998877');
  });

  test('a revision withdrawn while the leader looked: 409, nothing to decide, the published content stays', async () => {
    const { browser } = await leader(h, [SLUG]);
    const { original, title } = scam('D4');
    const first = await send(original);
    await approveSubmission(h.ctx, first.id, 'test');
    await send({ ...original, title: 'Otra cosa D4' }, first.editToken);
    await browser.get(review(first.id));
    const shown = formState(browser);
    await send(original, first.editToken); // back to the published content: the revision is withdrawn
    const refused = await browser.post(`${review(first.id)}/aprobar`, shown);
    assert.equal(refused.statusCode, 409);
    assert.match(refused.body, /ya no tiene nada pendiente de revisión/);
    assert.equal((await detail(first.id)).body.item.title, title);
  });

  test('reject on an old version is refused too; the record stays pending', async () => {
    const { browser } = await leader(h, [SLUG]);
    const { original, swapped } = scam('E5');
    const first = await send(original);
    await browser.get(review(first.id));
    const shown = formState(browser);
    await send(swapped, first.editToken);
    const refused = await browser.post(`${review(first.id)}/rechazar`, { ...shown, reason: 'Parece falso' });
    assert.equal(refused.statusCode, 409);
    assert.match(refused.body, /No se pudo rechazar/);
    assert.equal((await stored(first.id))?.review_status, 'pending_review');
    const rejected = await browser.post(`${review(first.id)}/rechazar`, {
      ...formState(browser),
      reason: 'Pide pagos por Nequi',
    });
    assert.equal(rejected.statusCode, 303);
    assert.equal((await stored(first.id))?.review_status, 'rejected');
  });

  test('an approval whose form names no version publishes nothing', async () => {
    const { browser } = await leader(h, [SLUG]);
    const first = await send({ emergencySlug: SLUG, ...requestBody({ title: 'Sin versión F6' }) });
    await browser.get(review(first.id));
    for (const version of [undefined, 'dos', '-1']) {
      const res = await browser.post(`${review(first.id)}/aprobar`, version === undefined ? {} : { version });
      assert.equal(res.statusCode, 400, String(version));
      assert.match(res.body, /no indicaba qué versión revisó/);
    }
    const noVersion = await browser.post(`${review(first.id)}/corregir`, { title: 'Sin versión F6 bis' });
    assert.equal(noVersion.statusCode, 400);
    assert.equal((await stored(first.id))?.review_status, 'pending_review');
    assert.equal((await detail(first.id)).status, 404);
  });
});

describe('the commands refuse a stale version and change nothing', () => {
  test('approve, correct-and-approve and reject with an expected version', async () => {
    const { original, swapped } = scam('G7');
    const first = await send(original);
    await send(swapped, first.editToken);
    const isStale = (err: unknown) => {
      assert.ok(err instanceof AppError);
      assert.equal(err.code, 'stale_version');
      assert.equal(err.status, 409);
      const [detailEntry] = err.details;
      assert.deepEqual([detailEntry?.expected, detailEntry?.current], [1, 2]);
      return true;
    };
    const before = await stored(first.id);
    await assert.rejects(approveSubmission(h.ctx, first.id, 'test', null, 1), isStale);
    const {
      emergency_id: _e,
      identity_document: _d,
      ...edits
    } = submissionFields(
      helpSubmission.parse({ ...swapped, contactWhatsapp: '+573001110000' }),
      before?.emergency_id as string,
      null,
    );
    await assert.rejects(approveWithEdits(h.ctx, first.id, edits, 'test', null, 1), isStale);
    await assert.rejects(rejectSubmission(h.ctx, first.id, 'test', 'Falso', 1), isStale);
    const after = await stored(first.id);
    assert.deepEqual(after, before, 'nothing changed, not even the change number');
    await approveSubmission(h.ctx, first.id, 'test', null, 2);
    assert.equal((await detail(first.id)).body.item.contact.whatsapp, '+573009998877');
  });
});
