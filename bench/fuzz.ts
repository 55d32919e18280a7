// npm run fuzz: every operation of the served OpenAPI document, thousands of generated requests over real HTTP,
// every answer checked against the document. Environment: FUZZ_REQUESTS (5000), FUZZ_SEED, FUZZ_CONCURRENCY (8).
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import AjvModule from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { OpenApiValidator } from '../test/helpers/openapi-validator.ts';
import { type Child, freePort, residentMb, startChild } from './children.ts';
import { INTAKE_ENV, withIntakeCredential } from './fuzz-intakes.ts';
import { initializeMessage, MCP } from './fuzz-mcp.ts';
import { type FuzzRequest, type Live, type Operation, operationsOf, RequestFactory } from './fuzz-requests.ts';
import type { Schema } from './fuzz-schema.ts';
import { createRandom } from './prng.ts';
import { fixed } from './report.ts';
import { SERVICE_NODE_ARGS } from './service-node-args.ts';

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const TOTAL = envInt('FUZZ_REQUESTS', 5000);
const CONCURRENCY = envInt('FUZZ_CONCURRENCY', 8);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
// The highest value the configuration accepts: the limits exist, but should not answer most requests.
const NO_LIMIT = '10000000';
const BODY_LIMIT = 32 * 1024;
/** A request unanswered after this long counts as a hang. */
const TIMEOUT_MS = 15_000;
/** How long an event stream is read before hanging up. */
const STREAM_MS = 40;
/** Share of the requests per operation, by path and method; every operation gets at least MIN_PER_OPERATION. */
const WEIGHTS: Record<string, number> = {
  'GET /api/public/v1/help': 22,
  'POST /api/public/v1/help': 22,
  'POST /mcp': 18,
  'GET /mcp': 3,
  'DELETE /mcp': 3,
};
const MIN_PER_OPERATION = 5;

interface Answer {
  status: number;
  contentType: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

interface Tally {
  requests: number;
  statuses: Map<number, number>;
  serverErrors: number;
  violations: number;
  hangs: number;
  maxMs: number;
  /** Error codes of the answers, for the report. */
  codes: Map<string, number>;
}

interface Finding {
  kind: 'violation' | '5xx' | 'hang';
  op: string;
  status: number;
  reason: string;
  request: FuzzRequest;
  count: number;
}

const workDir = mkdtempSync(path.join(tmpdir(), 'ayuda-fuzz-'));
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY + 2 });
const running: { child: Child | null } = { child: null };
const crashes: string[] = [];

function send(base: URL, req: FuzzRequest): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: base.host, ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const outgoing = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.query ? `${req.target ?? req.path}?${req.query}` : (req.target ?? req.path),
        headers,
        // Streams, and bodies the server may refuse before reading them (413, then close), get a connection of their own.
        agent: req.stream || Buffer.byteLength(req.body ?? '') > BODY_LIMIT / 2 ? false : agent,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        const finish = () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'],
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          });
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', finish);
        res.on('error', () => finish());
        if (req.stream && res.headers['content-type']?.startsWith('text/event-stream')) {
          setTimeout(() => {
            res.destroy();
            finish();
          }, STREAM_MS);
        }
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    outgoing.on('error', reject);
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}

/** A database with the demo emergency: published records, centres, inventories and routes. */
async function seed(file: string): Promise<void> {
  const config = loadConfig({ DATABASE_URL: file, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database, { listen: false, poolSize: 2 });
  try {
    await seedDemo(createContext(config, database));
  } finally {
    await database.close();
  }
}

async function json(base: URL, req: Omit<FuzzRequest, 'op' | 'note'>): Promise<Answer & { value: Schema }> {
  const answer = await send(base, { ...req, op: '', note: '' });
  return { ...answer, value: JSON.parse(answer.body) };
}

/** Slugs and ids from the service itself, MCP sessions, and the tools the server lists. */
async function discover(base: URL): Promise<Live> {
  const live: Live = {
    host: base.host,
    slugs: [],
    ids: [],
    sessions: [],
    tools: [],
    resources: [],
    etags: new Map(),
    idempotencyKeys: [],
    pairs: [],
  };
  const get = (query: string) => json(base, { method: 'GET', path: '/api/public/v1/help', query, headers: {} });
  live.slugs = (await get('')).value.emergencies.map((e: { slug: string }) => e.slug);
  live.ids = (await get('view=list&status=all&limit=100')).value.items.map((i: { id: string }) => i.id);
  live.ids.push('00000000-0000-4000-8000-000000000000');
  for (let i = 0; i < 4; i++) await openSession(base, live);
  const mcpHeaders = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-session-id': live.sessions[0] as string,
  };
  const call = (method: string) =>
    json(base, {
      method: 'POST',
      path: MCP,
      query: '',
      headers: mcpHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }),
    });
  live.tools = (await call('tools/list')).value.result.tools;
  live.resources = (await call('resources/list')).value.result.resources.map((r: { uri: string }) => r.uri);
  return live;
}

async function openSession(base: URL, live: Live): Promise<void> {
  const answer = await send(base, {
    op: '',
    note: '',
    method: 'POST',
    path: MCP,
    query: '',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(initializeMessage()),
  });
  const id = answer.headers['mcp-session-id'];
  if (answer.status === 200 && typeof id === 'string') live.sessions.push(id);
}

/** Requests per operation: WEIGHTS share the total, every other operation weighs 2, none gets fewer than the floor. */
function plan(operations: Operation[]): Map<string, number> {
  const weight = (op: string) => WEIGHTS[op] ?? 2;
  const sum = operations.reduce((total, o) => total + weight(o.op), 0);
  return new Map(operations.map((o) => [o.op, Math.max(MIN_PER_OPERATION, Math.round((TOTAL * weight(o.op)) / sum))]));
}

/** The error codes a documented error response lists (its examples are keyed by code). */
function documentedCodes(doc: Schema, req: FuzzRequest, status: number): string[] | null {
  const response = doc.paths[req.path]?.[req.method.toLowerCase()]?.responses?.[String(status)];
  const examples = response?.content?.['application/json']?.examples;
  return examples ? Object.keys(examples) : null;
}

const Ajv = AjvModule as unknown as typeof AjvModule.default;
const addFormats = addFormatsModule as unknown as (ajv: InstanceType<typeof Ajv>) => void;

/** Each tool's declared output schema (MCP: structuredContent must conform to it; JSON Schema 2020-12). */
function outputValidators(live: Live): Map<string, ValidateFunction> {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const out = new Map<string, ValidateFunction>();
  for (const tool of live.tools) if (tool.outputSchema) out.set(tool.name, ajv.compile(tool.outputSchema));
  return out;
}

/** Tool calls that reached a tool: answered, or refused with the REST API's error body. */
const toolCalls = { answered: 0, refused: 0, asked: 0 };

/** A successful tool call's structuredContent must match the tool's outputSchema. */
function checkToolOutput(validators: Map<string, ValidateFunction>, req: FuzzRequest, answer: Answer): void {
  if (req.method !== 'POST' || answer.status !== 200 || !answer.contentType?.startsWith('application/json')) return;
  const sent = JSON.parse(req.body ?? 'null');
  if (sent?.method !== 'tools/call') return;
  const result = JSON.parse(answer.body)?.result;
  if (!result) return;
  // A 2026-07-28 round asking the person to confirm (publishing tools): not a tool result yet.
  if (result.resultType === 'input_required') {
    toolCalls.asked++;
    return;
  }
  toolCalls[result.isError ? 'refused' : 'answered']++;
  if (result.isError) return;
  const validate = validators.get(sent.params?.name);
  if (!validate) return;
  if (!validate(result.structuredContent)) {
    throw new Error(
      `tools/call ${sent.params.name}: structuredContent does not match its outputSchema: ${JSON.stringify(validate.errors?.slice(0, 3))}`,
    );
  }
}

/** What a request taught us: new sessions, ended ones, ETags. */
function learn(live: Live, req: FuzzRequest, answer: Answer): void {
  if (req.path === MCP) {
    const id = answer.headers['mcp-session-id'];
    if (req.method === 'POST' && req.note === 'initialize' && answer.status === 200 && typeof id === 'string') {
      if (live.sessions.length < 50) live.sessions.push(id);
    }
    if (req.method === 'DELETE' && answer.status === 200) {
      live.sessions = live.sessions.filter((s) => s !== req.headers['mcp-session-id']);
    }
  }
  const etag = answer.headers.etag;
  if (req.method === 'GET' && typeof etag === 'string') live.etags.set(`${req.path}?${req.query}`, etag);
  if (req.op === 'POST /api/public/v1/help' && answer.status === 202 && req.body && live.pairs.length < 200) {
    try {
      const token = (JSON.parse(answer.body) as { editToken?: string }).editToken ?? null;
      if (token) live.pairs.push({ body: JSON.parse(req.body) as Record<string, unknown>, editToken: token });
    } catch {
      // Not every accepted body is one the fuzzer can read back (a BOM, another charset): skip it.
    }
  }
}

function describe(req: FuzzRequest): string {
  const target = req.query ? `${req.target ?? req.path}?${req.query}` : (req.target ?? req.path);
  const headers = Object.entries(req.headers)
    .map(([k, v]) => `${k}: ${v.length > 80 ? `${v.slice(0, 80)}…` : v}`)
    .join(' | ');
  const body =
    req.body === undefined ? '' : `\n      body (${Buffer.byteLength(req.body)} bytes): ${req.body.slice(0, 300)}`;
  return `${req.method} ${target.length > 300 ? `${target.slice(0, 300)}…` : target} (${req.note})\n      headers: ${headers}${body}`;
}

async function main(): Promise<{ tallies: Map<string, Tally>; findings: Finding[]; seconds: number; memory: number }> {
  const file = path.join(workDir, 'ayuda.db');
  const seedStart = performance.now();
  await seed(file);
  console.log(`Seeded the demo emergency in ${fixed((performance.now() - seedStart) / 1000, 1)} s`);
  const port = await freePort();
  const child = await startChild('service', path.join(import.meta.dirname, 'serve.ts'), {
    nodeArgs: SERVICE_NODE_ARGS,
    env: {
      DATABASE_URL: file,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://localhost:${port}`,
      RATE_LIMIT_READS_PER_MINUTE: NO_LIMIT,
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: NO_LIMIT,
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
      ...INTAKE_ENV,
    },
    onCrash: (message) => crashes.push(message),
  });
  running.child = child;
  const base = new URL(child.url);
  const docAnswer = await json(base, { method: 'GET', path: '/api/public/openapi.json', query: '', headers: {} });
  const doc = docAnswer.value;
  const validator = new OpenApiValidator(doc);
  const live = await discover(base);
  const toolOutputs = outputValidators(live);
  const random = createRandom(SEED);
  const factory = new RequestFactory(doc, random, live, BODY_LIMIT);
  const operations = operationsOf(doc);
  const counts = plan(operations);
  const byOp = new Map(operations.map((o) => [o.op, o]));
  // One shuffled queue of operations, so every operation is exercised throughout the run.
  const queue = operations.flatMap((o) => Array<string>(counts.get(o.op) as number).fill(o.op));
  for (let i = queue.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [queue[i], queue[j]] = [queue[j] as string, queue[i] as string];
  }
  console.log(
    `Fuzzing ${queue.length} requests over ${operations.length} operations of ${doc.info.title} ${doc.info.version} ` +
      `(seed ${SEED}, ${CONCURRENCY} at a time) ...`,
  );

  const tallies = new Map<string, Tally>(
    operations.map((o) => [
      o.op,
      { requests: 0, statuses: new Map(), serverErrors: 0, violations: 0, hangs: 0, maxMs: 0, codes: new Map() },
    ]),
  );
  const findings = new Map<string, Finding>();
  const note = (kind: Finding['kind'], req: FuzzRequest, status: number, reason: string) => {
    const key = `${kind} ${req.op} ${status} ${reason.split('\n')[0]?.slice(0, 160)}`;
    const known = findings.get(key);
    if (known) known.count++;
    else findings.set(key, { kind, op: req.op, status, reason, request: req, count: 1 });
  };
  let next = 0;
  let memory = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < queue.length) {
      const operation = byOp.get(queue[next++] as string) as Operation;
      if (live.sessions.length < 3) await openSession(base, live);
      const req = withIntakeCredential(factory.next(operation), random.next());
      const tally = tallies.get(req.op) as Tally;
      tally.requests++;
      let answer: Answer;
      try {
        answer = await send(base, req);
      } catch (err) {
        tally.hangs++;
        note('hang', req, 0, (err as Error).message);
        continue;
      }
      tally.maxMs = Math.max(tally.maxMs, answer.ms);
      tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
      learn(live, req, answer);
      if (answer.status >= 500) {
        tally.serverErrors++;
        note('5xx', req, answer.status, answer.body.slice(0, 300));
      }
      try {
        validator.check(req.method, req.path, answer.status, answer.contentType, answer.body);
        const codes = documentedCodes(doc, req, answer.status);
        const code = answer.contentType?.startsWith('application/json') ? JSON.parse(answer.body)?.code : undefined;
        if (typeof code === 'string') tally.codes.set(code, (tally.codes.get(code) ?? 0) + 1);
        if (req.path === MCP) checkToolOutput(toolOutputs, req, answer);
        if (codes && code !== undefined && !codes.includes(code)) {
          throw new Error(`${req.op} ${answer.status}: code ${code} is not among the documented ${codes.join(', ')}`);
        }
      } catch (err) {
        tally.violations++;
        note('violation', req, answer.status, `${(err as Error).message}\n      answer: ${answer.body.slice(0, 300)}`);
      }
      if (next % 250 === 0) memory = Math.max(memory, residentMb(child.pid) ?? 0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  memory = Math.max(memory, residentMb(child.pid) ?? 0);
  return { tallies, findings: [...findings.values()], seconds: (performance.now() - started) / 1000, memory };
}

function report(result: Awaited<ReturnType<typeof main>>): boolean {
  const rows = [...result.tallies.entries()].map(([op, t]) => [
    op,
    fixed(t.requests),
    [...t.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}:${n}`)
      .join(' '),
    String(t.serverErrors),
    String(t.violations),
    String(t.hangs),
    `${fixed(t.maxMs)} ms`,
  ]);
  const sum = (pick: (t: Tally) => number) => [...result.tallies.values()].reduce((total, t) => total + pick(t), 0);
  rows.push([
    'total',
    fixed(sum((t) => t.requests)),
    '',
    String(sum((t) => t.serverErrors)),
    String(sum((t) => t.violations)),
    String(sum((t) => t.hangs)),
    `${fixed(Math.max(...[...result.tallies.values()].map((t) => t.maxMs)))} ms`,
  ]);
  const header = ['operation', 'requests', 'statuses', '5xx', 'violations', 'hangs', 'slowest'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(`\n## Fuzz: ${fixed(sum((t) => t.requests))} requests in ${fixed(result.seconds, 1)} s, seed ${SEED}\n`);
  console.log([line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
  console.log(`\nservice RSS, max: ${fixed(result.memory)} MB`);
  console.log(
    `MCP tools/call: ${toolCalls.answered} answered (structuredContent checked), ${toolCalls.refused} refused, ` +
      `${toolCalls.asked} asking the person to confirm`,
  );
  console.log('\nError codes answered:');
  for (const [op, t] of result.tallies) {
    const codes = [...t.codes.entries()].sort((a, b) => b[1] - a[1]);
    if (codes.length > 0) console.log(`- ${op}: ${codes.map(([code, n]) => `${code} ${n}`).join(', ')}`);
  }
  const bad = sum((t) => t.serverErrors) + sum((t) => t.violations) + sum((t) => t.hangs) + crashes.length;
  if (result.findings.length > 0) {
    console.log(`\nFindings (${result.findings.length} kinds; one request each; replay with FUZZ_SEED=${SEED}):`);
    for (const f of result.findings.sort((a, b) => b.count - a.count)) {
      console.log(`- ${f.kind} x${f.count}: ${f.op} -> ${f.status}: ${f.reason}\n    request: ${describe(f.request)}`);
    }
  }
  for (const crash of crashes) console.error(`- ${crash}`);
  return bad === 0;
}

let ok = false;
try {
  ok = report(await main());
} catch (err) {
  console.error((err as Error).stack ?? String(err));
} finally {
  agent.destroy();
  await running.child?.stop();
  rmSync(workDir, { recursive: true, force: true });
}
if (!ok) {
  console.error('\nFuzz failed: every answer must be one the OpenAPI document lists, with no 5xx and no hang.');
  process.exitCode = 1;
}
