// The `ayuda` CLI against the same database as a running service: its changes are public at once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCli } from './helpers/cli.ts';
import { type Harness, HELP, list, requestBody, setup, submit } from './helpers/harness.ts';

let h: Harness;
let env: Record<string, string>;
before(async () => {
  h = await setup();
  env = { DATABASE_URL: h.dbUrl };
});
after(() => h.close());

const cli = (...args: string[]) => runCli(args, env);

/** The version `review list --json` shows for a pending submission: what `review approve` must name. */
async function versionOf(id: string): Promise<string> {
  const listed = await cli('review', 'list', '--json', '--limit', '1000');
  assert.equal(listed.code, 0, listed.stderr);
  const entry = JSON.parse(listed.stdout).find((p: { id: string }) => p.id === id);
  assert.ok(entry, `${id} is listed`);
  return String(entry.version);
}

describe('help and usage', () => {
  test('ayuda --help lists every command; no arguments or an unknown command exit 2', async () => {
    const help = await cli('--help');
    assert.equal(help.code, 0);
    for (const command of [
      'serve',
      'migrate',
      'demo',
      'emergency create',
      'emergency list',
      'emergency close',
      'review list',
      'review approve',
      'review reject',
      'record status',
      'record cover',
    ]) {
      assert.ok(help.stdout.includes(command), command);
    }
    assert.equal((await cli()).code, 2);
    const unknown = await cli('volar');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Comando desconocido/);
  });

  test('every command answers --help with its usage', async () => {
    for (const words of [
      ['serve'],
      ['migrate'],
      ['demo'],
      ['emergency', 'create'],
      ['emergency', 'list'],
      ['emergency', 'close'],
      ['review', 'list'],
      ['review', 'approve'],
      ['review', 'reject'],
      ['record', 'status'],
      ['record', 'cover'],
    ]) {
      const res = await cli(...words, '--help');
      assert.equal(res.code, 0, words.join(' '));
      assert.match(res.stdout, new RegExp(`Uso: ayuda ${words.join(' ')}`));
    }
  });
});

describe('administration', () => {
  test('migrate is idempotent', async () => {
    const res = await cli('migrate', '--json');
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(JSON.parse(res.stdout).applied, []);
  });

  test('emergency create, list, and its errors', async () => {
    const created = await cli(
      'emergency',
      'create',
      '--slug',
      'inundacion-mocoa',
      '--name',
      'Inundación Mocoa',
      '--lat',
      '1.1466',
      '--lon',
      '-76.6475',
      '--json',
    );
    assert.equal(created.code, 0, created.stderr);
    assert.equal(JSON.parse(created.stdout).slug, 'inundacion-mocoa');
    const listed = await cli('emergency', 'list', '--json');
    assert.equal(listed.code, 0);
    const [emergency] = JSON.parse(listed.stdout);
    assert.deepEqual([emergency.slug, emergency.status, emergency.latitude], ['inundacion-mocoa', 'active', 1.1466]);
    const text = await cli('emergency', 'list');
    assert.match(text.stdout, /inundacion-mocoa\s+active/);
    const duplicate = await cli('emergency', 'create', '--slug', 'inundacion-mocoa', '--name', 'Otra vez');
    assert.equal(duplicate.code, 1);
    assert.match(duplicate.stderr, /slug_taken/);
    const badLat = await cli(
      'emergency',
      'create',
      '--slug',
      'otra',
      '--name',
      'Otra emergencia',
      '--lat',
      '40',
      '--lon',
      '-75',
    );
    assert.equal(badLat.code, 1);
    assert.match(badLat.stderr, /latitude/);
    const missing = await cli('emergency', 'create', '--name', 'Sin slug');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--slug/);
    const unknownOption = await cli('emergency', 'list', '--format', 'x');
    assert.equal(unknownOption.code, 2);
  });

  test('review list, approve: the record is public at once in the running service', async () => {
    const id = await submit(h, requestBody({ title: 'Colchonetas para el coliseo', urgency: 'urgent' }));
    // The service has answered (and cached) this search before the approval.
    assert.equal((await list(h, { q: 'colchonetas' })).body.total, 0);
    const pending = await cli('review', 'list', '--emergency', 'inundacion-mocoa', '--json');
    assert.equal(pending.code, 0, pending.stderr);
    const entry = JSON.parse(pending.stdout).find((p: { id: string }) => p.id === id);
    assert.deepEqual(
      { type: entry.type, title: entry.title, emergencySlug: entry.emergencySlug },
      { type: 'request', title: 'Colchonetas para el coliseo', emergencySlug: 'inundacion-mocoa' },
    );
    assert.ok(entry.createdAt);
    assert.equal(entry.version, 1);
    const human = await cli('review', 'list', '--emergency', 'inundacion-mocoa');
    assert.match(human.stdout, /\bversion\b/);
    assert.match(human.stdout, new RegExp(`${id}\\s+1\\s+request`));
    const approved = await cli('review', 'approve', id, '--version', '1', '--note', 'Verificado por teléfono');
    assert.equal(approved.code, 0, approved.stderr);
    const found = await list(h, { q: 'colchonetas' });
    assert.deepEqual(
      found.body.items.map((i: { id: string }) => i.id),
      [id],
      'no stale cache after a change by another process',
    );
    assert.equal(found.body.items[0].timeline.at(-1).note, 'Verificado por teléfono');
    const again = await cli('review', 'approve', id, '--version', '1');
    assert.equal(again.code, 1, 'nothing left to approve');
    assert.match(again.stderr, /invalid_state/);
  });

  test('review approve needs --version: without it, or with a word, nothing is published (exit 2)', async () => {
    const id = await submit(h, requestBody({ title: 'Aprobación a ciegas' }));
    for (const args of [[], ['--version'], ['--version', 'uno'], ['--version', '-1']]) {
      const res = await cli('review', 'approve', id, ...args);
      assert.equal(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
      assert.match(res.stderr, /--version/);
      assert.match(res.stderr, /Uso: ayuda review approve ID --version N/);
    }
    assert.equal((await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).status, 404);
  });

  test('a stale --version is refused (exit 1, stale_version), nothing published; the current one approves', async () => {
    const body = requestBody({ title: 'Mercados para la vereda', contactWhatsapp: '+573001110000' });
    const first = await h.json({ method: 'POST', url: HELP, payload: body });
    assert.equal(first.status, 202);
    const id = first.body.id as string;
    assert.equal(await versionOf(id), '1');
    const token = first.body.editToken;
    const changed = await h.json({
      method: 'POST',
      url: HELP,
      payload: { ...body, contactWhatsapp: '+573009998877', description: 'Pague el envío por Nequi primero.' },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    assert.equal(changed.status, 202, JSON.stringify(changed.body));
    const stale = await cli('review', 'approve', id, '--version', '1');
    assert.equal(stale.code, 1);
    assert.match(stale.stderr, /stale_version/);
    assert.equal((await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).status, 404);
    assert.equal((await list(h, { q: 'vereda', status: 'all' })).body.total, 0);
    const staleReject = await cli('review', 'reject', id, '--version', '1', '--reason', 'Falso');
    assert.equal(staleReject.code, 1);
    assert.match(staleReject.stderr, /stale_version/);
    assert.equal(await versionOf(id), '2', 'still pending, at the new version');
    const approved = await cli('review', 'approve', id, '--version', '2', '--json');
    assert.equal(approved.code, 0, approved.stderr);
    assert.deepEqual(JSON.parse(approved.stdout).version, 2);
    const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
    assert.equal(detail.body.item.contact.whatsapp, '+573009998877');
  });

  test('review reject needs a reason; a rejected submission never appears', async () => {
    const id = await submit(h, requestBody({ title: 'Solicitud duplicada de prueba' }));
    const noReason = await cli('review', 'reject', id);
    assert.equal(noReason.code, 2);
    const rejected = await cli('review', 'reject', id, '--reason', 'Duplicada', '--json');
    assert.equal(rejected.code, 0, rejected.stderr);
    assert.equal(JSON.parse(rejected.stdout).reviewStatus, 'rejected');
    assert.equal((await list(h, { q: 'duplicada', status: 'all' })).body.total, 0);
    const listed = JSON.parse((await cli('review', 'list', '--json')).stdout);
    assert.ok(!listed.some((p: { id: string }) => p.id === id));
  });

  test('record status and cover change the public record', async () => {
    const id = await submit(
      h,
      requestBody({ title: 'Mercados para veinte familias', quantityRequired: 20, unit: 'mercados' }),
    );
    assert.equal((await cli('review', 'approve', id, '--version', await versionOf(id))).code, 0);
    const covered = await cli('record', 'cover', id, '--quantity', '15', '--json');
    assert.equal(covered.code, 0, covered.stderr);
    assert.deepEqual(JSON.parse(covered.stdout), { id, covered: 15, required: 20, pending: 5 });
    const moved = await cli('record', 'status', id, 'in_process', '--note', 'Va en camino');
    assert.equal(moved.code, 0, moved.stderr);
    const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
    assert.equal(detail.body.item.status, 'in_process');
    assert.equal(detail.body.item.quantities.pending, 5);
    assert.equal(detail.body.item.operationalStatus, 'in_transit');
    const bad = await cli('record', 'status', id, 'archivada');
    assert.equal(bad.code, 2);
    const negative = await cli('record', 'cover', id, '--quantity', '-3');
    assert.equal(negative.code, 1);
    const notNumber = await cli('record', 'cover', id, '--quantity', 'muchos');
    assert.equal(notNumber.code, 2);
    const unknown = await cli('record', 'status', '00000000-0000-4000-8000-000000000000', 'completed');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /not_found/);
  });

  test('emergency close: no more submissions', async () => {
    const closed = await cli('emergency', 'close', 'inundacion-mocoa', '--json');
    assert.equal(closed.code, 0, closed.stderr);
    assert.equal(JSON.parse(closed.stdout).status, 'closed');
    const res = await h.json({ method: 'POST', url: HELP, payload: requestBody() });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'no_active_emergency');
    assert.equal((await cli('emergency', 'close', 'inundacion-mocoa')).code, 1);
  });
});
