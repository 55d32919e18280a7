// One leader per periodic job: two instances on one database tick the same job and only the one that claims its
// lease runs it; the lease passes on when it ends, and a failure is written down without freeing anything early.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { leasedJob, newLeaseHolder, runLeased } from '../src/commands/job-lease.ts';
import { leaseMs, PERIODIC_JOBS } from '../src/domain/periodic-jobs.ts';
import { jobLeaders } from '../src/queries/job-leaders.ts';
import { type Harness, setup } from './helpers/harness.ts';

const EVERY_MS = 5 * 60_000;
const LEASE_MS = leaseMs(EVERY_MS);
const HOUR_MS = 3_600_000;

let a: Harness;
let b: Harness;
const holderA = newLeaseHolder();
const holderB = newLeaseHolder();

before(async () => {
  a = await setup();
  b = await setup({}, a);
});
after(async () => {
  await b.close();
  await a.close();
});

/** Moves both instances' clocks, as real time moves for both. */
function advance(ms: number): void {
  a.clock.advanceHours(ms / HOUR_MS);
  b.clock.advanceHours(ms / HOUR_MS);
}

async function leaderOf(h: Harness, job: string) {
  const entry = (await jobLeaders(h.ctx)).find((l) => l.job === job);
  assert.ok(entry, job);
  return entry;
}

/** A run that waits until the test lets it go, so another instance can act while it is under way. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('one leader per job', () => {
  test('holders differ between two services of one process', () => {
    assert.notEqual(holderA, holderB);
  });

  test('two instances tick the same job at the same moment: exactly one runs it, each round', async () => {
    const winners: string[] = [];
    for (let round = 0; round < 12; round++) {
      let runs = 0;
      const body = async () => {
        runs++;
        await new Promise((resolve) => setImmediate(resolve)); // still running while the other claims
      };
      const [left, right] = await Promise.all([
        runLeased(a.ctx, holderA, 'sweep', EVERY_MS, body),
        runLeased(b.ctx, holderB, 'sweep', EVERY_MS, body),
      ]);
      assert.equal(runs, 1, `round ${round}`);
      assert.equal(Number(left.ran) + Number(right.ran), 1, `round ${round}`);
      winners.push(left.ran ? holderA : holderB);
      const leader = await leaderOf(a, 'sweep');
      assert.equal(leader.holder, winners.at(-1));
      assert.equal(leader.held, true);
      advance(EVERY_MS); // the next round: the lease, a little shorter than the interval, has ended
    }
  });

  test('the other instance skips while the lease runs and takes the job once it ends', async () => {
    advance(EVERY_MS);
    const ranA = await runLeased(a.ctx, holderA, 'upkeep', EVERY_MS, async () => 'a');
    assert.deepEqual(ranA, { ran: true, value: 'a' });
    // Its holder may run it again before the end (a tick that came early): the lease is its own.
    assert.equal((await runLeased(a.ctx, holderA, 'upkeep', EVERY_MS, async () => 'again')).ran, true);
    const claimedAt = Date.parse((await leaderOf(a, 'upkeep')).lastStartedAt ?? '');

    b.clock.advanceHours((LEASE_MS - 60_000) / HOUR_MS);
    let ranB = false;
    assert.deepEqual(
      await runLeased(b.ctx, holderB, 'upkeep', EVERY_MS, async () => {
        ranB = true;
      }),
      { ran: false },
    );
    assert.equal(ranB, false);

    b.clock.advanceHours(120_000 / HOUR_MS);
    assert.ok(b.ctx.now().getTime() > claimedAt + LEASE_MS, 'past the end of the lease');
    assert.equal((await runLeased(b.ctx, holderB, 'upkeep', EVERY_MS, async () => {})).ran, true);
    const leader = await leaderOf(b, 'upkeep');
    assert.equal(leader.holder, holderB);
    assert.ok(leader.leaseUntil !== null && Date.parse(leader.leaseUntil) > b.ctx.now().getTime());
    // Now the first instance skips.
    assert.equal((await runLeased(a.ctx, holderA, 'upkeep', EVERY_MS, async () => {})).ran, false);
    a.clock.advanceHours((LEASE_MS + 60_000) / HOUR_MS); // the clocks agree again
  });

  test('a job that throws records its error, keeps its lease to the end and leaves other jobs alone', async () => {
    advance(24 * HOUR_MS);
    assert.equal((await runLeased(b.ctx, holderB, 'upkeep', EVERY_MS, async () => {})).ran, true);
    const upkeepBefore = await leaderOf(a, 'upkeep');

    await assert.rejects(
      runLeased(a.ctx, holderA, 'retention', EVERY_MS, async () => {
        throw new Error('disco lleno');
      }),
      /disco lleno/,
    );
    const failed = await leaderOf(a, 'retention');
    assert.equal(failed.holder, holderA);
    assert.equal(failed.lastError, 'disco lleno');
    assert.equal(failed.lastErrorAt, failed.lastFinishedAt);
    assert.ok(failed.lastDurationMs !== null && failed.lastDurationMs >= 0);
    assert.equal(failed.held, true);
    // The round is done, failed or not: the other instance does not run it again before the lease ends.
    assert.equal((await runLeased(b.ctx, holderB, 'retention', EVERY_MS, async () => {})).ran, false);
    // Another job's lease and record are untouched.
    assert.deepEqual(await leaderOf(a, 'upkeep'), { ...upkeepBefore, held: true });

    // The next round succeeds elsewhere: the error is cleared, when the last failure happened is kept.
    advance(EVERY_MS);
    assert.equal((await runLeased(b.ctx, holderB, 'retention', EVERY_MS, async () => {})).ran, true);
    const recovered = await leaderOf(b, 'retention');
    assert.equal(recovered.holder, holderB);
    assert.equal(recovered.lastError, null);
    assert.equal(recovered.lastErrorAt, failed.lastErrorAt);
  });

  test('a run that outlasts its lease does not overwrite the instance that took the job over', async () => {
    advance(24 * HOUR_MS);
    const started = gate();
    const slow = gate();
    const long = runLeased(a.ctx, holderA, 'sweep', EVERY_MS, async () => {
      started.open();
      await slow.opened;
      throw new Error('se cortó la conexión');
    });
    await started.opened;
    assert.equal((await leaderOf(a, 'sweep')).holder, holderA);

    b.clock.advanceHours(EVERY_MS / HOUR_MS);
    assert.equal((await runLeased(b.ctx, holderB, 'sweep', EVERY_MS, async () => {})).ran, true);
    slow.open();
    await assert.rejects(long, /se cortó/);
    const leader = await leaderOf(b, 'sweep');
    assert.equal(leader.holder, holderB);
    assert.equal(leader.lastError, null);
    a.clock.advanceHours(EVERY_MS / HOUR_MS); // the clocks agree again
  });

  test('the server form logs a failure under the job name and goes on', async () => {
    advance(24 * HOUR_MS);
    const logged: { details: object; message: string }[] = [];
    const log = { error: (details: object, message: string) => logged.push({ details, message }) };
    const tick = leasedJob(a.ctx, holderA, log, 'sweep', EVERY_MS, async () => {
      throw new Error('sin base de datos');
    });
    await tick(); // resolves: a failed round never stops the timer
    assert.equal(logged.length, 1);
    assert.equal(logged[0]?.message, 'sweep failed');
    assert.equal((await leaderOf(a, 'sweep')).lastError, 'sin base de datos');
  });

  test('the leaders list every periodic job, those never run included', async () => {
    const fresh = await setup();
    try {
      const leaders = await jobLeaders(fresh.ctx);
      assert.deepEqual(
        leaders.map((l) => l.job),
        [...PERIODIC_JOBS],
      );
      for (const leader of leaders) {
        assert.equal(leader.holder, null);
        assert.equal(leader.held, false);
        assert.equal(leader.lastStartedAt, null);
      }
    } finally {
      await fresh.close();
    }
  });
});
