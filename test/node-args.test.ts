// `npm start`, `npm run demo` and every benchmark run the service with the same Node flags.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SERVICE_NODE_ARGS } from '../bench/service-node-args.ts';

const scripts = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

test('npm start and npm run demo pass the flags the benchmarks measure', () => {
  const flags = SERVICE_NODE_ARGS.join(' ');
  assert.equal(scripts.start, `node ${flags} bin/ayuda.js serve`);
  assert.equal(scripts.demo, `node ${flags} bin/ayuda.js demo`);
});

test('Node accepts each flag (a misspelt one would stop the service from starting)', () => {
  const run = spawnSync(process.execPath, [...SERVICE_NODE_ARGS, '-e', '0'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const misspelt = spawnSync(process.execPath, ['--heap-growing-percnt=30', '-e', '0'], { encoding: 'utf8' });
  assert.notEqual(misspelt.status, 0, 'Node refuses an unknown flag');
});
