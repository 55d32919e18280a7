// Review batches at flood scale: "Revisar los siguientes 20" takes the next cards nobody holds, in inbox order, and
// hides them from the other leaders until they are decided, let go, or REVIEW_CLAIM_MINUTES pass; urgent cards and
// rescues are never hidden; two leaders at once get disjoint batches; a leader of another emergency can do nothing.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { purgeConsoleState } from '../src/commands/purge-console-state.ts';
import { claimNextBatch, REVIEW_BATCH, releaseClaims } from '../src/commands/review-claims.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { reviewInbox } from '../src/queries/review-inbox.ts';
import { type InboxFilter, inboxCount } from '../src/repositories/help-records/review-inbox.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { type Browser, leader } from './helpers/console.ts';
import { addEmergency, type Harness, offerBody, requestBody, setup } from './helpers/harness.ts';

const FLOOD = 'creciente-rio-putumayo';
const OTHER = 'deslizamiento-mocoa';
const CLAIM_MINUTES = 30;
/** Cards waiting in the flood: enough for two batches and more. */
const WAITING = 60;

let h: Harness;
let floodId = '';
let otherId = '';
type Leader = Awaited<ReturnType<typeof leader>>;
let ana: Leader;
let beto: Leader;
let outsider: Leader;
/** Which seeded cards nobody may hide: urgent ones and rescues. */
const alwaysShown = new Set<string>();

before(async () => {
  h = await setup({ REVIEW_CLAIM_MINUTES: String(CLAIM_MINUTES) });
  floodId = (await addEmergency(h, FLOOD, 'Creciente del río Putumayo')).id;
  otherId = (await addEmergency(h, OTHER, 'Deslizamiento en Mocoa')).id;
  ana = await leader(h, [FLOOD]);
  beto = await leader(h, [FLOOD]);
  outsider = await leader(h, [OTHER]);
  for (let i = 0; i < WAITING; i++) {
    const common = {
      emergencySlug: FLOOD,
      externalId: `creciente-${i}`,
      contactWhatsapp: `+5731${String(20_000_000 + i).padStart(8, '0')}`,
      title: `Necesidad ${i} de la creciente`,
      latitude: 0.5 + i * 0.05,
      longitude: -76.2,
    };
    // Every 9th an urgent request, every 13th a rescue that is not urgent, the rest ordinary needs and offers.
    const body =
      i % 9 === 0
        ? requestBody({ ...common, urgency: 'urgent', category: i % 2 === 0 ? 'rescate' : 'agua' })
        : i % 13 === 0
          ? requestBody({ ...common, urgency: 'needed', category: 'rescate' })
          : i % 4 === 3
            ? offerBody(common)
            : requestBody({ ...common, urgency: 'needed', category: 'alimentos' });
    const { result } = await submitHelp(h.ctx, helpSubmission.parse(body));
    if (body.urgency === 'urgent' || body.category === 'rescate') alwaysShown.add(result.id);
  }
  // A card in the other emergency, for the leader who may not touch the flood.
  await submitHelp(h.ctx, helpSubmission.parse(requestBody({ emergencySlug: OTHER, externalId: 'deslizamiento-1' })));
});

after(() => h.close());

afterEach(async () => {
  for (const who of [ana, beto, outsider]) await releaseClaims(h.ctx, who.account.id);
});

async function inboxOf(filter: Omit<InboxFilter, 'emergencyId'>) {
  return reviewInbox(h.ctx, { emergencyId: floodId, filter, limit: 1000 });
}

async function claimIds(accountId: string): Promise<Set<string>> {
  const rows = await h.ctx.db
    .selectFrom('review_claims')
    .select('record_id')
    .where('account_id', '=', accountId)
    .execute();
  return new Set(rows.map((r) => r.record_id));
}

describe('a review batch', () => {
  test('takes the next 20 cards nobody holds, in inbox order, and hides them from colleagues but urgent ones and rescues', async () => {
    const before = await inboxOf({});
    const taken = await claimNextBatch(h.ctx, { emergencyId: floodId, accountId: ana.account.id });
    assert.equal(taken.length, REVIEW_BATCH);
    // The first 20 of the inbox order, as the whole inbox listed them.
    assert.deepEqual(
      [...taken].sort(),
      before.items
        .slice(0, REVIEW_BATCH)
        .map((i) => i.record.id)
        .sort(),
    );

    const mine = await inboxOf({ viewerAccountId: ana.account.id, onlyClaimedBy: ana.account.id });
    assert.deepEqual(
      mine.items.map((i) => i.record.id),
      before.items.slice(0, REVIEW_BATCH).map((i) => i.record.id),
      'the batch is listed in inbox order',
    );
    assert.ok(mine.items.every((i) => i.record.claimed_by_me && i.record.claimed_by_name === ana.account.name));
    assert.equal(mine.total, REVIEW_BATCH);

    const theirs = await inboxOf({ viewerAccountId: beto.account.id });
    const shown = new Set(theirs.items.map((i) => i.record.id));
    const held = taken.filter((id) => !alwaysShown.has(id));
    const stillShown = taken.filter((id) => alwaysShown.has(id));
    assert.ok(held.length > 0 && stillShown.length > 0, 'the batch holds both kinds of card');
    for (const id of held) assert.ok(!shown.has(id), `${id} is hidden from a colleague`);
    for (const id of stillShown) {
      const item = theirs.items.find((i) => i.record.id === id);
      assert.ok(item, `urgent or rescue card ${id} stays in a colleague's inbox`);
      assert.equal(item.record.claimed_by_name, ana.account.name);
      assert.equal(item.record.claimed_by_me, false);
    }
    // What the inbox counts is what it lists.
    assert.equal(theirs.total, theirs.items.length);
    assert.equal(theirs.total, before.total - held.length);
    assert.equal(
      await inboxCount(h.ctx.db, {
        emergencyId: floodId,
        viewerAccountId: beto.account.id,
        claimsAt: h.clock.now().toISOString(),
      }),
      theirs.total,
    );
    // Cards nobody holds carry no mark.
    assert.ok(theirs.items.filter((i) => !taken.includes(i.record.id)).every((i) => i.record.claimed_by_name === null));
  });

  test('a colleague asking next gets the following cards, never one of the first batch', async () => {
    const first = await claimNextBatch(h.ctx, { emergencyId: floodId, accountId: ana.account.id });
    const second = await claimNextBatch(h.ctx, { emergencyId: floodId, accountId: beto.account.id });
    assert.equal(second.length, REVIEW_BATCH);
    assert.equal(new Set([...first, ...second]).size, first.length + second.length);
    // Asking again keeps one's own batch (held again) and takes nothing from the colleague.
    const again = await claimNextBatch(h.ctx, { emergencyId: floodId, accountId: ana.account.id });
    assert.deepEqual([...again].sort(), [...first].sort());
  });

  test('two leaders clicking at once get disjoint batches', async () => {
    const [a, b] = await Promise.all([
      claimNextBatch(h.ctx, { emergencyId: floodId, accountId: ana.account.id }),
      claimNextBatch(h.ctx, { emergencyId: floodId, accountId: beto.account.id }),
    ]);
    assert.equal(new Set([...a, ...b]).size, a.length + b.length, 'no card is in both batches');
    assert.equal(a.length, REVIEW_BATCH);
    assert.equal(b.length, REVIEW_BATCH);
    assert.deepEqual(await claimIds(ana.account.id), new Set(a));
    assert.deepEqual(await claimIds(beto.account.id), new Set(b));
  });

  test('follows the filter and tops up after decisions; the batch ends when nothing of it waits', async () => {
    const offers = await claimNextBatch(h.ctx, {
      emergencyId: floodId,
      accountId: ana.account.id,
      filter: { type: 'offer' },
    });
    const allOffers = (await inboxOf({ type: 'offer' })).items.map((i) => i.record.id);
    assert.deepEqual([...offers].sort(), [...allOffers].sort(), 'fewer than 20 offers wait: all of them');
    const decided = offers[0] as string;
    await approveSubmission(h.ctx, decided, 'test');
    const mine = await inboxOf({ viewerAccountId: ana.account.id, onlyClaimedBy: ana.account.id });
    assert.equal(mine.total, offers.length - 1, 'a decided card leaves the batch');
    for (const id of offers.slice(1)) await approveSubmission(h.ctx, id, 'test');
    const empty = await inboxOf({ viewerAccountId: ana.account.id, onlyClaimedBy: ana.account.id });
    assert.equal(empty.total, 0);
  });

  test('expires after REVIEW_CLAIM_MINUTES: the cards are everyone’s again and can be taken', async () => {
    const taken = await claimNextBatch(h.ctx, { emergencyId: floodId, accountId: ana.account.id });
    const hidden = taken.filter((id) => !alwaysShown.has(id));
    h.clock.advanceHours((CLAIM_MINUTES - 1) / 60);
    let theirs = new Set((await inboxOf({ viewerAccountId: beto.account.id })).items.map((i) => i.record.id));
    assert.ok(
      hidden.every((id) => !theirs.has(id)),
      'still held a minute before the end',
    );
    h.clock.advanceHours(2 / 60);
    theirs = new Set((await inboxOf({ viewerAccountId: beto.account.id })).items.map((i) => i.record.id));
    assert.ok(
      hidden.every((id) => theirs.has(id)),
      'back in the colleague’s inbox',
    );
    const next = await claimNextBatch(h.ctx, { emergencyId: floodId, accountId: beto.account.id });
    assert.deepEqual([...next].sort(), [...taken].sort(), 'the colleague takes the expired batch over');
    // Upkeep drops the ended rows a day later, not before.
    await releaseClaims(h.ctx, beto.account.id);
    await claimNextBatch(h.ctx, { emergencyId: floodId, accountId: ana.account.id });
    h.clock.advanceHours(CLAIM_MINUTES / 60 + 1);
    await purgeConsoleState(h.ctx);
    assert.ok((await claimIds(ana.account.id)).size > 0, 'an hour after its end the row is still there');
    h.clock.advanceHours(24);
    await purgeConsoleState(h.ctx);
    assert.equal((await claimIds(ana.account.id)).size, 0);
  });
});

describe('the console routes', () => {
  // The batch tests moved the clock a day on: the sessions ended.
  before(async () => {
    for (const who of [ana, beto, outsider]) assert.equal((await who.browser.signIn(who.email)).statusCode, 303);
  });
  const claimPath = `/panel/e/${FLOOD}/revisar-siguientes`;
  const releasePath = `/panel/e/${FLOOD}/soltar`;

  async function page(browser: Browser) {
    await browser.get(`/panel/e/${FLOOD}`);
  }

  test('"Revisar los siguientes 20" claims for the form’s filter and goes to the batch', async () => {
    await page(ana.browser);
    const res = await ana.browser.post(claimPath, { tipo: 'request', urgencia: 'needed' });
    assert.equal(res.statusCode, 303, res.body);
    const location = new URL(String(res.headers.location), 'http://x');
    assert.equal(location.pathname, `/panel/e/${FLOOD}`);
    assert.equal(location.searchParams.get('lote'), '1');
    assert.equal(location.searchParams.get('tipo'), 'request');
    assert.equal(location.searchParams.get('urgencia'), 'needed');
    const held = await claimIds(ana.account.id);
    assert.equal(held.size, REVIEW_BATCH);
    const records = await h.ctx.db
      .selectFrom('help_records')
      .select(['type', 'urgency'])
      .where('id', 'in', [...held])
      .execute();
    assert.ok(records.every((r) => r.type === 'request' && r.urgency === 'needed'));
  });

  test('a bad filter is refused in Spanish and claims nothing', async () => {
    await page(ana.browser);
    const res = await ana.browser.post(claimPath, { tipo: 'cosa' });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /No se tomó ningún lote/);
    assert.equal((await claimIds(ana.account.id)).size, 0);
  });

  test('letting go: 204 for the page’s beacon, 303 for the button, and a form without the token does nothing', async () => {
    await page(ana.browser);
    await ana.browser.post(claimPath, {});
    assert.equal((await claimIds(ana.account.id)).size, REVIEW_BATCH);
    const forged = await ana.browser.post(releasePath, { _csrf: 'x', beacon: '1' });
    assert.equal(forged.statusCode, 403);
    assert.equal((await claimIds(ana.account.id)).size, REVIEW_BATCH);
    await page(ana.browser);
    const beacon = await ana.browser.post(releasePath, { beacon: '1' });
    assert.equal(beacon.statusCode, 204);
    assert.equal((await claimIds(ana.account.id)).size, 0);
    await ana.browser.post(claimPath, {});
    await page(ana.browser);
    const button = await ana.browser.post(releasePath, { categoria: 'rescate' });
    assert.equal(button.statusCode, 303);
    assert.equal(button.headers.location, `/panel/e/${FLOOD}?categoria=rescate`);
    assert.equal((await claimIds(ana.account.id)).size, 0);
  });

  test('signing out lets the batch go', async () => {
    const { browser, account } = await leader(h, [FLOOD]);
    await browser.get(`/panel/e/${FLOOD}`);
    await browser.post(claimPath, {});
    assert.equal((await claimIds(account.id)).size, REVIEW_BATCH);
    await browser.get(`/panel/e/${FLOOD}`);
    const out = await browser.post('/panel/salir', {});
    assert.equal(out.statusCode, 303);
    assert.equal((await claimIds(account.id)).size, 0);
  });
});

describe('a scammer on the team', () => {
  test('cannot hide an urgent rescue request from colleagues by claiming it', async () => {
    const rescue = (await inboxOf({ urgency: 'urgent', category: 'rescate' })).items.map((i) => i.record.id);
    assert.ok(rescue.length > 0);
    const taken = await claimNextBatch(h.ctx, {
      emergencyId: floodId,
      accountId: ana.account.id,
      filter: { urgency: 'urgent', category: 'rescate' },
    });
    assert.deepEqual([...taken].sort(), [...rescue].sort());
    const theirs = await inboxOf({ viewerAccountId: beto.account.id, urgency: 'urgent', category: 'rescate' });
    assert.deepEqual(theirs.items.map((i) => i.record.id).sort(), [...rescue].sort());
    assert.ok(theirs.items.every((i) => i.record.claimed_by_name === ana.account.name));
    // Nor through the console.
    await beto.browser.get(`/panel/e/${FLOOD}`);
    assert.equal((await beto.browser.post(claimUrl(FLOOD), { urgencia: 'urgent' })).statusCode, 303);
    const stillTheirs = await inboxOf({ viewerAccountId: ana.account.id, urgency: 'urgent', category: 'rescate' });
    assert.equal(stillTheirs.total, rescue.length);
  });

  test('a leader of another emergency can neither claim nor let go there', async () => {
    await assert.rejects(claimNextBatch(h.ctx, { emergencyId: floodId, accountId: outsider.account.id }), {
      code: 'forbidden',
    });
    await claimNextBatch(h.ctx, { emergencyId: floodId, accountId: ana.account.id });
    await assert.rejects(releaseClaims(h.ctx, outsider.account.id, floodId), { code: 'forbidden' });
    await outsider.browser.get(`/panel/e/${OTHER}`);
    assert.equal((await outsider.browser.post(claimUrl(FLOOD), {})).statusCode, 403);
    assert.equal((await outsider.browser.post(`/panel/e/${FLOOD}/soltar`, { beacon: '1' })).statusCode, 403);
    assert.equal((await claimIds(outsider.account.id)).size, 0);
    assert.equal((await claimIds(ana.account.id)).size, REVIEW_BATCH, 'the colleague’s batch is untouched');
    // In its own emergency it works.
    const own = await claimNextBatch(h.ctx, { emergencyId: otherId, accountId: outsider.account.id });
    assert.equal(own.length, 1);
  });
});

describe('REVIEW_CLAIM_MINUTES', () => {
  test('defaults to 15 and takes 1 to 240', () => {
    const base = { DATABASE_URL: ':memory:' };
    assert.equal(loadConfig(base).reviewClaimMinutes, 15);
    assert.equal(loadConfig({ ...base, REVIEW_CLAIM_MINUTES: '240' }).reviewClaimMinutes, 240);
    for (const bad of ['0', '241', '2.5', 'quince']) {
      assert.throws(() => loadConfig({ ...base, REVIEW_CLAIM_MINUTES: bad }), ConfigError);
    }
  });
});

function claimUrl(slug: string): string {
  return `/panel/e/${slug}/revisar-siguientes`;
}
