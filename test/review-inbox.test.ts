// The review inbox under a flood: every pending submission reachable page by page in one stable order, shared
// by the console and the CLI; filters; bulk rejection; and a rejection costs the search index one row, not all.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { KyselyPlugin } from 'kysely';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import type { Context } from '../src/context.ts';
import { formatNumber } from '../src/domain/number-format.ts';
import { type HelpSubmission, helpSubmission } from '../src/schemas/submission.ts';
import { PublicSearch } from '../src/search/public-search.ts';
import type { IndexQuery } from '../src/search/search-index.ts';
import { runCli } from './helpers/cli.ts';
import { type Browser, leader } from './helpers/console.ts';
import { engine } from './helpers/database.ts';
import { addEmergency, type Harness, HELP, offerBody, requestBody, setup } from './helpers/harness.ts';

const FLOOD = 'crecida-rio-mocoa';
const SMALL = 'sismo-pasto';
/** Submissions waiting in the flooded inbox: many pages of 100. */
const PENDING = 3000;
const SOURCES = ['app-ayuda-putumayo', 'kobo-campo', 'whatsapp-bot'];
const CATEGORIES = ['agua', 'alimentos', 'medicamentos', 'rescate', 'refugio'];

let h: Harness;
let floodId = '';
interface Seeded {
  id: string;
  category: string;
  type: 'request' | 'offer';
  urgent: boolean;
  source: string;
}
const seeded: Seeded[] = [];

before(async () => {
  h = await setup();
  floodId = (await addEmergency(h, FLOOD, 'Creciente del río Mocoa')).id;
  await addEmergency(h, SMALL, 'Sismo en Pasto');
  // A few published records first, so the search index has a position to keep.
  for (let i = 0; i < 5; i++) {
    const { result } = await submitHelp(h.ctx, parse(floodBody(10_000 + i)));
    await approveSubmission(h.ctx, result.id, 'test');
  }
  // Three waves: 36 h, 6 h and minutes before "now", so the age filter has something to tell apart.
  for (let i = 0; i < PENDING; i++) {
    if (i === PENDING / 3) h.clock.advanceHours(30);
    if (i === (2 * PENDING) / 3) h.clock.advanceHours(6);
    const body = floodBody(i);
    const { result } = await submitHelp(h.ctx, parse(body));
    seeded.push({
      id: result.id,
      category: body.category as string,
      type: body.type as 'request' | 'offer',
      urgent: body.urgency === 'urgent',
      source: body.source as string,
    });
  }
  h.clock.advanceHours(0.1);
  // 150 submissions of the second wave received in the same millisecond, across a page boundary: the id
  // breaks the tie.
  const tied = seeded.slice(1500, 1650).map((s) => s.id);
  const { submitted_at: instant } = await h.ctx.db
    .selectFrom('help_records')
    .select('submitted_at')
    .where('id', '=', seeded[1500]?.id as string)
    .executeTakeFirstOrThrow();
  await h.ctx.db.updateTable('help_records').set({ submitted_at: instant }).where('id', 'in', tied).execute();
});
after(() => h.close());

function parse(body: Record<string, unknown>): HelpSubmission {
  return helpSubmission.parse(body);
}

/** Varied submissions, far apart (no two flagged as duplicates), each with its own WhatsApp. */
function floodBody(i: number): Record<string, unknown> {
  const place = { latitude: 0.5 + (i % 100) * 0.05, longitude: -76 + Math.floor(i / 100) * 0.05 };
  const common = {
    emergencySlug: FLOOD,
    source: SOURCES[i % SOURCES.length],
    externalId: `crecida-${i}`,
    category: CATEGORIES[i % CATEGORIES.length],
    contactWhatsapp: `+5730${String(10_000_000 + i).padStart(8, '0')}`,
    title: `Pedido número ${i} de la creciente`,
  };
  if (i % 5 === 4) return offerBody({ ...common, ...place, address: 'Vereda El Pepino' });
  return requestBody({ ...common, ...place, urgency: i % 7 === 0 ? 'urgent' : 'needed' });
}

/** The inbox order from the database's own rows: urgent first, then the longest waiting, ties by id. */
async function expectedOrder(filter: (s: Seeded) => boolean = () => true): Promise<string[]> {
  const rows = await h.ctx.db
    .selectFrom('help_records')
    .select(['id', 'urgency', 'submitted_at', 'revision_submitted_at'])
    .where('emergency_id', '=', floodId)
    .where('review_status', '=', 'pending_review')
    .execute();
  const wanted = new Set(seeded.filter(filter).map((s) => s.id));
  const key = (r: (typeof rows)[number]) =>
    [r.urgency === 'urgent' ? 0 : 1, r.revision_submitted_at ?? r.submitted_at, r.id] as const;
  return rows
    .filter((r) => wanted.has(r.id))
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] as never) < (y[i] as never) ? -1 : 1;
      return 0;
    })
    .map((r) => r.id);
}

const reviewLinks = (body: string, slug = FLOOD) =>
  [...body.matchAll(new RegExp(`<h2><a href="/panel/e/${slug}/revisar/([0-9a-f-]{36})(?:\\?[^"#]*)?"`, 'g'))].map(
    (m) => m[1] as string,
  );
const nextLink = (body: string) =>
  /<a href="([^"]+)" rel="next">Siguientes<\/a>/.exec(body)?.[1]?.replaceAll('&amp;', '&');

/** Follows "Siguientes" from a first page to the last; returns every id in the order shown. */
async function walk(browser: Browser, first: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let url: string | undefined = first;
  let pages = 0;
  while (url) {
    const res = await browser.get(url);
    assert.equal(res.statusCode, 200, url);
    ids.push(...reviewLinks(res.body));
    url = nextLink(res.body);
    pages++;
    assert.ok(pages <= PENDING / 100 + 2, 'the pages end');
  }
  return { ids, pages };
}

describe('paging through a flood', () => {
  test('every pending submission is reachable, once each, in the stable inbox order', async () => {
    const { browser } = await leader(h, [FLOOD]);
    const first = await browser.get(`/panel/e/${FLOOD}`);
    // Written as every count of the console: "3.000".
    assert.match(first.body, new RegExp(`Se muestran 100 de ${formatNumber(PENDING).replace('.', '\\.')}\\.`));
    assert.doesNotMatch(first.body, /<script(?! src="\/panel\/consola\.js" defer><\/script>)/i, 'no inline script');
    const { ids, pages } = await walk(browser, `/panel/e/${FLOOD}`);
    assert.equal(pages, PENDING / 100);
    assert.equal(ids.length, PENDING);
    assert.equal(new Set(ids).size, PENDING, 'no submission shown twice');
    assert.deepEqual(ids, await expectedOrder());
  });

  test('submissions arriving ahead of the page a leader is on do not shift it', async () => {
    const { browser } = await leader(h, [FLOOD]);
    let url = `/panel/e/${FLOOD}`;
    for (let i = 0; i < 4; i++) url = nextLink((await browser.get(url)).body) as string;
    const fifthBefore = reviewLinks((await browser.get(url)).body);
    // An urgent one goes ahead of every non-urgent one: an offset would now show one item twice.
    const { result } = await submitHelp(
      h.ctx,
      parse({ ...floodBody(PENDING + 1), type: 'request', urgency: 'urgent' }),
    );
    const fifthAfter = reviewLinks((await browser.get(url)).body);
    assert.deepEqual(fifthAfter, fifthBefore);
    const urgent = await walk(browser, `/panel/e/${FLOOD}?urgencia=urgent`);
    assert.equal(urgent.ids.at(-1), result.id, 'the newest urgent one waits last among the urgent');
    await rejectSubmission(h.ctx, result.id, 'test', 'Prueba de orden');
  });
});

describe('filters', () => {
  test('category, type, urgency, source and age narrow the inbox, across pages', async () => {
    const { browser } = await leader(h, [FLOOD]);
    const agua = await walk(browser, `/panel/e/${FLOOD}?categoria=agua&tipo=request`);
    assert.deepEqual(agua.ids, await expectedOrder((s) => s.category === 'agua' && s.type === 'request'));
    assert.ok(agua.pages > 1, 'the filter is kept on the next pages');

    const urgent = await walk(browser, `/panel/e/${FLOOD}?urgencia=urgent&origen=kobo-campo`);
    assert.deepEqual(urgent.ids, await expectedOrder((s) => s.urgent && s.source === 'kobo-campo'));
    assert.ok(urgent.ids.length > 0);

    const offers = await walk(browser, `/panel/e/${FLOOD}?tipo=offer&espera=24`);
    const oldest = new Set(seeded.slice(0, PENDING / 3).map((s) => s.id));
    assert.deepEqual(offers.ids, await expectedOrder((s) => s.type === 'offer' && oldest.has(s.id)));
    const sixHours = await browser.get(`/panel/e/${FLOOD}?espera=6&tipo=offer`);
    assert.match(sixHours.body, /Se muestran 100 de 400 que coinciden con los filtros/);

    const page = await browser.get(`/panel/e/${FLOOD}?categoria=agua`);
    assert.match(page.body, /<option value="agua" selected>/, 'the form shows the filter in use');
    assert.match(page.body, /<option value="kobo-campo">kobo-campo<\/option>/, 'sources waiting are offered');
    assert.match(page.body, /method="get"/);
  });

  test('invalid filters get an inline error, never a 500', async () => {
    const { browser } = await leader(h, [FLOOD]);
    const bogusCursor = Buffer.from('2|ayer|x').toString('base64url');
    for (const [query, message] of [
      ['categoria=lava', /Categoría desconocida/],
      ['tipo=ambos', /El tipo debe ser solicitud u ofrecimiento/],
      ['urgencia=ya', /Urgencia desconocida/],
      ['origen=%3Cscript%3E', /El origen solo lleva letras/],
      ['espera=mucho', /La espera debe ser un número de horas/],
      ['espera=-1', /La espera debe ser un número de horas/],
      ['despues=no-es-un-cursor!', /El enlace de página no es válido/],
      [`despues=${bogusCursor}`, /El enlace de página no es válido/],
      ['categoria=agua&categoria=lava', /Categoría desconocida/],
    ] as const) {
      const res = await browser.get(`/panel/e/${FLOOD}?${query}`);
      assert.equal(res.statusCode, 400, query);
      assert.match(res.body, message, query);
      assert.match(res.body, /role="alert"/, query);
      assert.match(res.body, /Corrija los filtros para ver la bandeja/, query);
      assert.doesNotMatch(res.body, /<script>/, query);
    }
    const invalidField = await browser.get(`/panel/e/${FLOOD}?categoria=lava`);
    assert.match(
      invalidField.body,
      /<select id="categoria" name="categoria" aria-describedby="categoria-error" aria-invalid="true">/,
    );
  });
});

describe('the CLI reads the same inbox', () => {
  const cli = (...args: string[]) => runCli(args, { DATABASE_URL: h.dbUrl });

  test('review list pages with --limit and --after in the console order, with the same filters', async () => {
    const ids: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await cli(
        'review',
        'list',
        '--emergency',
        FLOOD,
        '--json',
        '--limit',
        '1000',
        ...(after ? ['--after', after] : []),
      );
      assert.equal(res.code, 0, res.stderr);
      const items = JSON.parse(res.stdout) as { id: string; version: number; cursor: string }[];
      ids.push(...items.map((i) => i.id));
      if (items.length < 1000) break;
      after = items.at(-1)?.cursor;
    }
    assert.deepEqual(ids, await expectedOrder());

    const filtered = await cli(
      'review',
      'list',
      '--emergency',
      FLOOD,
      '--json',
      '--category',
      'agua',
      '--type',
      'request',
      '--limit',
      '5',
    );
    assert.equal(filtered.code, 0, filtered.stderr);
    const five = JSON.parse(filtered.stdout) as { id: string; version: number; category: string; type: string }[];
    assert.deepEqual(
      five.map((i) => i.id),
      (await expectedOrder((s) => s.category === 'agua' && s.type === 'request')).slice(0, 5),
    );
    assert.ok(five.every((i) => i.version === 1 && i.category === 'agua' && i.type === 'request'));

    const human = await cli('review', 'list', '--emergency', FLOOD, '--limit', '3');
    assert.match(human.stdout, /3 de 3000 pendientes/);
    assert.match(human.stdout, /Siguientes: ayuda review list --after \S+/);

    for (const args of [
      ['--type', 'ambos'],
      ['--after', 'basura!'],
      ['--limit', '0'],
      ['--limit', '1001'],
      ['--category', 'lava'],
    ]) {
      const res = await cli('review', 'list', ...args);
      assert.equal(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
    }
  });
});

describe('bulk rejection', () => {
  const inbox = `/panel/e/${SMALL}`;
  const bulk = `/panel/e/${SMALL}/rechazar-seleccionados`;
  const send = async (payload: Record<string, unknown>, token?: string) => {
    const res = await h.json({
      method: 'POST',
      url: HELP,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    return res.body as { id: string; editToken?: string };
  };
  /** The checkbox value of a record on the last page: its id and the version shown. */
  const checkbox = (browser: Browser, id: string) => {
    const value = new RegExp(`name="seleccion" value="(${id}:\\d+)"`).exec(browser.last?.body ?? '')?.[1];
    assert.ok(value, `${id} can be selected`);
    return value;
  };
  const postForm = (browser: Browser, fields: [string, string][]) =>
    browser.h.app.inject({
      method: 'POST',
      url: bulk,
      payload: new URLSearchParams([['_csrf', browser.csrf], ...fields]).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });

  test('the selected are rejected with the reason in each history; one changed meanwhile is skipped and listed', async () => {
    const { browser } = await leader(h, [SMALL]);
    const bodies = [1, 2, 3].map((n) => requestBody({ emergencySlug: SMALL, title: `Sorteo de mercados ${n}` }));
    const spam = [];
    for (const body of bodies) spam.push(await send(body));
    const changing = spam[2] as { id: string; editToken?: string };
    const keep = await send(requestBody({ emergencySlug: SMALL, title: 'Agua para el colegio' }));
    const page = await browser.get(inbox);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Rechazar seleccionadas/);
    const selected = spam.map((s) => checkbox(browser, s.id));
    // The submitter changes one after the page was rendered.
    await send({ ...bodies[2], description: 'Ahora es otra cosa' }, changing.editToken);
    const reason = `Spam de sorteos ${process.pid}`;
    const res = await postForm(browser, [
      ...selected.map((v) => ['seleccion', v] as [string, string]),
      ['reason', reason],
    ]);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.body, /Se rechazaron 2 publicaciones/);
    assert.match(res.body, /Se omitió 1: no se rechazó nada de ella/);
    assert.match(
      res.body,
      new RegExp(
        `<li data-id="${changing.id}"><a href="/panel/e/${SMALL}/revisar/${changing.id}">Sorteo de mercados 3</a>: cambió`,
      ),
    );
    for (const { id } of spam.slice(0, 2)) {
      const row = await h.ctx.db.selectFrom('help_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(row.review_status, 'rejected');
      assert.equal(row.reject_reason, reason);
      const events = await h.ctx.db.selectFrom('timeline_events').selectAll().where('help_id', '=', id).execute();
      assert.ok(events.some((e) => e.kind === 'rejected' && e.note === reason && e.is_public === 0));
      const audit = await h.ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', id).execute();
      assert.ok(audit.some((a) => a.action === 'rejected' && String(a.details).includes(reason)));
    }
    const stillPending = async (id: string) =>
      (await h.ctx.db.selectFrom('help_records').select('review_status').where('id', '=', id).executeTakeFirstOrThrow())
        .review_status;
    assert.equal(await stillPending(changing.id), 'pending_review', 'the changed one waits for a fresh look');
    assert.equal(await stillPending(keep.id), 'pending_review', 'the unselected one is untouched');
  });

  test('a reason and a selection are required, at most 100 at a time, only this emergency, only with the form token', async () => {
    const { browser } = await leader(h, [SMALL]);
    const mine = await send(requestBody({ emergencySlug: SMALL, title: 'Publicación del sismo' }));
    const theirs = await send(requestBody({ emergencySlug: FLOOD, title: 'Publicación de otra emergencia' }));
    await browser.get(inbox);
    const value = checkbox(browser, mine.id);
    const status = async (id: string) =>
      (await h.ctx.db.selectFrom('help_records').select('review_status').where('id', '=', id).executeTakeFirstOrThrow())
        .review_status;

    const noReason = await postForm(browser, [
      ['seleccion', value],
      ['reason', '  '],
    ]);
    assert.equal(noReason.statusCode, 400);
    assert.match(noReason.body, /Indique el motivo del rechazo/);
    assert.match(noReason.body, new RegExp(`value="${value}" checked`), 'the selection is kept');
    const none = await postForm(browser, [['reason', 'Spam']]);
    assert.equal(none.statusCode, 400);
    assert.match(none.body, /Seleccione al menos una publicación/);
    const many = Array.from({ length: 101 }, (_, i) => ['seleccion', `${seeded[i]?.id}:1`] as [string, string]);
    const tooMany = await postForm(browser, [...many, ['reason', 'Spam']]);
    assert.equal(tooMany.statusCode, 400);
    assert.match(tooMany.body, /Puede rechazar hasta 100 publicaciones a la vez; seleccionó 101/);
    const garbage = await postForm(browser, [
      ['seleccion', 'x; drop table'],
      ['reason', 'Spam'],
    ]);
    assert.equal(garbage.statusCode, 400);
    const forged = await browser.h.app.inject({
      method: 'POST',
      url: bulk,
      payload: new URLSearchParams([
        ['seleccion', value],
        ['reason', 'Spam'],
      ]).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    assert.equal(forged.statusCode, 403);
    assert.equal(await status(mine.id), 'pending_review', 'nothing rejected by a refused form');
    assert.equal(await status(seeded[0]?.id as string), 'pending_review');

    const other = await postForm(browser, [
      ['seleccion', value],
      ['seleccion', `${theirs.id}:1`],
      ['reason', 'Spam'],
    ]);
    assert.equal(other.statusCode, 200);
    assert.match(other.body, /Se rechazó 1 publicación/);
    assert.match(other.body, /no existe en esta emergencia/);
    assert.doesNotMatch(other.body, /Publicación de otra emergencia/, 'nothing about another emergency is shown');
    assert.equal(await status(theirs.id), 'pending_review');
    assert.equal(await status(mine.id), 'rejected');
    await rejectSubmission(h.ctx, theirs.id, 'test', 'limpieza');
  });
});

/** A context whose database counts every row its queries return: the search index's reads, measured. */
function counting(ctx: Context): { ctx: Context; rows: () => number } {
  let rows = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      rows += args.result.rows.length;
      return args.result;
    },
  };
  return { ctx: { ...ctx, db: ctx.db.withPlugin(plugin) }, rows: () => rows };
}

describe('search index after a rejection', () => {
  test(`with ${PENDING} pending, the next search reads the changed rows, not the whole inbox again`, async () => {
    const measured = counting(h.ctx);
    const search = new PublicSearch(measured.ctx);
    const query: IndexQuery = {
      emergencyIds: [floodId],
      type: 'all',
      status: 'all',
      priority: 'all',
      logistics: false,
      limit: 10,
    };
    const built = await search.search(query);
    assert.equal(built.total, 5, 'only the published records are found');
    assert.ok(measured.rows() > PENDING, `the first search reads every row (${measured.rows()})`);
    // PostgreSQL re-reads a window of recent change numbers (commits can land out of order); SQLite does not.
    const window = engine === 'postgres' ? 1000 : 0;
    for (const victim of seeded.slice(0, 3)) {
      const before = measured.rows();
      await rejectSubmission(h.ctx, victim.id, 'test', 'Duplicada');
      const found = await search.search(query);
      const read = measured.rows() - before;
      assert.equal(found.total, 5);
      assert.ok(read >= 1, 'the rejection is read');
      assert.ok(read <= window + 1, `a rejection made the search read ${read} rows (at most ${window + 1})`);
    }
  });
});
