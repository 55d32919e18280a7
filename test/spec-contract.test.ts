// The served OpenAPI document keeps every part of SPEC.md written out in test/helpers/spec-contract.ts, and that check
// really fails when a part of the specification is dropped or changed, while additions beyond it pass.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, HELP, setup } from './helpers/harness.ts';
import { specViolations } from './helpers/spec-contract.ts';

let h: Harness;
let served: any;
before(async () => {
  h = await setup();
  // SPEC 1: the full OpenAPI 3.1 description is served here.
  const res = await h.json({ method: 'GET', url: '/api/public/openapi.json' });
  assert.equal(res.status, 200);
  served = res.body;
});
after(() => h.close());

/** A deep copy of the served document, changed by `change`. */
function changed(change: (doc: any) => void): any {
  const doc = structuredClone(served);
  change(doc);
  return doc;
}

/** The violations a changed document has that the served one has not. */
function newViolations(doc: any): string[] {
  const before = new Set(specViolations(served));
  return specViolations(doc).filter((violation) => !before.has(violation));
}

/** Asserts that some new violation matches every pattern. */
function assertReported(doc: any, ...patterns: RegExp[]): void {
  const found = newViolations(doc);
  assert.ok(
    found.some((violation) => patterns.every((pattern) => pattern.test(violation))),
    `expected a violation matching ${patterns.join(' and ')}, got ${JSON.stringify(found, null, 2)}`,
  );
}

const schemas = (doc: any) => doc.components.schemas;

/** `value` with every `$ref` replaced by a copy of its target, so a change to it stays where it is made. */
function inline(doc: any, value: any): any {
  while (value?.$ref) {
    const { $ref, ...beside } = value;
    const target = $ref
      .slice(2)
      .split('/')
      .reduce((here: any, key: string) => here?.[key], doc);
    value = { ...structuredClone(target), ...beside };
  }
  return value;
}

/** A property of a component schema, made inline so it can be changed alone. */
function property(doc: any, schema: string, name: string): any {
  const properties = schemas(doc)[schema].properties;
  properties[name] = inline(doc, properties[name]);
  return properties[name];
}

/** The schema of a query parameter of GET help, made inline so it can be changed alone. */
function helpQuery(doc: any, name: string): any {
  const parameters: any[] = doc.paths[HELP].get.parameters;
  const index = parameters.findIndex((parameter) => inline(doc, parameter).name === name);
  parameters[index] = inline(doc, parameters[index]);
  parameters[index].schema = inline(doc, parameters[index].schema);
  return parameters[index].schema;
}

test('the served document keeps the specification', () => {
  assert.deepEqual(specViolations(served), []);
});

describe('the check fails when a part of the specification is dropped or changed', () => {
  test('(a) another info.version', () => {
    assertReported(
      changed((doc) => {
        doc.info.version = '1.7.0';
      }),
      /info\.version/,
      /1\.7\.0/,
      /1\.6\.0/,
    );
    assertReported(
      changed((doc) => {
        delete doc.info.version;
      }),
      /info\.version/,
    );
  });

  test('(b) a path of the specification deleted, or one of its methods', () => {
    assertReported(
      changed((doc) => {
        delete doc.paths['/api/logistics-operations'];
      }),
      /\/api\/logistics-operations/,
      /missing/,
    );
    assertReported(
      changed((doc) => {
        delete doc.paths[HELP].options;
      }),
      /OPTIONS \/api\/public\/v1\/help/,
      /missing/,
    );
    assertReported(
      changed((doc) => {
        delete doc.paths['/mcp'].delete;
      }),
      /DELETE \/mcp/,
      /missing/,
    );
  });

  test('(c) a field of the specification removed from a schema', () => {
    assertReported(
      changed((doc) => {
        delete schemas(doc).PublicHelp.properties.publicUrl;
      }),
      /HelpList/,
      /items\[\]\.publicUrl: missing/,
    );
    assertReported(
      changed((doc) => {
        delete schemas(doc).InventoryLine.properties.stale;
      }),
      /Inventario/,
      /\.stale: missing/,
    );
    assertReported(
      changed((doc) => {
        delete schemas(doc).HelpOfferSubmission.properties.needsTransport;
      }),
      /body offer/,
      /\.needsTransport: missing/,
    );
    assertReported(
      changed((doc) => {
        delete schemas(doc).LogisticsOperation.properties.distance_km;
      }),
      /operations\[\]\.distance_km: missing/,
    );
  });

  test('(d) a bound of the specification loosened', () => {
    assertReported(
      changed((doc) => {
        property(doc, 'HelpRequestSubmission', 'title').maxLength = 200;
      }),
      /body request/,
      /\.title: maxLength is 200, the specification says 100/,
    );
    assertReported(
      changed((doc) => {
        delete helpQuery(doc, 'q').maxLength;
      }),
      /query parameter q: maxLength is nothing, the specification says 120/,
    );
    assertReported(
      changed((doc) => {
        property(doc, 'HelpOfferSubmission', 'latitude').minimum = -90;
      }),
      /body offer/,
      /\.latitude: minimum is -90/,
    );
    assertReported(
      changed((doc) => {
        helpQuery(doc, 'limit').maximum = 1000;
      }),
      /query parameter limit: maximum is 1000, the specification says 100/,
    );
  });

  test('(e) a status code of the specification dropped', () => {
    assertReported(
      changed((doc) => {
        delete doc.paths[HELP].post.responses['413'];
      }),
      /POST \/api\/public\/v1\/help/,
      /response status 413 missing/,
    );
    assertReported(
      changed((doc) => {
        delete doc.paths['/api/public/v1/inventario'].get.responses['500'];
      }),
      /GET \/api\/public\/v1\/inventario/,
      /response status 500 missing/,
    );
  });

  test('(f) a default of the specification changed', () => {
    assertReported(
      changed((doc) => {
        helpQuery(doc, 'limit').default = 20;
      }),
      /query parameter limit: default is 20, the specification says 50/,
    );
    assertReported(
      changed((doc) => {
        helpQuery(doc, 'status').default = 'all';
      }),
      /query parameter status: default is "all", the specification says "active"/,
    );
    assertReported(
      changed((doc) => {
        property(doc, 'HelpRequestSubmission', 'urgency').default = 'urgent';
      }),
      /body request/,
      /\.urgency: default is "urgent", the specification says "needed"/,
    );
  });

  test('a closed list, a type, required-ness, null and a constant changed', () => {
    assertReported(
      changed((doc) => {
        const category = property(doc, 'HelpRequestSubmission', 'category');
        category.enum = category.enum.filter((value: string) => value !== 'panales');
      }),
      /body request/,
      /\.category: does not accept \["panales"\]/,
    );
    assertReported(
      changed((doc) => {
        property(doc, 'HelpOfferSubmission', 'capacityBoxes').type = 'number';
      }),
      /\.capacityBoxes: type is \["number"\], the specification says integer/,
    );
    assertReported(
      changed((doc) => {
        schemas(doc).HelpOfferSubmission.required.push('vehicle');
      }),
      /body offer/,
      /\.vehicle: required, the specification makes it optional/,
    );
    assertReported(
      changed((doc) => {
        const required: string[] = schemas(doc).HelpRequestSubmission.required;
        required.splice(required.indexOf('title'), 1);
      }),
      /body request/,
      /\.title: not required, the specification requires it/,
    );
    assertReported(
      changed((doc) => {
        schemas(doc).PublicHelp.properties.title = { type: ['string', 'null'] };
      }),
      /item\.title: accepts null/,
    );
    assertReported(
      changed((doc) => {
        schemas(doc).LogisticsOperationList.properties.canManage = { type: 'boolean' };
      }),
      /\.canManage: is "not a constant", the specification says the constant false/,
    );
  });
});

test('additions beyond the specification are no violation', () => {
  const doc = changed((doc) => {
    schemas(doc).PublicHelp.properties.extraField = { type: 'string' };
    doc.paths[HELP].get.responses['418'] = { description: 'extra' };
    helpQuery(doc, 'priority').enum.push('extra');
    doc.paths[HELP].get.parameters.push({ name: 'extra', in: 'query', schema: { type: 'string' } });
    doc.paths['/api/extra'] = { get: { responses: { '200': { description: 'extra' } } } };
  });
  assert.deepEqual(newViolations(doc), []);
});
