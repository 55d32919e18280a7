// The periodic priority refresh rewrites only records whose waiting crossed a step, not every record each run.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { refreshPriorities } from '../src/commands/refresh-priorities.ts';
import { WAIT_STEP_HOURS } from '../src/domain/priority.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(() => h.close());

const scores = async () =>
  new Map(
    (await h.ctx.db.selectFrom('help_records').select(['id', 'priority_score', 'change_seq']).execute()).map((r) => [
      r.id,
      r,
    ]),
  );

test('a half-hour refresh writes nothing new; crossing a waiting step rewrites those records once', async () => {
  for (let i = 0; i < 5; i++) await publish(h, requestBody({ title: `Agua para la familia ${i}` }));
  const first = await scores();
  h.clock.advanceHours(0.5);
  assert.equal(await refreshPriorities(h.ctx), 0);
  assert.deepEqual(await scores(), first, 'no record was rewritten');

  h.clock.advanceHours(WAIT_STEP_HOURS);
  assert.equal(await refreshPriorities(h.ctx), 5);
  const moved = await scores();
  for (const [id, row] of moved) assert.ok(row.priority_score > (first.get(id)?.priority_score ?? 0));
  assert.equal(await refreshPriorities(h.ctx), 0, 'a second run finds nothing to do');
});
