// The OpenAPI document is valid 3.1, generated from the schemas, and the validator used by every test really checks.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { readToolNames, submissionToolNames } from '../src/contract/mcp-tools.ts';
import { errorCodes } from '../src/errors.ts';
import { tools } from '../src/mcp/tools.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';
import { OpenApiValidator } from './helpers/openapi-validator.ts';

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

test('the document validates as OpenAPI 3.1 with version 1.6.0', async () => {
  const validator = new Validator();
  const result = await validator.validate(doc);
  assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2)?.slice(0, 3000));
  assert.equal(validator.version, '3.1');
  assert.match(doc.openapi, /^3\.1\.\d+$/);
  assert.equal(doc.info.version, '1.6.0');
  assert.equal(doc.servers[0].url, 'http://ayuda.test');
});

test('every operation of SPEC 4.1-4.3 is described with its statuses', () => {
  const help = doc.paths['/api/public/v1/help'];
  assert.deepEqual(Object.keys(help.get.responses).sort(), ['200', '304', '400', '404', '429']);
  assert.deepEqual(Object.keys(help.post.responses).sort(), ['202', '400', '401', '409', '413', '415', '422', '429']);
  assert.ok(help.options.responses['204']);
  const names = help.get.parameters.map((p: { name: string }) => p.name);
  for (const name of [
    'view',
    'id',
    'emergencySlug',
    'type',
    'status',
    'category',
    'priority',
    'q',
    'latitude',
    'longitude',
    'radiusKm',
    'logistics',
    'capacity',
    'limit',
  ]) {
    assert.ok(names.includes(name), name);
  }
  const radius = help.get.parameters.find((p: { name: string }) => p.name === 'radiusKm').schema;
  assert.deepEqual([radius.minimum, radius.maximum], [0.1, 500]);
  const limit = help.get.parameters.find((p: { name: string }) => p.name === 'limit').schema;
  assert.deepEqual([limit.minimum, limit.maximum, limit.default], [1, 100, 50]);
});

test('schemas come from the validating Zod schemas: bounds, enums, strictness, examples', () => {
  const request = doc.components.schemas.HelpRequestSubmission;
  assert.equal(request.additionalProperties, false);
  assert.deepEqual([request.properties.title.minLength, request.properties.title.maxLength], [4, 100]);
  assert.deepEqual([request.properties.latitude.minimum, request.properties.latitude.maximum], [-4.3, 13.6]);
  assert.equal(request.properties.neededPeople.deprecated, true);
  assert.ok(!request.required.includes('urgency'), 'defaults are optional on input');
  assert.ok(request.examples?.length > 0);
  assert.deepEqual(doc.components.schemas.Error.properties.code.enum.sort(), [...errorCodes].sort());
  for (const id of [
    'PublicHelp',
    'Location',
    'Contact',
    'Quantities',
    'ResourceLine',
    'Verification',
    'Logistics',
    'CollectionCenter',
    'TimelineItem',
    'Panorama',
    'Discovery',
    'PublishResult',
    'HelpList',
    'HelpDetail',
  ]) {
    assert.ok(doc.components.schemas[id], id);
  }
  assert.equal(doc.components.schemas.PublicHelp.additionalProperties, false, 'responses may carry no unlisted field');
});

test('the response validator rejects a response that strays from the document', () => {
  const validator = new OpenApiValidator(doc);
  const good = JSON.stringify({ error: 'x', code: 'help_not_found', details: [] });
  validator.check('GET', '/api/public/v1/help', 404, 'application/json', good);
  for (const details of [null, {}, 'x']) {
    const strayed = JSON.stringify({ error: 'x', code: 'help_not_found', details });
    assert.throws(() => validator.check('GET', '/api/public/v1/help', 404, 'application/json', strayed), /details/);
  }
  assert.throws(() =>
    validator.check(
      'GET',
      '/api/public/v1/help',
      404,
      'application/json',
      JSON.stringify({ error: 'x', code: 'made_up', details: [] }),
    ),
  );
  assert.throws(() => validator.check('GET', '/api/public/v1/help', 418, 'application/json', good), /does not list/);
  assert.throws(
    () => validator.check('DELETE', '/api/public/v1/help', 200, 'application/json', good),
    /not in the OpenAPI/,
  );
  const result = {
    ok: true,
    queued: true,
    id: '0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11',
    type: 'request',
    emergencySlug: 'x',
    reviewStatus: 'pending_review',
    message: 'm',
  };
  validator.check('POST', '/api/public/v1/help', 202, 'application/json', JSON.stringify(result));
  assert.throws(() =>
    validator.check(
      'POST',
      '/api/public/v1/help',
      202,
      'application/json',
      JSON.stringify({ ...result, identityDocument: '1' }),
    ),
  );
});

test('response examples in the document are valid responses', () => {
  const validator = new OpenApiValidator(doc);
  const examples = doc.paths['/api/public/v1/help'].get.responses['200'].content['application/json'].examples;
  assert.deepEqual(Object.keys(examples).sort(), ['detail', 'discovery', 'list', 'panorama']);
  for (const { value } of Object.values(examples) as { value: unknown }[]) {
    validator.check('GET', '/api/public/v1/help', 200, 'application/json', JSON.stringify(value));
  }
  const post = doc.paths['/api/public/v1/help'].post.requestBody.content['application/json'].examples;
  assert.equal(helpSubmission.parse(post.request.value).type, 'request');
  assert.equal(helpSubmission.parse(post.offer.value).type, 'offer');
});

test('the tool names the document and llms.txt give are exactly the MCP tool table, in its order', () => {
  assert.deepEqual(
    [...readToolNames],
    tools.filter((tool) => !tool.submits).map((tool) => tool.name),
  );
  assert.deepEqual(
    [...submissionToolNames],
    tools.filter((tool) => tool.submits).map((tool) => tool.name),
  );
});
