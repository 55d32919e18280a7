// npm run openapi:baseline: regenerates test/fixtures/openapi-baseline.json from the code, formatted as Biome formats
// it, so that a change to the OpenAPI document is reviewed as a diff of the fixture. It writes nothing, and exits 1,
// when the new document removes or changes a part of the SPEC contract (test/helpers/spec-contract.ts), or drops
// an operation the fixture has (unless run with --allow-removal:
// npm run openapi:baseline -- --allow-removal).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApi, type DocumentSettings } from '../src/contract/openapi.ts';
import { specViolations } from '../test/helpers/spec-contract.ts';

type Json = Record<string, unknown>;

const root = path.resolve(import.meta.dirname, '..');
/** The fixture, relative to the repository root (Biome reads its settings for the file by this name). */
const FIXTURE = 'test/fixtures/openapi-baseline.json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const ALLOW_REMOVAL = '--allow-removal';

/** The settings the fixture is made with; test/openapi-equivalence.test.ts builds the document with the same. */
export const LIMITS: DocumentSettings = {
  submissionsPerMinute: 10,
  readsPerMinute: 120,
  bodyLimitBytes: 65536,
  retention: { identityDays: 30, rejectedDays: 30, afterCloseDays: 90, changesDays: 30, messagesDays: 30 },
};

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: unknown, key: string): Json => (isObject(value) && isObject(value[key]) ? value[key] : {});

/** The document the code makes for the fixture's server, as served: through JSON, so an undefined field is absent. */
export function currentDocument(baseUrl: string): Json {
  return JSON.parse(JSON.stringify(buildOpenApi(baseUrl, LIMITS)));
}

/** Every operation of a document by "METHOD /path", in document order. */
function operations(doc: unknown): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [where, item] of Object.entries(objectAt(doc, 'paths'))) {
    for (const method of METHODS) {
      if (isObject(item) && item[method] !== undefined) found.set(`${method.toUpperCase()} ${where}`, item[method]);
    }
  }
  return found;
}

/**
 * Why the document `after` may not replace the fixture `before`: each SPEC part it lacks or changes, and, unless
 * removal is allowed, each operation of the fixture it no longer has. Empty when it may.
 */
export function baselineRefusals(before: unknown, after: unknown, { allowRemoval = false } = {}): string[] {
  const refusals = specViolations(after).map((violation) => `SPEC: ${violation}`);
  if (!allowRemoval) {
    const now = operations(after);
    for (const key of operations(before).keys()) {
      if (!now.has(key)) refusals.push(`${key}: removed from the document (${ALLOW_REMOVAL} accepts it)`);
    }
  }
  return refusals;
}

/** What changed from `before` to `after`: operations, components and webhooks added, changed and removed. */
export function changeSummary(before: unknown, after: unknown): string[] {
  const lines: string[] = [];
  const compare = (label: string, old: Map<string, unknown>, now: Map<string, unknown>) => {
    const same = (key: string) => JSON.stringify(old.get(key)) === JSON.stringify(now.get(key));
    const groups: [string, string[]][] = [
      ['added', [...now.keys()].filter((key) => !old.has(key))],
      ['changed', [...now.keys()].filter((key) => old.has(key) && !same(key))],
      ['removed', [...old.keys()].filter((key) => !now.has(key))],
    ];
    for (const [what, keys] of groups) {
      if (keys.length > 0) lines.push(`${label} ${what} (${keys.length}): ${keys.join(', ')}`);
    }
  };
  const components = (doc: unknown) => new Map(Object.entries(objectAt(objectAt(doc, 'components'), 'schemas')));
  const webhooks = (doc: unknown) => new Map(Object.entries(objectAt(doc, 'webhooks')));
  compare('operations', operations(before), operations(after));
  compare('components', components(before), components(after));
  compare('webhooks', webhooks(before), webhooks(after));
  const parts = ['openapi', 'info', 'jsonSchemaDialect', 'security', 'servers', 'tags'];
  const value = (doc: unknown, part: string) => JSON.stringify(isObject(doc) ? doc[part] : undefined);
  const changedParts = parts.filter((part) => value(before, part) !== value(after, part));
  const schemes = (doc: unknown) => JSON.stringify(objectAt(objectAt(doc, 'components'), 'securitySchemes'));
  if (schemes(before) !== schemes(after)) changedParts.push('components.securitySchemes');
  if (changedParts.length > 0) lines.push(`also changed: ${changedParts.join(', ')}`);
  return lines.length > 0 ? lines : ['nothing changed'];
}

/** The document as the fixture holds it: JSON, formatted by Biome with the repository's settings. */
function formatted(doc: unknown): string {
  const biome = path.join(root, 'node_modules', '.bin', 'biome');
  const result = spawnSync(biome, ['format', `--stdin-file-path=${FIXTURE}`], {
    cwd: root,
    input: `${JSON.stringify(doc, null, 2)}\n`,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0 || !result.stdout) {
    throw new Error(`biome format failed: ${result.error?.message ?? result.stderr}`);
  }
  return result.stdout;
}

function main(args: string[]): number {
  const unknown = args.filter((arg) => arg !== ALLOW_REMOVAL);
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown.join(' ')}. Usage: npm run openapi:baseline [-- ${ALLOW_REMOVAL}]`);
    return 1;
  }
  const file = path.join(root, FIXTURE);
  const before: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const servers = isObject(before) && Array.isArray(before.servers) ? before.servers : [];
  const baseUrl = isObject(servers[0]) && typeof servers[0].url === 'string' ? servers[0].url : undefined;
  if (!baseUrl) {
    console.error(`${FIXTURE} names no server (servers[0].url); nothing was written.`);
    return 1;
  }
  const after = currentDocument(baseUrl);
  const refusals = baselineRefusals(before, after, { allowRemoval: args.includes(ALLOW_REMOVAL) });
  if (refusals.length > 0) {
    console.error(`Refused: ${FIXTURE} is left as it was.`);
    for (const refusal of refusals) console.error(`- ${refusal}`);
    return 1;
  }
  writeFileSync(file, formatted(after));
  console.log(`Wrote ${FIXTURE}; review it with git diff ${FIXTURE}.`);
  for (const line of changeSummary(before, after)) console.log(`- ${line}`);
  return 0;
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
