// One service per test file: real database (SQLite or PostgreSQL), real Fastify app, injected clock.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { approveSubmission } from '../../src/commands/approve-submission.ts';
import { createEmergency } from '../../src/commands/create-emergency.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type Context, createContext } from '../../src/context.ts';
import { buildOpenApi } from '../../src/contract/openapi.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { buildApp } from '../../src/http/app.ts';
import { freshDatabase, type TestDatabase } from './database.ts';
import { OpenApiValidator } from './openapi-validator.ts';

export const BASE_URL = 'http://ayuda.test';
export const HELP = '/api/public/v1/help';

export class TestClock {
  #now: number;
  constructor(start = '2026-05-10T12:00:00.000Z') {
    this.#now = Date.parse(start);
  }
  /** Each reading moves time 1 ms forward, so events keep their order. */
  now = (): Date => new Date(this.#now++);
  advanceHours(hours: number): void {
    this.#now += hours * 3_600_000;
  }
}

export interface Harness {
  config: Config;
  database: Database;
  ctx: Context;
  app: FastifyInstance;
  clock: TestClock;
  dbUrl: string;
  /** app.inject, then the response is checked against the OpenAPI document. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  json<T = any>(options: InjectOptions): Promise<{ status: number; body: T; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** env: configuration; sameDatabaseAs: a second instance on another harness's database. */
export async function setup(env: Record<string, string> = {}, sameDatabaseAs?: Harness): Promise<Harness> {
  const db: TestDatabase = sameDatabaseAs ? { url: sameDatabaseAs.dbUrl, cleanup: () => {} } : await freshDatabase();
  const config = loadConfig({
    PORT: '0',
    BASE_URL,
    DATABASE_URL: db.url,
    RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '100000',
    RATE_LIMIT_READS_PER_MINUTE: '100000',
    // The test clock moves a millisecond a reading, so one number's conversations pass the intakes' limits at once;
    // test/intake-limits.test.ts sets them.
    CHANNEL_MESSAGES_PER_MINUTE: '10000',
    CHANNEL_SUBMISSIONS_PER_DAY: '100000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = await openDatabase(config.database);
  const clock = new TestClock();
  const ctx = createContext(config, database, clock.now);
  const app = await buildApp(ctx, database, { logger: false });
  await app.ready();
  const validator = new OpenApiValidator(buildOpenApi(config.baseUrl, config));
  const request = async (options: InjectOptions) => {
    const response = await app.inject(options);
    const url = new URL(String(options.url ?? '/'), BASE_URL);
    const method = String(options.method ?? 'GET');
    if (response.statusCode !== 304 && response.statusCode < 500) {
      validator.check(
        method,
        url.pathname,
        response.statusCode,
        response.headers['content-type'] as string,
        response.body,
      );
    }
    return response;
  };
  return {
    config,
    database,
    ctx,
    app,
    clock,
    dbUrl: db.url,
    request,
    async json(options) {
      const response = await request(options);
      return {
        status: response.statusCode,
        body: response.body ? JSON.parse(response.body) : null,
        headers: response.headers,
      };
    },
    async close() {
      await app.close();
      await database.close();
      db.cleanup();
    },
  };
}

/** Two instances of the service on one new database, with an emergency added; close() closes both. */
export async function twoInstances(
  env: Record<string, string> = {},
): Promise<{ a: Harness; b: Harness; close(): Promise<void> }> {
  const a = await setup(env);
  const b = await setup(env, a);
  await addEmergency(a);
  return {
    a,
    b,
    async close() {
      await b.close();
      await a.close();
    },
  };
}

let counter = 0;
/** A valid request submission; override any field. */
export function requestBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return {
    type: 'request',
    source: 'test-suite',
    externalId: `req-${process.pid}-${counter}`,
    title: 'Agua potable para familias',
    description: 'Sin agua desde ayer en el barrio.',
    category: 'agua',
    contactName: 'María Rojas',
    contactWhatsapp: '+573001234567',
    publishContact: true,
    address: 'Calle 8 # 5-21',
    neighborhood: 'San Miguel',
    latitude: 1.1478,
    longitude: -76.6476,
    urgency: 'needed',
    ...overrides,
  };
}

export function offerBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return {
    type: 'offer',
    source: 'test-suite',
    externalId: `ofr-${process.pid}-${counter}`,
    title: 'Camioneta para llevar mercados',
    category: 'transporte',
    contactName: 'Jorge Muñoz',
    contactWhatsapp: '+573157654321',
    publishContact: true,
    ...overrides,
  };
}

export async function addEmergency(h: Harness, slug = 'inundacion-mocoa', name = 'Inundación Mocoa') {
  return createEmergency(h.ctx, { slug, name, latitude: 1.1466, longitude: -76.6475 }, 'test');
}

/** The editToken each pair's first submit() got back, so sending the pair again through submit() is its owner. */
const editTokens = new WeakMap<Harness, Map<string, string>>();

export async function submit(h: Harness, body: Record<string, unknown>): Promise<string> {
  const tokens = editTokens.get(h) ?? new Map<string, string>();
  editTokens.set(h, tokens);
  const pair = JSON.stringify([body.source, body.externalId]);
  const token = tokens.get(pair);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await h.json({ method: 'POST', url: HELP, payload: body, headers });
  if (res.status !== 202) throw new Error(`submission failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (typeof res.body.editToken === 'string') tokens.set(pair, res.body.editToken);
  return res.body.id as string;
}

/** Submits through the API and approves through the same command the leaders use. */
export async function publish(h: Harness, body: Record<string, unknown>): Promise<string> {
  const id = await submit(h, body);
  await approveSubmission(h.ctx, id, 'test');
  return id;
}

export function list(h: Harness, params: Record<string, string | number | boolean> = {}) {
  const query = new URLSearchParams({
    view: 'list',
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  });
  return h.json({ method: 'GET', url: `${HELP}?${query}` });
}

/** Aid records in the database, whatever their state: a refused submission must leave it unchanged. */
export async function countRecords(h: Harness): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
