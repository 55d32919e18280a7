// bin/ayuda.js refuses a Node.js older than 24 with one Spanish sentence and exit 1, before loading any TypeScript.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { nodeVersionProblem } from '../bin/node-check.js';

const cli = fileURLToPath(new URL('../bin/ayuda.js', import.meta.url));

describe('Node.js version check', () => {
  it('names the version it needs and the one it found', () => {
    assert.equal(nodeVersionProblem('20.20.2'), 'Ayuda Directa necesita Node.js 24 o más reciente (tiene v20.20.2).');
    assert.match(nodeVersionProblem('v23.11.0') ?? '', /tiene v23\.11\.0/);
    assert.equal(nodeVersionProblem('24.0.0'), null);
    assert.equal(nodeVersionProblem('26.1.0'), null);
    assert.notEqual(nodeVersionProblem('garbage'), null);
  });

  it('passes the running Node.js', () => {
    assert.equal(nodeVersionProblem(process.versions.node), null);
  });

  // Machines here ship an older system Node.js beside the project's; where there is none, nothing to run.
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
    if (!existsSync(path)) return false;
    const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim();
    return nodeVersionProblem(version) !== null;
  });
  it('an old Node.js gets the sentence and exit 1, not a stack trace', {
    skip: oldNode ? false : 'no Node.js older than 24 here',
  }, () => {
    const run = spawnSync(oldNode as string, [cli, 'serve'], { encoding: 'utf8' });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^Ayuda Directa necesita Node\.js 24 o más reciente \(tiene v\d+\.\d+\.\d+\)\.\n$/);
    assert.equal(run.stdout, '');
  });
});
