// Review at flood scale, in a real browser: two leaders clear 500 pending submissions (genuine ones, scams with
// links, and near-copies of published records) at the same time, one on a laptop with the console script and one
// on a phone without JavaScript. Each takes batches of 20 that the other's inbox skips; no record is seen by both or
// decided twice. Actions (clicks, keys, typing) are counted only over decisions on cards whose content was on
// screen, and must stay at or under 1.2 per decision; bytes and time per decision are reported.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserSkip, launch, PHONE } from './helpers/browser.ts';
import { leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, type Harness, offerBody, publish, requestBody, setup, submit } from './helpers/harness.ts';

const SLUG = 'creciente-mocoa';
const LAPTOP = { width: 1366, height: 768 } as const;
const GENUINE = 468;
const ORIGINALS = 10;
const COPIES_EACH = 2;
const SCAMS = 12;
const PENDING = GENUINE + ORIGINALS * COPIES_EACH + SCAMS;
const MAX_ACTIONS_PER_DECISION = 1.2;

type Kind = 'genuine' | 'copy' | 'scam';

let h: Harness;
let browser: Browser;
let base = '';
const kindOf = new Map<string, Kind>();
const emails: string[] = [];

/** Seven digits from a number: every test number distinct and valid (+57 300 …). */
const phone = (n: number) => `+57300${String(10_000_000 + n).slice(1)}`;

/** One leader at work: what they did, what it cost, and what they saw. */
class Desk {
  actions = 0;
  batches = 0;
  scrolls = 0;
  bytes = 0;
  readonly decided = new Set<string>();
  readonly shown = new Set<string>();
  readonly sizes: Promise<void>[] = [];
  started = 0;
  finished = 0;
  readonly name: string;
  readonly page: Page;
  readonly viewport: { width: number; height: number };
  constructor(name: string, context: BrowserContext, page: Page, viewport: { width: number; height: number }) {
    this.name = name;
    this.page = page;
    this.viewport = viewport;
    context.on('requestfinished', (request) => {
      this.sizes.push(
        request.sizes().then((s) => {
          this.bytes += s.responseBodySize + s.responseHeadersSize + s.requestBodySize + s.requestHeadersSize;
        }),
      );
    });
  }

  /** One thing the leader does with a hand: a click, a key, a field typed. */
  async act<T>(what: () => Promise<T>): Promise<T> {
    this.actions++;
    return what();
  }

  /** The cards on the page now, with what the leader reads on each. */
  async cards(): Promise<{ id: string; title: string; checked: boolean; joins: number }[]> {
    const read = `[...document.querySelectorAll('li.inbox-card')].map((li) => ({
      id: li.dataset.id,
      title: li.querySelector('h2 a')?.textContent ?? '',
      checked: li.querySelector('input[name="seleccion"]').checked,
      joins: li.querySelectorAll('[data-decision="unir"]').length,
    }))`;
    // The script may be bringing a finished batch's page back just now: read the page it lands on.
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.page.evaluate(read)) as { id: string; title: string; checked: boolean; joins: number }[];
      } catch (err) {
        if (attempt === 3 || !String(err).includes('Execution context was destroyed')) throw err;
        await this.page.waitForLoadState('load');
      }
    }
  }

  /** Reads the page from top to bottom, a screen at a time; every card fully on screen at some point is shown. */
  async read(): Promise<void> {
    await this.page.evaluate('window.scrollTo(0, 0)');
    for (;;) {
      // A person reads what is on screen: a few frames pass before the next scroll (the script notes what was seen).
      await this.page.waitForTimeout(50);
      const visible = (await this.page.evaluate(`[...document.querySelectorAll('li.inbox-card')]
        .filter((li) => { const r = li.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })
        .map((li) => li.dataset.id)`)) as string[];
      for (const id of visible) this.shown.add(id);
      const more = (await this.page.evaluate(
        'window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2',
      )) as boolean;
      if (!more) break;
      // A third of a screen at a time: every card (even a tall one on a phone) is whole on screen at some step.
      await this.page.evaluate('window.scrollBy(0, Math.floor(window.innerHeight / 3))');
      this.scrolls++;
    }
  }
}

async function signIn(desk: Desk, email: string): Promise<void> {
  await desk.page.goto(`${base}/panel/entrar`);
  await desk.page.fill('#email', email);
  await desk.page.fill('#password', PASSWORD);
  await Promise.all([desk.page.waitForURL(/\/panel(\/|$)/), desk.page.click('button[type=submit]')]);
}

/** Takes the next batch; false when nothing was left to take. */
async function takeBatch(desk: Desk): Promise<boolean> {
  desk.batches++;
  assert.ok(desk.batches <= PENDING / 10, `${desk.name} keeps taking batches: decisions are not being made`);
  const button = desk.page.locator('button:has-text("Revisar los siguientes 20"), button:has-text("Tomar 20 más")');
  await desk.act(() => Promise.all([desk.page.waitForURL(/lote=1/), button.first().click()]));
  return (await desk.page.locator('li.inbox-card').count()) > 0;
}

/** The laptop leader, console script on: decisions go without reloading. */
async function withScript(desk: Desk): Promise<void> {
  const { page } = desk;
  while (await takeBatch(desk)) {
    await desk.read();
    for (const card of await desk.cards()) {
      const kind = kindOf.get(card.id);
      assert.ok(desk.shown.has(card.id), `${desk.name} saw «${card.title}» before deciding`);
      if (kind === 'copy') {
        assert.equal(card.joins, 1, `«${card.title}» offers the join to its published original`);
        assert.equal(card.checked, false, 'a likely duplicate is never pre-selected');
        await desk.act(() => page.click(`#c-${card.id} [data-decision="unir"]`));
        await page.waitForSelector(`#c-${card.id}`, { state: 'detached' });
        desk.decided.add(card.id);
      } else if (kind === 'scam') {
        assert.equal(card.checked, false, 'a card with a link is never pre-selected');
        await desk.act(() => page.click(`#c-${card.id} [data-decision="rechazar"]`));
        await desk.act(() => page.fill(`#motivo-${card.id}`, 'Pide pagos por un enlace: estafa'));
        await desk.act(() => page.click(`#c-${card.id} .inline-reject button[type=submit]`));
        await page.waitForSelector(`#c-${card.id}`, { state: 'detached' });
        desk.decided.add(card.id);
      } else if (!card.checked) {
        await desk.act(() => page.check(`#sel-${card.id}`));
      }
    }
    const rest = (await desk.cards()).map((c) => c.id);
    if (rest.length === 0) {
      // The batch's last card was decided on its own: the script brought the finished batch back.
      await page.waitForSelector('text=Su lote está terminado');
      continue;
    }
    const seen = (await page.evaluate(
      `[...document.querySelectorAll('li.inbox-card')].filter((li) => li.dataset.seen === '1').map((li) => li.dataset.id)`,
    )) as string[];
    assert.deepEqual(new Set(seen), new Set(rest), 'the script counts every remaining card as shown');
    await desk.act(() => page.click('button:has-text("Aprobar seleccionadas")'));
    await page.waitForSelector('text=Su lote está terminado').catch(async (err) => {
      throw new Error(`${err} — the bar said: ${await page.textContent('.js-status')} at ${page.url()}`);
    });
    for (const id of rest) desk.decided.add(id);
  }
}

/** The phone leader, no JavaScript: every decision is a form and a page. */
async function withoutScript(desk: Desk): Promise<void> {
  const { page } = desk;
  while (await takeBatch(desk)) {
    await desk.read();
    // Joins and rejections first, each a page of its own; then the rest of the batch in one approval.
    for (;;) {
      const card = (await desk.cards()).find((c) => kindOf.get(c.id) !== 'genuine');
      if (!card) break;
      assert.ok(desk.shown.has(card.id), `${desk.name} saw «${card.title}» before deciding`);
      assert.equal(card.checked, false, 'a flagged card is never pre-selected');
      if (kindOf.get(card.id) === 'copy') {
        await desk.act(() =>
          Promise.all([page.waitForURL(/lote=1/), page.click(`#c-${card.id} [data-decision="unir"]`)]),
        );
      } else {
        await desk.act(() => page.click(`#c-${card.id} [data-decision="rechazar"]`));
        await desk.act(() => page.fill('#rechazar textarea[name="reason"]', 'Pide pagos por un enlace: estafa'));
        await desk.act(() => Promise.all([page.waitForURL(/lote=1/), page.click('#rechazar button[type=submit]')]));
      }
      assert.match(
        (await page.textContent('.flash')) ?? '',
        kindOf.get(card.id) === 'copy' ? /unida a la publicación/ : /rechazada/,
      );
      desk.decided.add(card.id);
    }
    const rest = await desk.cards();
    if (rest.length === 0) continue;
    for (const card of rest) {
      assert.ok(desk.shown.has(card.id), `${desk.name} saw «${card.title}» before approving it`);
      if (!card.checked) await desk.act(() => page.check(`#sel-${card.id}`));
    }
    await desk
      .act(() =>
        Promise.all([page.waitForURL(/aprobar-seleccionados/), page.click('button:has-text("Aprobar seleccionadas")')]),
      )
      .catch(async (err) => {
        await page.screenshot({ path: 'test-results/screenshots/flood-debug.png', fullPage: true });
        throw new Error(`${err} at ${page.url()} with ${rest.length} cards`);
      });
    assert.match((await page.textContent('.bulk-result')) ?? '', new RegExp(`Se aprob(ó|aron) ${rest.length} `));
    for (const card of rest) desk.decided.add(card.id);
  }
}

describe('two leaders clear a flood of 500 submissions', { skip: browserSkip }, () => {
  before(async () => {
    h = await setup({ BASE_URL: 'http://localhost:3000' });
    await addEmergency(h, SLUG, 'Creciente del río Mocoa');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    for (let i = 0; i < 2; i++) emails.push((await leader(h, [SLUG])).email);
    // Published needs, each with near-copies waiting (same number, a few metres away): joined, not published again.
    for (let o = 0; o < ORIGINALS; o++) {
      const place = {
        latitude: 1.4 + o * 0.01,
        longitude: -76.5,
        category: 'alimentos',
        contactWhatsapp: phone(900 + o),
      };
      await publish(h, requestBody({ emergencySlug: SLUG, title: `Mercados para el albergue ${o + 1}`, ...place }));
      for (let c = 0; c < COPIES_EACH; c++) {
        const id = await submit(
          h,
          requestBody({
            emergencySlug: SLUG,
            title: `Mercados albergue ${o + 1}, otra vez (${c + 1})`,
            ...place,
            latitude: place.latitude + 0.0001 * (c + 1),
          }),
        );
        kindOf.set(id, 'copy');
      }
    }
    for (let s = 0; s < SCAMS; s++) {
      const id = await submit(
        h,
        requestBody({
          emergencySlug: SLUG,
          title: `Entrega de mercados gratis ${s + 1}`,
          description: 'Reclame su mercado pagando el envío en http://mercados-gratis.example/pago',
          contactWhatsapp: phone(800 + s),
          latitude: 1.5 + s * 0.01,
          longitude: -76.45,
        }),
      );
      kindOf.set(id, 'scam');
    }
    const categories = ['agua', 'alimentos', 'medicamentos', 'higiene', 'refugio', 'rescate'] as const;
    for (let g = 0; g < GENUINE; g++) {
      const body =
        g % 9 === 0
          ? offerBody({ emergencySlug: SLUG, title: `Ofrezco transporte ${g}`, contactWhatsapp: phone(g) })
          : requestBody({
              emergencySlug: SLUG,
              title: `Necesidad ${g} en la vereda`,
              description: `Familia ${g} sin ${categories[g % 6]} desde la creciente.`,
              category: categories[g % 6],
              urgency: g % 7 === 0 ? 'urgent' : 'needed',
              contactWhatsapp: phone(g),
              quantityRequired: 5 + (g % 20),
              unit: 'kits',
              latitude: 1.05 + (g % 22) * 0.01,
              longitude: -76.75 + Math.floor(g / 22) * 0.01,
            });
      kindOf.set(await submit(h, body), 'genuine');
    }
    assert.equal(kindOf.size, PENDING);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('together, at most 1.2 actions per decision, none seen twice, every submission decided once', async (t) => {
    const laptop = await browser.newContext({ viewport: LAPTOP, locale: 'es-CO' });
    const phoneContext = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
    const desks = [
      new Desk('laptop, with the script', laptop, await laptop.newPage(), LAPTOP),
      new Desk('phone, without JavaScript', phoneContext, await phoneContext.newPage(), PHONE),
    ] as const;
    for (const [i, desk] of desks.entries()) {
      await signIn(desk, emails[i] as string);
      await desk.act(() => desk.page.goto(`${base}/panel/e/${SLUG}`));
    }

    // A laptop screen holds at least eight cards below the decisions bar.
    const [first] = desks;
    const cardsOnScreen = (await first.page.evaluate(`(() => {
      const cards = [...document.querySelectorAll('li.inbox-card')];
      window.scrollTo(0, cards[0].getBoundingClientRect().top + window.scrollY - document.querySelector('.bulk-bar').offsetHeight);
      return cards.filter((li) => { const r = li.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }).length;
    })()`)) as number;
    await first.page.screenshot({ path: 'test-results/screenshots/panel-bandeja-escritorio.png' });
    assert.ok(cardsOnScreen >= 8, `${cardsOnScreen} cards on a 1366×768 screen`);

    await Promise.all(
      desks.map(async (desk, i) => {
        desk.started = performance.now();
        await (i === 0 ? withScript(desk) : withoutScript(desk));
        desk.finished = performance.now();
      }),
    );

    const [a, b] = desks;
    const both = [...a.shown].filter((id) => b.shown.has(id));
    assert.deepEqual(both, [], 'no card was in both leaders’ batches');
    assert.equal(a.decided.size + b.decided.size, PENDING, 'every submission decided');

    const rows = await h.ctx.db
      .selectFrom('help_records')
      .select(['id', 'review_status', 'duplicate_of'])
      .where('id', 'in', [...kindOf.keys()])
      .execute();
    const expected: Record<Kind, string> = { genuine: 'approved', copy: 'joined', scam: 'rejected' };
    for (const row of rows) assert.equal(row.review_status, expected[kindOf.get(row.id) as Kind], row.id);
    const decisions = await h.ctx.db
      .selectFrom('audit_log')
      .select(['target_id', 'action'])
      .where('target_id', 'in', [...kindOf.keys()])
      .where('action', 'in', ['approved', 'rejected', 'submission_joined'])
      .execute();
    const perRecord = new Map<string, number>();
    for (const d of decisions) perRecord.set(d.target_id as string, (perRecord.get(d.target_id as string) ?? 0) + 1);
    assert.equal(perRecord.size, PENDING);
    assert.ok(
      [...perRecord.values()].every((n) => n === 1),
      'each record decided exactly once',
    );

    for (const desk of desks) {
      await Promise.all(desk.sizes);
      const n = desk.decided.size;
      const perDecision = desk.actions / n;
      t.diagnostic(
        `${desk.name} (${desk.viewport.width}×${desk.viewport.height}): ${n} decisions, ${desk.actions} actions ` +
          `(${perDecision.toFixed(2)} per decision), ${desk.scrolls} screens scrolled, ` +
          `${(desk.bytes / n / 1024).toFixed(1)} KB and ${((desk.finished - desk.started) / n).toFixed(0)} ms per decision`,
      );
      assert.ok(n > 0, `${desk.name} decided some`);
      assert.ok(
        perDecision <= MAX_ACTIONS_PER_DECISION,
        `${desk.name}: ${perDecision.toFixed(2)} actions per decision`,
      );
    }
    await laptop.close();
    await phoneContext.close();
  });
});
