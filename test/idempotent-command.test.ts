// The Idempotency-Key command on its own: replay, reuse, in flight, takeover, release and the answer stored atomically.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type CompleteClaim, idempotencyKeyOf, runIdempotent } from '../src/commands/idempotent.ts';
import { addSource } from '../src/commands/source-registration.ts';
import { submitHelpOnce } from '../src/commands/submit-help.ts';
import { fingerprintOf, IN_FLIGHT_TIMEOUT_MS, idempotencyScope, storedKey } from '../src/domain/idempotency-key.ts';
import { AppError } from '../src/errors.ts';
import { claimIdempotencyKey } from '../src/repositories/idempotency.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { addEmergency, type Harness, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(() => h.close());

const SCOPE = 'client:192.0.2.1';
const request = (key: string, body: unknown = { n: 1 }) => ({
  operation: 'test',
  scope: SCOPE,
  key,
  fingerprint: fingerprintOf(body),
});

/** A work that counts its runs and stores `answer` in its own transaction. */
function counted(answer: unknown, status = 201) {
  const work = async (complete: CompleteClaim) => {
    work.runs++;
    await h.ctx.db.transaction().execute((trx) => complete(trx, status, answer));
    return answer;
  };
  work.runs = 0;
  return work;
}

async function stored(operation: string, key: string, scope = SCOPE) {
  return h.ctx.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('key', '=', storedKey(operation, scope, key))
    .executeTakeFirst();
}

const refusedWith = (code: string, retryAfter?: number) => (err: unknown) => {
  assert.ok(err instanceof AppError, String(err));
  assert.equal(err.code, code);
  if (retryAfter !== undefined) assert.equal((err as AppError & { retryAfter?: number }).retryAfter, retryAfter);
  return true;
};

describe('runIdempotent', () => {
  test('the first run is fresh; the same key and fingerprint replay its stored status and body without working', async () => {
    const work = counted({ id: 'a', secret: 's-1' });
    const first = await runIdempotent(h.ctx, request('c-1'), work);
    assert.deepEqual(first, { kind: 'fresh', value: { id: 'a', secret: 's-1' } });
    const again = await runIdempotent(h.ctx, request('c-1'), work);
    assert.deepEqual(again, { kind: 'replay', status: 201, body: JSON.stringify({ id: 'a', secret: 's-1' }) });
    assert.equal(work.runs, 1);
  });

  test('the same key with another fingerprint is 422 idempotency_key_reused and does not work', async () => {
    const work = counted({ id: 'b' });
    await runIdempotent(h.ctx, request('c-2', { n: 1 }), work);
    await assert.rejects(runIdempotent(h.ctx, request('c-2', { n: 2 }), work), refusedWith('idempotency_key_reused'));
    assert.equal(work.runs, 1);
  });

  test('the same key while the first run works is 409 in flight with a retry delay; afterwards it replays', async () => {
    let finish = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const slow = async (complete: CompleteClaim) => {
      await gate;
      await h.ctx.db.transaction().execute((trx) => complete(trx, 202, { id: 'slow' }));
      return 'done';
    };
    const first = runIdempotent(h.ctx, request('c-3'), slow);
    // Let the first run commit its claim before the second arrives.
    while (!(await stored('test', 'c-3'))) await new Promise((resolve) => setTimeout(resolve, 5));
    const work = counted({ id: 'other' });
    await assert.rejects(runIdempotent(h.ctx, request('c-3'), work), refusedWith('idempotency_key_in_flight', 2));
    finish();
    assert.deepEqual(await first, { kind: 'fresh', value: 'done' });
    const replay = await runIdempotent(h.ctx, request('c-3'), work);
    assert.equal(replay.kind, 'replay');
    assert.equal(work.runs, 0);
  });

  test('a claim whose holder died is taken over once it is older than the in-flight timeout', async () => {
    const key = storedKey('test', SCOPE, 'c-4');
    assert.equal(await claimIdempotencyKey(h.ctx.db, key, fingerprintOf({ n: 1 }), h.ctx.now().toISOString()), null);
    const work = counted({ id: 'taken' });
    h.clock.advanceHours((IN_FLIGHT_TIMEOUT_MS - 1000) / 3_600_000);
    await assert.rejects(runIdempotent(h.ctx, request('c-4'), work), refusedWith('idempotency_key_in_flight'));
    h.clock.advanceHours(2000 / 3_600_000);
    assert.deepEqual(await runIdempotent(h.ctx, request('c-4'), work), { kind: 'fresh', value: { id: 'taken' } });
    assert.equal(work.runs, 1);
    assert.equal((await stored('test', 'c-4'))?.state, 'done');
  });

  test('a failed work releases the key: its error passes through and a retry, even with another body, works', async () => {
    const failing = async () => {
      throw new AppError('unknown_emergency');
    };
    await assert.rejects(runIdempotent(h.ctx, request('c-5'), failing), refusedWith('unknown_emergency'));
    assert.equal(await stored('test', 'c-5'), undefined);
    const work = counted({ id: 'retried' });
    assert.equal((await runIdempotent(h.ctx, request('c-5', { n: 9 }), work)).kind, 'fresh');
  });

  test('the answer commits with the work: a work whose transaction rolls back leaves no answer to replay', async () => {
    const rolledBack = async (complete: CompleteClaim) =>
      h.ctx.db.transaction().execute(async (trx) => {
        await complete(trx, 202, { id: 'lost' });
        throw new Error('the work failed after storing its answer');
      });
    await assert.rejects(runIdempotent(h.ctx, request('c-6'), rolledBack), /failed after storing/);
    assert.equal(await stored('test', 'c-6'), undefined);
    const work = counted({ id: 'second' });
    assert.deepEqual(await runIdempotent(h.ctx, request('c-6'), work), { kind: 'fresh', value: { id: 'second' } });
  });

  test('a work that stores no answer frees its key instead of leaving it in flight', async () => {
    const silent = async () => 'nothing stored';
    assert.deepEqual(await runIdempotent(h.ctx, request('c-7'), silent), { kind: 'fresh', value: 'nothing stored' });
    assert.equal(await stored('test', 'c-7'), undefined);
  });

  test('a key belongs to one operation and one scope', async () => {
    const work = counted({ id: 'scoped' });
    await runIdempotent(h.ctx, request('c-8', { n: 1 }), work);
    const otherScope = { ...request('c-8', { n: 2 }), scope: 'client:192.0.2.2' };
    const otherOperation = { ...request('c-8', { n: 3 }), operation: 'other' };
    assert.equal((await runIdempotent(h.ctx, otherScope, work)).kind, 'fresh');
    assert.equal((await runIdempotent(h.ctx, otherOperation, work)).kind, 'fresh');
    assert.equal(work.runs, 3);
  });
});

describe('idempotencyKeyOf', () => {
  test('absent is no key; 1 to 255 visible ASCII characters are a key; anything else is 400', () => {
    assert.equal(idempotencyKeyOf(undefined), undefined);
    assert.equal(idempotencyKeyOf('k-0001'), 'k-0001');
    assert.equal(idempotencyKeyOf('x'.repeat(255)), 'x'.repeat(255));
    for (const bad of ['', 'con espacio', 'x'.repeat(256), 'clave-ñ', ['a', 'b']]) {
      assert.throws(() => idempotencyKeyOf(bad), refusedWith('invalid_idempotency_key'));
    }
  });
});

describe('submitHelpOnce', () => {
  const submitOnce = (body: Record<string, unknown>, key: string, credential?: string) =>
    submitHelpOnce(h.ctx, helpSubmission.parse(body), { credential, idempotencyKey: key, clientIp: '192.0.2.9', body });

  test('the stored answer keeps the editToken, so a replay returns it', async () => {
    const body = requestBody({ externalId: 'once-1' });
    const first = await submitOnce(body, 'h-1');
    assert.equal(first.kind, 'fresh');
    const token = first.kind === 'fresh' ? first.value.editToken : undefined;
    assert.ok(token);
    const replay = await submitOnce(body, 'h-1');
    assert.equal(replay.kind, 'replay');
    assert.equal(replay.kind === 'replay' && replay.status, 202);
    assert.equal(replay.kind === 'replay' && JSON.parse(replay.body).editToken, token);
    const row = await stored('help', 'h-1', idempotencyScope(null, '192.0.2.9'));
    assert.equal(row?.state, 'done');
  });

  test("a registered source's wrong key is 401 before any key is claimed; with its key, the source is the scope", async () => {
    const { key } = await addSource(h.ctx, 'app-once', 'test');
    const body = requestBody({ externalId: 'once-2', source: 'app-once' });
    await assert.rejects(submitOnce(body, 'h-2', 'no-es-la-clave'), refusedWith('source_key_required'));
    assert.equal(await stored('help', 'h-2', idempotencyScope(null, '192.0.2.9')), undefined);
    assert.equal(await stored('help', 'h-2', idempotencyScope('app-once', '192.0.2.9')), undefined);
    assert.equal((await submitOnce(body, 'h-2', key)).kind, 'fresh');
    assert.equal((await stored('help', 'h-2', idempotencyScope('app-once', '192.0.2.9')))?.state, 'done');
  });
});
