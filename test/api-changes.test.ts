// The changes since 1.6.0 (src/contract/changes.ts) are said where integrators read: each one, and each error code
// added, in the served OpenAPI description and in README's "Changes since 1.6.0".
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { addedErrorCodes, apiChanges } from '../src/contract/changes.ts';
import { buildOpenApi } from '../src/contract/openapi.ts';
import { errorCodes } from '../src/errors.ts';

const LIMITS = {
  submissionsPerMinute: 10,
  readsPerMinute: 120,
  bodyLimitBytes: 65536,
  retention: { identityDays: 30, rejectedDays: 30, afterCloseDays: 90, changesDays: 30, messagesDays: 30 },
};

test('the OpenAPI description lists every change and every added error code', () => {
  const document = buildOpenApi('https://ayuda.example', LIMITS);
  for (const change of apiChanges) assert.ok(document.info.description.includes(`${change.date}: ${change.es}`));
  for (const code of addedErrorCodes) {
    assert.ok(document.info.description.includes(code), code);
    assert.ok(errorCodes.includes(code), `${code} is in the catalogue`);
  }
  assert.equal(document.info.version, '1.6.0');
});

test('README says each of them under "Changes since 1.6.0"', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('### Changes since 1.6.0');
  assert.ok(start > 0, 'the section exists');
  const section = readme.slice(start, readme.indexOf('\n### ', start + 1));
  for (const change of apiChanges) assert.ok(section.includes(`- ${change.date}: ${change.en}`), change.en);
  for (const code of addedErrorCodes) assert.ok(section.includes(`\`${code}\``), code);
});
