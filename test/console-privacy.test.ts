// Habeas data in the console: an administrator erases and withdraws one record, or everything a WhatsApp number
// holds after showing it; leaders cannot; a withdrawn record keeps a page with no personal data and no actions.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { withdrawWithToken } from '../src/commands/personal-data/withdraw.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { type Browser, leader, pendingShown } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, requestBody, setup, submit } from './helpers/harness.ts';

let h: Harness;
let admin: Browser;
let lead: Browser;
const SLUG = 'inundacion-mocoa';
before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  admin = (await leader(h, [], 'admin')).browser;
  lead = (await leader(h, [SLUG])).browser;
});
after(() => h.close());

const record = (id: string) => `/panel/e/${SLUG}/registros/${id}`;
const review = (id: string) => `/panel/e/${SLUG}/revisar/${id}`;
const detail = (id: string) => h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
const ERASE = 'Borrar datos personales y retirar';
const confirmed = { erasureReason: 'La persona lo pidió por WhatsApp', erasureConfirm: 'si' };

let planted = 0;
/** Values no other test uses: a Colombian mobile (10 digits), a name, an address and an identity document. */
function plant() {
  planted++;
  const digits = `31${String((process.pid * 100 + planted) % 100_000_000).padStart(8, '0')}`;
  return {
    national: digits,
    whatsapp: `+57${digits}`,
    typed: `+57 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    name: `Contacto Sembrado ${process.pid}x${planted}`,
    address: `Carrera ${process.pid} # ${planted}-77 interior sembrado`,
    document: `CC${process.pid}${planted}0451`,
  };
}
type Planted = ReturnType<typeof plant>;

/** A request with the planted contact, address and identity document; approved unless told otherwise. */
async function sendPlanted(p: Planted, options: { approve?: boolean; title?: string } = {}): Promise<string> {
  const submission = helpSubmission.parse(
    requestBody({
      emergencySlug: SLUG,
      title: options.title ?? 'Agua para la familia sembrada',
      contactName: p.name,
      contactWhatsapp: p.whatsapp,
      address: p.address,
    }),
  );
  const { result } = await submitHelp(h.ctx, submission, { identityDocument: p.document });
  if (options.approve !== false) await approveSubmission(h.ctx, result.id, 'test');
  return result.id;
}

/** Which planted values a page shows (the number in any of its forms). */
function leaks(body: string, p: Planted): string[] {
  return [p.national, p.name, p.address, p.document].filter((value) => body.includes(value));
}

describe('erasing one record', () => {
  test('an administrator erases a record from its page; reason, confirmation and CSRF are required; leaders get 403', async () => {
    const p = plant();
    const id = await sendPlanted(p);
    assert.equal((await detail(id)).status, 200);

    const leaderPage = await lead.get(record(id));
    assert.equal(leaderPage.statusCode, 200);
    assert.ok(leaderPage.body.includes(p.document), 'a leader sees the record with its personal data');
    assert.ok(!leaderPage.body.includes(ERASE), 'a leader never sees the erase form');
    assert.ok(!leaderPage.body.includes(`${record(id)}/borrar`));
    const forbidden = await lead.post(`${record(id)}/borrar`, confirmed);
    assert.equal(forbidden.statusCode, 403);

    const page = await admin.get(record(id));
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(ERASE));
    assert.match(page.body, /No se puede deshacer/);
    assert.ok(page.body.includes(`action="${record(id)}/borrar"`));

    const noReason = await admin.post(`${record(id)}/borrar`, { erasureReason: '   ', erasureConfirm: 'si' });
    assert.equal(noReason.statusCode, 400);
    assert.match(noReason.body, /Indique el motivo del borrado/);
    const tooLong = await admin.post(`${record(id)}/borrar`, { ...confirmed, erasureReason: 'x'.repeat(301) });
    assert.equal(tooLong.statusCode, 400);
    assert.match(tooLong.body, /300 caracteres o menos/);
    const unconfirmed = await admin.post(`${record(id)}/borrar`, { erasureReason: confirmed.erasureReason });
    assert.equal(unconfirmed.statusCode, 400);
    assert.match(unconfirmed.body, /no se puede deshacer/);
    const badToken = await admin.post(`${record(id)}/borrar`, { ...confirmed, _csrf: 'otro-token' });
    assert.equal(badToken.statusCode, 403);
    const otherSite = await admin.post(`${record(id)}/borrar`, confirmed, { origin: 'https://otro.example' });
    assert.equal(otherSite.statusCode, 403);
    assert.equal((await detail(id)).status, 200, 'nothing refused was erased');
    assert.equal(leaks((await admin.get(record(id))).body, p).length, 4, 'every planted value is still shown');

    const erased = await admin.post(`${record(id)}/borrar`, confirmed);
    assert.equal(erased.statusCode, 303);
    assert.equal(erased.headers.location, `${record(id)}?hecho=borrada`);
    assert.equal((await detail(id)).status, 404, 'the record left the public API');

    for (const browser of [admin, lead]) {
      const after = await browser.get(`${record(id)}?hecho=borrada`);
      assert.equal(after.statusCode, 200);
      assert.equal(after.headers['cache-control'], 'no-store');
      assert.match(after.body, /Retirada por el equipo el /);
      assert.match(after.body, /Datos personales borrados el /);
      assert.match(after.body, /sin punto exacto/);
      assert.deepEqual(leaks(after.body, p), [], 'no planted value anywhere on the page');
      assert.ok(!after.body.includes('wa.me'), 'no WhatsApp link to an empty number');
      for (const action of ['/estado"', '/cubierto"', 'logistica?destino', '/borrar"', '/aprobar"']) {
        assert.ok(!after.body.includes(action), `no ${action} action on a withdrawn record`);
      }
    }
    const again = await admin.post(`${record(id)}/estado`, { status: 'completed' });
    assert.equal(again.statusCode, 404, 'a withdrawn record takes no status');
    const reviewing = await admin.get(review(id));
    assert.equal(reviewing.statusCode, 303);
    assert.equal(reviewing.headers.location, record(id));
    const published = await lead.get(`/panel/e/${SLUG}/registros?estado=all`);
    assert.ok(!published.body.includes(record(id)), 'published records do not list it');
    const withdrawn = await lead.get(`/panel/e/${SLUG}/registros?estado=withdrawn`);
    assert.ok(withdrawn.body.includes(record(id)), 'the Retiradas filter lists it');
    assert.match(withdrawn.body, /Retirada/);
  });

  test('a withdrawn record in the reports and in a comparison shows its label and nothing personal', async () => {
    const p = plant();
    const id = await sendPlanted(p, { title: 'Mercados para la vereda reportada' });
    const other = await sendPlanted(plant(), { title: 'Otra solicitud para comparar' });
    const reported = await h.json({
      method: 'POST',
      url: `${HELP}/${id}/reports`,
      payload: { reason: 'wrong_data', note: 'Ya no viven ahí.' },
    });
    assert.equal(reported.status, 202, JSON.stringify(reported.body));
    await admin.get(record(id));
    assert.equal((await admin.post(`${record(id)}/borrar`, confirmed)).statusCode, 303);

    const reports = await lead.get(`/panel/e/${SLUG}/reportes`);
    assert.equal(reports.statusCode, 200);
    assert.ok(reports.body.includes(`href="${record(id)}"`), 'the report links to the withdrawn record');
    assert.match(reports.body, /retirada/);
    assert.deepEqual(leaks(reports.body, p), []);

    const compare = await lead.get(`/panel/e/${SLUG}/comparar?a=${id}&b=${other}`);
    assert.equal(compare.statusCode, 200);
    assert.match(compare.body, /Retirada/);
    assert.ok(compare.body.includes(`href="${record(id)}"`));
    assert.deepEqual(leaks(compare.body, p), []);
  });

  test('a submission still in review can be erased from its review page, by an administrator only', async () => {
    const p = plant();
    const id = await sendPlanted(p, { approve: false });
    const leaderReview = await lead.get(review(id));
    assert.equal(leaderReview.statusCode, 200);
    assert.ok(!leaderReview.body.includes(ERASE));
    assert.equal((await lead.post(`${review(id)}/borrar`, confirmed)).statusCode, 403);

    const page = await admin.get(review(id));
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(`action="${review(id)}/borrar"`));
    const pending = pendingShown(page.body);
    const noReason = await admin.post(`${review(id)}/borrar`, { erasureConfirm: 'si' });
    assert.equal(noReason.statusCode, 400);
    assert.match(noReason.body, /Indique el motivo del borrado/);
    assert.ok(noReason.body.includes(p.document), 'refused: the submission is still there, unchanged');

    const erased = await admin.post(`${review(id)}/borrar`, confirmed);
    assert.equal(erased.statusCode, 303);
    assert.equal(erased.headers.location, `${record(id)}?hecho=borrada`);
    const shown = await admin.get(record(id));
    assert.equal(shown.statusCode, 200);
    assert.match(shown.body, /Retirada por el equipo/);
    assert.deepEqual(leaks(shown.body, p), []);
    assert.equal(pendingShown(shown.body), pending - 1, 'no longer waiting for a decision');
    assert.equal((await admin.get(review(id))).statusCode, 303);
  });
});

describe('what the record page says about withdrawals and erasures', () => {
  test('a record its sender withdrew says so, shows nothing personal and offers nothing to do', async () => {
    const p = plant();
    const sent = await h.json({
      method: 'POST',
      url: HELP,
      payload: requestBody({
        emergencySlug: SLUG,
        contactWhatsapp: p.whatsapp,
        contactName: p.name,
        address: p.address,
      }),
    });
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    const id = sent.body.id as string;
    await approveSubmission(h.ctx, id, 'test');
    assert.ok((await lead.get(record(id))).body.includes(p.name));
    await withdrawWithToken(h.ctx, id, sent.body.editToken as string);

    const page = await admin.get(record(id));
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Retirada por quien la publicó el /);
    assert.doesNotMatch(page.body, /Retirada por el equipo/);
    assert.match(page.body, /Datos personales borrados el /);
    assert.deepEqual(leaks(page.body, p), []);
    assert.ok(!page.body.includes(ERASE), 'nothing left to erase');
    assert.ok(!page.body.includes('/estado"') && !page.body.includes('/cubierto"'));
  });

  test('a published record whose identity document alone was erased says when', async () => {
    const p = plant();
    const id = await sendPlanted(p);
    assert.doesNotMatch((await lead.get(record(id))).body, /Documento borrado el/);
    await h.ctx.db
      .updateTable('help_records')
      .set({ identity_document: null, identity_erased_at: '2026-05-11T15:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    const page = await lead.get(record(id));
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Documento borrado el 11\/05\/2026/);
    assert.doesNotMatch(page.body, /Datos personales borrados/);
    assert.ok(!page.body.includes(p.document));
    assert.ok(page.body.includes(p.name), 'the rest of the record is untouched');
    assert.ok(page.body.includes('/estado"'), 'a published record keeps its actions');
  });
});

describe('a WhatsApp number: know and erase', () => {
  const privacy = '/panel/datos-personales';

  test('leaders cannot reach the personal-data pages, and do not see them in the navigation', async () => {
    const adminHome = await admin.get('/panel');
    assert.ok(adminHome.body.includes(`href="${privacy}"`));
    const home = await lead.get('/panel');
    assert.ok(!home.body.includes(`href="${privacy}"`));
    assert.equal((await lead.get(privacy)).statusCode, 403);
    const p = plant();
    await sendPlanted(p);
    for (const path of ['consultar', 'descargar', 'borrar']) {
      const res = await lead.post(`${privacy}/${path}`, { whatsapp: p.whatsapp, ...confirmed });
      assert.equal(res.statusCode, 403, path);
      assert.deepEqual(leaks(res.body, p), [], path);
    }
    const consult = await admin.post(`${privacy}/consultar`, { whatsapp: p.whatsapp });
    assert.ok(consult.body.includes(p.name), 'what the leader asked for is still there');
  });

  test('an administrator sees, downloads and then erases everything a number holds', async () => {
    const p = plant();
    const published = await sendPlanted(p, { title: 'Colchonetas para la familia sembrada' });
    const pending = await sendPlanted({ ...p, name: `${p.name} Segunda` }, { approve: false, title: 'Agua pendiente' });
    const bystander = plant();
    const untouched = await sendPlanted(bystander, { title: 'Solicitud de otra persona' });

    const form = await admin.get(privacy);
    assert.equal(form.statusCode, 200);
    assert.equal(form.headers['cache-control'], 'no-store');
    assert.match(form.body, /<form method="post" action="\/panel\/datos-personales\/consultar"/);

    const bad = await admin.post(`${privacy}/consultar`, { whatsapp: 'no es un número' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /Escriba un número de WhatsApp válido/);
    assert.equal((await admin.post(`${privacy}/consultar`, { whatsapp: p.whatsapp, _csrf: 'x' })).statusCode, 403);

    const shown = await admin.post(`${privacy}/consultar`, { whatsapp: p.typed });
    assert.equal(shown.statusCode, 200);
    assert.equal(shown.headers['cache-control'], 'no-store');
    for (const value of [p.whatsapp, p.name, `${p.name} Segunda`, p.address, published, pending]) {
      assert.ok(shown.body.includes(value), `the export shows ${value}`);
    }
    assert.ok(!shown.body.includes(bystander.name), "another person's data is not listed");
    const title = /<title>([^<]*)<\/title>/.exec(shown.body)?.[1] ?? '';
    assert.ok(title !== '' && !title.includes(p.national), 'the number stays out of the title a browser keeps');
    assert.ok(shown.body.includes(ERASE));

    const file = await admin.post(`${privacy}/descargar`, { whatsapp: p.national });
    assert.equal(file.statusCode, 200);
    assert.match(file.headers['content-type'] as string, /^application\/json/);
    assert.match(file.headers['content-disposition'] as string, /^attachment; filename="[^"]+\.json"$/);
    assert.ok(!(file.headers['content-disposition'] as string).includes(p.national), 'no number in the file name');
    assert.equal(file.headers['cache-control'], 'no-store');
    const data = JSON.parse(file.body) as { whatsapp: string; items: { id: string }[] };
    assert.equal(data.whatsapp, p.whatsapp);
    const ids = new Set(data.items.map((item) => item.id));
    assert.ok(ids.has(published) && ids.has(pending), 'both records are in the file');
    assert.ok(file.body.includes(p.name));
    await admin.get(privacy);
    assert.equal((await admin.post(`${privacy}/descargar`, { whatsapp: '12' })).statusCode, 400);

    await admin.get(privacy);
    const noReason = await admin.post(`${privacy}/borrar`, { whatsapp: p.whatsapp, erasureConfirm: 'si' });
    assert.equal(noReason.statusCode, 400);
    assert.match(noReason.body, /Indique el motivo del borrado/);
    assert.ok(noReason.body.includes(p.name), 'refused: the list is shown again, nothing erased');
    assert.equal((await detail(published)).status, 200);

    const erased = await admin.post(`${privacy}/borrar`, { whatsapp: p.typed, ...confirmed });
    assert.equal(erased.statusCode, 200);
    assert.equal(erased.headers['cache-control'], 'no-store');
    assert.match(erased.body, /2 publicaciones retiradas/);
    assert.ok(erased.body.includes(published) && erased.body.includes(pending));
    assert.deepEqual(leaks(erased.body, p), []);

    assert.equal((await detail(published)).status, 404);
    assert.equal((await detail(untouched)).status, 200, "another person's record stays public");
    for (const id of [published, pending]) {
      const page = await admin.get(record(id));
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Retirada por el equipo/);
      assert.deepEqual(leaks(page.body, p), [], id);
    }
    const nothing = await admin.post(`${privacy}/consultar`, { whatsapp: p.whatsapp });
    assert.equal(nothing.statusCode, 200);
    assert.match(nothing.body, /ningún dato guardado con este número/);
    assert.deepEqual(
      leaks(nothing.body, p).filter((v) => v !== p.national),
      [],
    );
    assert.ok(!nothing.body.includes(ERASE));
    assert.ok((await admin.get(record(untouched))).body.includes(bystander.name));
  });

  test('a number sent through the public API is found in any form; an unknown number lists nothing', async () => {
    const p = plant();
    const id = await submit(h, requestBody({ emergencySlug: SLUG, contactWhatsapp: p.whatsapp, contactName: p.name }));
    await admin.get(privacy);
    for (const typed of [p.whatsapp, p.typed, p.national]) {
      const shown = await admin.post(`${privacy}/consultar`, { whatsapp: typed });
      assert.equal(shown.statusCode, 200, typed);
      assert.ok(shown.body.includes(id) && shown.body.includes(p.name), typed);
    }
    const unknown = plant();
    const none = await admin.post(`${privacy}/consultar`, { whatsapp: unknown.whatsapp });
    assert.equal(none.statusCode, 200);
    assert.match(none.body, /ningún dato guardado con este número/);
  });
});
