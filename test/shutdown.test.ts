// Graceful stop of the real `ayuda serve`: on SIGTERM or SIGINT requests in flight finish, new ones are refused, exit 0.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import { parseDatabaseUrl } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { runCli } from './helpers/cli.ts';
import { freshDatabase } from './helpers/database.ts';
import { HELP, requestBody } from './helpers/harness.ts';

const BIN = path.resolve(import.meta.dirname, '../bin/ayuda.js');
const EXIT_LIMIT_MS = 10_000;
// Long enough for the server to have read what was sent and for the signal to take effect, short against the limit.
const SETTLE_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: string;
}

function startServe(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`ayuda serve did not start: ${stderr}`)), 60_000);
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
      const match = stderr.match(/escuchando en (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] as string });
      }
    });
    child.once('exit', (code) => reject(new Error(`ayuda serve exited with ${code}: ${stderr}`)));
  });
}

function collect(request: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.once('error', reject);
    });
  });
}

/** A submission whose headers and first `sentBytes` of body are on the wire; the rest waits for finish(). */
function openSubmission(url: string, body: string, sentBytes: number) {
  const bytes = Buffer.from(body);
  const request = http.request(`${url}${HELP}`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': bytes.length },
  });
  const answer = collect(request);
  answer.catch(() => {}); // awaited later; an early failure must not count as unhandled meanwhile
  if (sentBytes === 0) request.flushHeaders();
  else request.write(bytes.subarray(0, sentBytes));
  return { answer, finish: () => request.end(bytes.subarray(sentBytes)) };
}

/** A request on a connection of its own, as a new client would make: refused or answered. */
function freshGet(url: string): Promise<Answer | { error: string }> {
  return collect(http.get(`${url}/healthz`, { agent: false })).catch((err: NodeJS.ErrnoException) => ({
    error: err.code ?? err.message,
  }));
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal}: requests in flight finish with 202, new connections are refused, exit 0 within 10 s`, async () => {
    const database = await freshDatabase();
    let child: ChildProcess | undefined;
    try {
      const created = await runCli(['emergency', 'create', '--slug', 'sismo-prueba', '--name', 'Sismo de prueba'], {
        DATABASE_URL: database.url,
      });
      assert.equal(created.code, 0, created.stderr);
      const started = await startServe(database.url);
      child = started.child;
      const { url } = started;
      const exited = new Promise<number | null>((resolve) => started.child.once('exit', resolve));

      // An idle keep-alive connection: it must not hold the stop open (the keep-alive timeout is over a minute).
      const keepAlive = new http.Agent({ keepAlive: true });
      const warm = await collect(http.get(`${url}/healthz`, { agent: keepAlive }));
      assert.equal(warm.status, 200);

      // In flight when the signal comes: headers only, half a body, all but the last byte.
      const bodies = [0, 0.5, 0.99].map((part) => {
        const body = JSON.stringify(requestBody());
        return { body, open: openSubmission(url, body, Math.floor(body.length * part)) };
      });
      await sleep(SETTLE_MS);

      const signalled = Date.now();
      child.kill(signal);
      await sleep(SETTLE_MS);
      assert.equal(child.exitCode, null, 'the process must wait for the requests in flight');

      const late = await freshGet(url);
      assert.ok(
        'error' in late ? late.error === 'ECONNREFUSED' : late.status === 503,
        `a new connection after ${signal} must be refused or answered 503: ${JSON.stringify(late)}`,
      );

      for (const { open } of bodies) open.finish();
      const answers = await Promise.all(bodies.map(({ open }) => open.answer));
      for (const answer of answers) assert.equal(answer.status, 202, answer.body);

      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve('still running'), EXIT_LIMIT_MS - (Date.now() - signalled));
      });
      const code = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      assert.equal(code, 0, `exit after ${signal}`);
      keepAlive.destroy();

      // The 202s were commits: every record is in the database the stopped process left.
      const reopened = await openDatabase(parseDatabaseUrl(database.url), { migrate: false, listen: false });
      try {
        const ids = answers.map((answer) => (JSON.parse(answer.body) as { id: string }).id);
        const rows = await reopened.db.selectFrom('help_records').select('id').where('id', 'in', ids).execute();
        assert.equal(rows.length, bodies.length);
      } finally {
        await reopened.close();
      }
    } finally {
      child?.kill('SIGKILL');
      database.cleanup();
    }
  });
}
