// The served OpenAPI document has what description linters (Redocly, Spectral) and code generators require:
// security stated, every required property defined, every array with items; and those fixes keep its meaning.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';
import { OpenApiValidator } from './helpers/openapi-validator.ts';

type Node = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Keys whose values are data (examples, constants), not schemas or document structure. */
const DATA_KEYS = new Set(['example', 'examples', 'const', 'default', 'enum']);

let h: Harness;
let doc: any;
before(async () => {
  h = await setup();
  await addEmergency(h);
  const res = await h.json({ method: 'GET', url: '/api/public/openapi.json' });
  assert.equal(res.status, 200);
  doc = res.body;
});
after(() => h.close());

const isObject = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every object of the document outside example data, with its JSON pointer. */
function* walk(node: unknown, pointer = '#'): Generator<[Node, string]> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* walk(item, `${pointer}/${index}`);
    return;
  }
  if (!isObject(node)) return;
  yield [node, pointer];
  for (const [key, value] of Object.entries(node)) {
    if (!DATA_KEYS.has(key) && !key.startsWith('x-')) yield* walk(value, `${pointer}/${key.replaceAll('/', '~1')}`);
  }
}

function operations(): [string, Node][] {
  return Object.entries(doc.paths as Record<string, Node>).flatMap(([path, item]) =>
    METHODS.filter((method) => isObject(item[method])).map((method): [string, Node] => [
      `${method.toUpperCase()} ${path}`,
      item[method] as Node,
    ]),
  );
}

/**
 * Operations that need a credential: withdrawing a record needs its editToken or source key, and an intake from
 * another system (KoboToolbox, WhatsApp, an SMS gateway) the secret or signature shared with it.
 */
const NEEDS_CREDENTIAL = new Set([
  'DELETE /api/public/v1/help/{id}',
  'POST /api/public/v1/help/{id}/deliveries/confirm',
  'POST /integraciones/kobo',
  'POST /integraciones/whatsapp',
  'POST /integraciones/sms',
]);

test('every operation states its security; all but a withdrawal, an integration’s confirmation and an intake are open', () => {
  const schemes = Object.keys(doc.components.securitySchemes ?? {});
  for (const [name, operation] of operations()) {
    const security = (operation.security ?? doc.security) as Node[] | undefined;
    assert.ok(Array.isArray(security), `${name} has no security, nor does the root`);
    const anonymous = security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
    // The public API is open: a list of requirements either is empty or has the anonymous one ({}); a withdrawal
    // needs proof of authorship, an integration's confirmation its key and an intake its shared secret, and they
    // say so.
    assert.equal(anonymous, !NEEDS_CREDENTIAL.has(name), name);
    for (const requirement of security) {
      for (const scheme of Object.keys(requirement)) assert.ok(schemes.includes(scheme), `${name}: ${scheme}`);
    }
  }
  assert.deepEqual(doc.paths['/api/public/v1/help'].post.security, [{}, { editToken: [] }, { sourceKey: [] }]);
  assert.deepEqual(doc.paths['/api/public/v1/help/{id}'].delete.security, [{ editToken: [] }, { sourceKey: [] }]);
});

test('every property a schema requires is defined in its properties', () => {
  let checked = 0;
  for (const [node, pointer] of walk(doc)) {
    // Parameters and request bodies have a boolean required; schemas have a list of names.
    if (!Array.isArray(node.required)) continue;
    const properties = isObject(node.properties) ? node.properties : {};
    for (const name of node.required as string[]) {
      assert.ok(Object.hasOwn(properties, name), `${pointer} requires "${name}" but does not define it`);
      checked++;
    }
  }
  assert.ok(checked > 100, `only ${checked} required properties found: the walk missed the schemas`);
});

test('every array schema says what its items are', () => {
  let arrays = 0;
  for (const [node, pointer] of walk(doc)) {
    const types = [node.type].flat();
    if (!types.includes('array')) continue;
    assert.ok(isObject(node.items), `${pointer} is an array without an items schema`);
    arrays++;
  }
  assert.ok(arrays > 10, `only ${arrays} arrays found: the walk missed the schemas`);
});

test('a GeoJSON point still has exactly two coordinates in range', () => {
  const validator = new OpenApiValidator(doc);
  const content = doc.paths['/api/aid-places/places'].get.responses['200'].content['application/geo+json'];
  const check = (coordinates: unknown[]) => {
    const feed = structuredClone(content.example);
    feed.features[0].geometry.coordinates = coordinates;
    validator.check('GET', '/api/aid-places/places', 200, 'application/geo+json', JSON.stringify(feed));
  };
  check([-76.65, 1.15]);
  assert.throws(() => check([-76.65, 1.15, 10]), /violates/);
  assert.throws(() => check([-76.65]), /violates/);
  assert.throws(() => check([1.15, -91]), /violates/);
});

test('a JSON-RPC transport error is described with its code and message', () => {
  const validator = new OpenApiValidator(doc);
  const error = (inner: unknown) => JSON.stringify({ jsonrpc: '2.0', error: inner, id: null });
  validator.check('POST', '/mcp', 406, 'application/json', error({ code: -32000, message: 'Not Acceptable' }));
  validator.check('POST', '/mcp', 406, 'application/json', error({ code: -32600, message: 'x', data: { a: 1 } }));
  assert.throws(() => validator.check('POST', '/mcp', 406, 'application/json', error({ code: -32000 })), /violates/);
  assert.throws(
    () => validator.check('POST', '/mcp', 406, 'application/json', error({ code: 'x', message: 'm' })),
    /violates/,
  );
});
