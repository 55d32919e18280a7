import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseInput } from './parse.ts';
import { helpSubmission } from './submission.ts';

const request = {
  type: 'request',
  source: 'prueba',
  externalId: 'sol-1',
  title: 'Agua para 3 familias',
  category: 'agua',
  contactName: 'Ana Pérez',
  contactWhatsapp: '+573001234567',
  publishContact: true,
  address: 'Vereda El Pepino, junto a la escuela',
};

function problems(body: Record<string, unknown>): Record<string, string> {
  const parsed = parseInput(helpSubmission, body, 'es');
  return parsed.ok ? {} : Object.fromEntries(parsed.details.map((d) => [d.field, d.code ?? '']));
}

test('a request takes a municipality instead of a point', () => {
  const parsed = parseInput(helpSubmission, { ...request, municipalityCode: '86001' });
  assert.equal(parsed.ok, true);
  assert.deepEqual(problems({ ...request, municipalityCode: '86001', latitude: 1.15, longitude: -76.64 }), {});
});

test('without a municipality, a request still needs both coordinates', () => {
  assert.deepEqual(problems(request), { latitude: 'required', longitude: 'required' });
  assert.deepEqual(problems({ ...request, latitude: 1.15 }), { longitude: 'required' });
  assert.deepEqual(problems({ ...request, latitude: 1.15, longitude: -76.64 }), {});
});

test('with a municipality, the coordinates still go together', () => {
  assert.deepEqual(problems({ ...request, municipalityCode: '86001', latitude: 1.15 }), {
    longitude: 'coordinates_pair',
  });
});

test('unknown codes and San Andrés are refused', () => {
  assert.deepEqual(problems({ ...request, municipalityCode: '99999' }), { municipalityCode: 'unknown_municipality' });
  assert.deepEqual(problems({ ...request, municipalityCode: '88001' }), {
    municipalityCode: 'municipality_outside_bounds',
  });
  assert.deepEqual(problems({ ...request, municipalityCode: '8600' }), { municipalityCode: 'invalid_format' });
});

test('an offer may name a municipality, with or without a point', () => {
  const offer = { ...request, type: 'offer', address: undefined, title: 'Camioneta para mercados' };
  assert.deepEqual(problems(offer), {});
  assert.deepEqual(problems({ ...offer, municipalityCode: '86001' }), {});
  assert.deepEqual(problems({ ...offer, municipalityCode: '88564' }), {
    municipalityCode: 'municipality_outside_bounds',
  });
  assert.deepEqual(problems({ ...offer, longitude: -76.64 }), { latitude: 'coordinates_pair' });
});
