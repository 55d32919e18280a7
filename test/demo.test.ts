// `ayuda demo` as a newcomer runs it: a seeded, living service; SIGTERM stops it cleanly.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DEMO_CONTROLLER, DEMO_TEAM_CONTACT } from '../src/demo/seed-demo.ts';
import { engine } from './helpers/database.ts';

const BIN = path.resolve(import.meta.dirname, '../bin/ayuda.js');

test('ayuda demo seeds a flood, serves it, and exits cleanly on SIGTERM', {
  skip: engine === 'postgres' && 'the demo database is SQLite',
}, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ayuda-demo-'));
  const child = spawn(process.execPath, [BIN, 'demo', '--reset'], {
    env: {
      ...process.env,
      DEMO_DATABASE_URL: path.join(dir, 'demo.db'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      const timer = setTimeout(() => reject(new Error(`demo did not start: ${stderr}`)), 60_000);
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        const match = stderr.match(/escuchando en (http:\/\/\S+)/);
        if (match) {
          clearTimeout(timer);
          resolve(match[1] as string);
        }
      });
      child.once('exit', (code) => reject(new Error(`demo exited with ${code}: ${stderr}`)));
    });
    const list = (await (await fetch(`${url}/api/public/v1/help?view=list&status=all&limit=100`)).json()) as {
      total: number;
    };
    assert.ok(list.total >= 150, `published records: ${list.total}`);
    const panorama = (await (await fetch(`${url}/api/public/v1/help?view=panorama`)).json()) as {
      emergencies: { slug: string }[];
    };
    assert.equal(panorama.emergencies[0]?.slug, 'inundacion-mocoa-2026');
    // Someone to ask: a demo organisation answers for the data, and the emergency's team has a public contact.
    const privacy = await (await fetch(`${url}/privacidad`)).text();
    assert.ok(privacy.includes(DEMO_CONTROLLER.name), 'the demo controller');
    assert.ok(privacy.includes(DEMO_CONTROLLER.contact), 'how to reach it');
    assert.ok(privacy.includes(DEMO_TEAM_CONTACT), "the team's contact");
    assert.ok(!privacy.includes('aún no está configurado'));
    // Routes from a collection centre show its address; one from a person's offer shows only its approximate place.
    const routes = (await (await fetch(`${url}/api/logistics-operations?emergencia=inundacion-mocoa-2026`)).json()) as {
      operations: { pickup_address: string }[];
    };
    const pickups = routes.operations.map((r) => r.pickup_address);
    assert.ok(
      pickups.some((p) => p.includes('ubicación aproximada')),
      pickups.join(' | '),
    );
    assert.ok(
      pickups.some((p) => !p.includes('ubicación aproximada')),
      pickups.join(' | '),
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const started = Date.now();
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.ok(Date.now() - started < 10_000);
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
