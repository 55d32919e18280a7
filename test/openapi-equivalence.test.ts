// The OpenAPI document made from the route declarations says everything test/fixtures/openapi-baseline.json says:
// every path, method, parameter, body, response and component of the fixture, unchanged. New paths and components
// may be added; nothing may go missing or change. The fixture is never edited by hand: `npm run openapi:baseline`
// (bench/openapi-baseline.ts) regenerates it from the code, refusing a document that removes or changes a SPEC part
// or drops an operation, and a change to the document is reviewed as the fixture's diff, in the same commit.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { baselineRefusals, changeSummary, LIMITS } from '../bench/openapi-baseline.ts';
import { buildOpenApi } from '../src/contract/openapi.ts';

type Json = Record<string, any>;

const fixture: Json = JSON.parse(readFileSync(new URL('./fixtures/openapi-baseline.json', import.meta.url), 'utf8'));
const BASE_URL = fixture.servers[0].url;

/** As served: through JSON, so an undefined field is absent on both sides. */
const current: Json = JSON.parse(JSON.stringify(buildOpenApi(BASE_URL, LIMITS)));

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** Where two values first differ, as a JSON pointer below the part compared, with both sides. */
function firstDifference(expected: unknown, actual: unknown, pointer = ''): string | undefined {
  if (isObject(expected) && isObject(actual) && Array.isArray(expected) === Array.isArray(actual)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const found = firstDifference(expected[key], actual[key], `${pointer}/${key}`);
      if (found) return found;
    }
    return undefined;
  }
  if (Object.is(expected, actual)) return undefined;
  const show = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value).slice(0, 200));
  return `${pointer || '/'} expected ${show(expected)}, got ${show(actual)}`;
}

/** Every difference between the fixture and the new document, each naming the path, method and part. */
function differences(before: Json, after: Json): string[] {
  const found: string[] = [];
  const same = (where: string, expected: unknown, actual: unknown) => {
    const difference = firstDifference(expected, actual);
    if (difference) found.push(`${where}: ${difference}`);
  };
  for (const part of ['openapi', 'info', 'jsonSchemaDialect', 'security', 'servers', 'tags']) {
    same(part, before[part], after[part]);
  }
  same('components.securitySchemes', before.components.securitySchemes, after.components.securitySchemes);
  for (const [id, schema] of Object.entries(before.components.schemas)) {
    same(`components.schemas.${id}`, schema, after.components.schemas[id]);
  }
  for (const [path, item] of Object.entries<Json>(before.paths)) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      const now: Json | undefined = after.paths[path]?.[method];
      if (!now) {
        found.push(`${where}: missing`);
        continue;
      }
      for (const part of ['operationId', 'tags', 'summary', 'description', 'security', 'requestBody']) {
        same(`${where} ${part}`, operation[part], now[part]);
      }
      const parameters: Json[] = operation.parameters ?? [];
      const nowParameters: Json[] = now.parameters ?? [];
      for (const parameter of parameters) {
        const match = nowParameters.find((p) => p.name === parameter.name && p.in === parameter.in);
        same(`${where} parameter ${parameter.in} ${parameter.name}`, parameter, match);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        same(`${where} response ${status}`, response, now.responses?.[status]);
      }
    }
  }
  return found;
}

test('the document made from the declarations says all the fixture says', () => {
  const found = differences(fixture, current);
  assert.deepEqual(found, [], found.join('\n'));
});

test('paths and methods come in the fixture order; new ones may follow', () => {
  const order = (doc: Json) =>
    Object.entries<Json>(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`));
  const now = order(current);
  assert.deepEqual(
    now.filter((key) => order(fixture).includes(key)),
    order(fixture),
  );
});

test('the comparison notices a changed response description, example or parameter', () => {
  const changed: Json = structuredClone(current);
  changed.paths['/api/public/v1/help/{id}/reports'].post.responses['202'].description += '.';
  changed.paths['/api/public/v1/help'].post.requestBody.content['application/json'].examples.offer.value.title = 'x';
  changed.paths['/api/public/v1/inventario'].get.parameters[0].description = 'x';
  delete changed.paths['/healthz'];
  assert.deepEqual(
    differences(fixture, changed).map((line) => line.split(':')[0]),
    [
      'POST /api/public/v1/help requestBody',
      'POST /api/public/v1/help/{id}/reports response 202',
      'GET /api/public/v1/inventario parameter query emergencia',
      'GET /healthz',
    ],
  );
});

test('the baseline script refuses a document that drops a SPEC path, and an operation unless removal is allowed', () => {
  assert.deepEqual(baselineRefusals(fixture, current), []);
  const withoutHelp: Json = structuredClone(current);
  delete withoutHelp.paths['/api/public/v1/help'];
  const refusals = baselineRefusals(fixture, withoutHelp);
  assert.ok(
    refusals.some((line) => line.startsWith('SPEC: ')),
    refusals.join('\n'),
  );
  assert.ok(refusals.some((line) => line.startsWith('GET /api/public/v1/help: removed')));
  assert.ok(refusals.some((line) => line.startsWith('POST /api/public/v1/help: removed')));
  const allowed = baselineRefusals(fixture, withoutHelp, { allowRemoval: true });
  assert.ok(allowed.length > 0 && allowed.every((line) => line.startsWith('SPEC: ')), allowed.join('\n'));
  // An operation outside the specification may go, but only when the removal is asked for.
  const withoutHealth: Json = structuredClone(current);
  delete withoutHealth.paths['/healthz'];
  assert.deepEqual(baselineRefusals(fixture, withoutHealth), [
    'GET /healthz: removed from the document (--allow-removal accepts it)',
  ]);
  assert.deepEqual(baselineRefusals(fixture, withoutHealth, { allowRemoval: true }), []);
});

test('the baseline script summarises what changed, by operation and component', () => {
  const changed: Json = structuredClone(current);
  changed.paths['/healthz'].get.summary += '.';
  changed.components.schemas.Extra = { type: 'string' };
  delete changed.components.schemas.ErrorDetail;
  assert.deepEqual(changeSummary(current, changed), [
    'operations changed (1): GET /healthz',
    'components added (1): Extra',
    'components removed (1): ErrorDetail',
  ]);
  assert.deepEqual(changeSummary(current, current), ['nothing changed']);
});
