// `ayuda privacy export|erase|purge|erasures` and `ayuda record erase`, run as the real binary on the service's
// database, while a running instance serves the public: what they erase leaves its answers at once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { groupedPhone } from '../src/domain/phone.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { runCli } from './helpers/cli.ts';
import { addEmergency, BASE_URL, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';
import { nextDocument, nextMobile } from './helpers/samples.ts';

let h: Harness;
let env: Record<string, string>;
before(async () => {
  h = await setup();
  await addEmergency(h);
  env = { DATABASE_URL: h.dbUrl, BASE_URL, AYUDA_ACTOR: 'dpo' };
});
after(() => h.close());

const cli = (args: string[], extra: Record<string, string> = {}) => runCli(args, { ...env, ...extra });

async function plant(whatsapp: string, publish = true) {
  const document = nextDocument();
  const name = `Persona ${randomUUID().slice(0, 8)}`;
  const submission = helpSubmission.parse(requestBody({ contactWhatsapp: whatsapp, contactName: name }));
  const { result } = await submitHelp(h.ctx, submission, { identityDocument: document });
  if (publish) await approveSubmission(h.ctx, result.id, 'leader-1');
  return { id: result.id, document, name };
}

/** A public read until it answers as expected: the CLI is another process, seen within the change feed's lag. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

test('export lists what a number holds; erase removes it from the running service; the log keeps no value', async () => {
  const whatsapp = nextMobile();
  const a = await plant(whatsapp);
  const b = await plant(whatsapp, false);
  // The public detail is read (and cached) before the erasure.
  assert.equal((await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${a.id}` })).status, 200);

  const exported = await cli(['privacy', 'export', '--whatsapp', groupedPhone(whatsapp), '--json']);
  assert.equal(exported.code, 0, exported.stderr);
  const data = JSON.parse(exported.stdout);
  assert.equal(data.whatsapp, whatsapp);
  const ids = data.items.filter((i: { table: string }) => i.table === 'help_records').map((i: { id: string }) => i.id);
  assert.deepEqual(ids.sort(), [a.id, b.id].sort());
  assert.ok(exported.stdout.includes(a.document));
  const readable = await cli(['privacy', 'export', '--whatsapp', whatsapp]);
  assert.match(readable.stdout, /Solicitud de ayuda/);
  assert.ok(readable.stdout.includes(a.name));

  const missingReason = await cli(['privacy', 'erase', '--whatsapp', whatsapp]);
  assert.equal(missingReason.code, 2);
  const erased = await cli(['privacy', 'erase', '--whatsapp', whatsapp, '--reason', 'Solicitud escrita', '--json']);
  assert.equal(erased.code, 0, erased.stderr);
  assert.deepEqual(JSON.parse(erased.stdout).records.sort(), [a.id, b.id].sort());
  assert.ok(
    await eventually(
      async () => (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${a.id}` })).status === 404,
    ),
  );

  const log = await cli(['privacy', 'erasures', '--json']);
  const entries = JSON.parse(log.stdout) as { targetId: string; actor: string; reason: string }[];
  assert.deepEqual(
    entries.filter((e) => [a.id, b.id].includes(e.targetId)).map((e) => e.actor),
    ['cli:dpo', 'cli:dpo'],
  );
  for (const value of [whatsapp, a.document, a.name]) assert.ok(!log.stdout.includes(value));
  const after = await cli(['privacy', 'export', '--whatsapp', whatsapp, '--json']);
  assert.equal(JSON.parse(after.stdout).items.length, 0);

  const bad = await cli(['privacy', 'export', '--whatsapp', 'abc']);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /validation_failed/);
});

test('record erase withdraws one record; purge --dry-run lists without erasing', async () => {
  const one = await plant(nextMobile());
  const done = await cli(['record', 'erase', one.id, '--reason', 'Pedido de la persona']);
  assert.equal(done.code, 0, done.stderr);
  assert.match(done.stdout, /retirado/);
  const row = await h.ctx.db.selectFrom('help_records').selectAll().where('id', '=', one.id).executeTakeFirstOrThrow();
  assert.equal(row.review_status, 'withdrawn');
  assert.equal(row.withdrawn_by, 'team');
  const unknown = await cli(['record', 'erase', randomUUID(), '--reason', 'x']);
  assert.equal(unknown.code, 1);

  const rejected = await plant(nextMobile(), false);
  await rejectSubmission(h.ctx, rejected.id, 'leader-1', 'Duplicado');
  // Rejected 40 days before "now": the CLI's clock is the real one, so the decision is moved back instead.
  const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
  await h.ctx.db.updateTable('help_records').set({ reviewed_at: longAgo }).where('id', '=', rejected.id).execute();
  const dry = await cli(['privacy', 'purge', '--dry-run', '--json']);
  assert.equal(dry.code, 0, dry.stderr);
  const lines = JSON.parse(dry.stdout).lines as { rule: string; id?: string }[];
  assert.ok(lines.some((l) => l.id === rejected.id && l.rule === 'rejected'));
  const still = await h.ctx.db
    .selectFrom('help_records')
    .select('contact_name')
    .where('id', '=', rejected.id)
    .executeTakeFirstOrThrow();
  assert.equal(still.contact_name, rejected.name);
  const real = await cli(['privacy', 'purge']);
  assert.equal(real.code, 0, real.stderr);
  assert.match(real.stdout, /rechazados: 1/);
  const gone = await h.ctx.db
    .selectFrom('help_records')
    .select('contact_name')
    .where('id', '=', rejected.id)
    .executeTakeFirstOrThrow();
  assert.equal(gone.contact_name, '');
});
