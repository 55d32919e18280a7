// npm run lint:openapi: the OpenAPI document exactly as served, linted by Redocly (recommended) and Spectral
// (spectral:oas, .spectral.yaml); exits non-zero when either reports an error. Warnings are printed, not fatal.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { buildApp } from '../src/http/app.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
// Neither tool may reach the network: no telemetry, no update check.
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  SCARF_ANALYTICS: 'false',
  DO_NOT_TRACK: '1',
};

/** GET /api/public/openapi.json from the app started in-process on a throwaway SQLite database. */
async function servedDocument(dir: string): Promise<string> {
  const config = loadConfig({ ...process.env, DATABASE_URL: path.join(dir, 'ayuda.db'), LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database, { listen: false, poolSize: 1 });
  try {
    const app = await buildApp(createContext(config, database), database, { logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/public/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`GET /api/public/openapi.json -> ${response.statusCode}`);
      return response.body;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

function run(title: string, command: string, args: string[]): boolean {
  console.log(`\n--- ${title}`);
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8', timeout: 300_000 });
  process.stdout.write(result.stdout ?? '');
  process.stdout.write(result.stderr ?? '');
  if (result.error) console.error(result.error.message);
  return result.status === 0;
}

const dir = mkdtempSync(path.join(tmpdir(), 'ayuda-openapi-'));
try {
  const file = path.join(dir, 'openapi.json');
  // Indented so that Redocly's line:column points somewhere readable; the content is the served one.
  writeFileSync(file, JSON.stringify(JSON.parse(await servedDocument(dir)), null, 2));
  const redocly = run('Redocly (recommended)', bin('redocly'), [
    'lint',
    '--config',
    path.join(root, 'redocly.yaml'),
    '--format',
    'stylish',
    file,
  ]);
  const spectral = run('Spectral (spectral:oas)', bin('spectral'), [
    'lint',
    '--ruleset',
    path.join(root, '.spectral.yaml'),
    '--fail-severity',
    'error',
    file,
  ]);
  console.log(`\nOpenAPI lint: Redocly ${redocly ? 'ok' : 'FAILED'}, Spectral ${spectral ? 'ok' : 'FAILED'}`);
  process.exitCode = redocly && spectral ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
