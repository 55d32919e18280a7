import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  choosableMunicipality,
  csvFields,
  departments,
  municipalities,
  municipalitiesOf,
  municipalityByCode,
  municipalityLabel,
  nearestMunicipality,
  titleCase,
} from './municipalities.ts';

test('every DIVIPOLA row loads with a 5-digit code, its department and a point', () => {
  const all = municipalities();
  assert.equal(all.length, 1121);
  for (const m of all) {
    assert.match(m.code, /^\d{5}$/);
    assert.equal(m.code.slice(0, 2), m.departmentCode, m.code);
    assert.ok(Number.isFinite(m.latitude) && Number.isFinite(m.longitude), m.code);
    assert.ok(!m.name.includes('"') && !m.departmentName.includes('"'), m.code);
  }
  assert.equal(new Set(all.map((m) => m.code)).size, all.length, 'codes are unique');
});

test('names with commas come whole from their quotes', () => {
  assert.deepEqual(csvFields('11001,"BOGOTÁ, D.C.",11,"BOGOTÁ, D.C.",Municipio,4.316108,-74.181073'), [
    '11001',
    'BOGOTÁ, D.C.',
    '11',
    'BOGOTÁ, D.C.',
    'Municipio',
    '4.316108',
    '-74.181073',
  ]);
  assert.deepEqual(csvFields('a,"say ""hi""",'), ['a', 'say "hi"', '']);
  const bogota = municipalityByCode('11001');
  assert.equal(bogota?.name, 'Bogotá, D.C.');
  assert.equal(bogota?.latitude, 4.316108);
  assert.equal(municipalityLabel(bogota as never), 'Bogotá, D.C.', 'named once');
  const sanAndres = municipalityByCode('88001');
  assert.equal(sanAndres?.departmentName, 'Archipiélago de San Andrés, Providencia y Santa Catalina');
});

test('names read as people write them', () => {
  assert.equal(titleCase('SAN JOSÉ DEL GUAVIARE'), 'San José del Guaviare');
  assert.equal(titleCase('BOGOTÁ, D.C.'), 'Bogotá, D.C.');
  assert.equal(municipalityLabel(municipalityByCode('86001') as never), 'Mocoa, Putumayo');
});

test('nearestMunicipality names the municipality of a point', () => {
  // Mocoa's own representative point, and the town centre of Mocoa where the demo emergency is.
  assert.equal(nearestMunicipality(1.260709, -76.665843).code, '86001');
  assert.equal(nearestMunicipality(1.1466, -76.6475).code, '86001');
  assert.equal(nearestMunicipality(6.2442, -75.5812).code, '05001', 'Medellín');
  assert.equal(nearestMunicipality(3.4516, -76.532).code, '76001', 'Cali');
  assert.equal(nearestMunicipality(12.5847, -81.7006).code, '88001', 'San Andrés, once its row is read whole');
  for (const m of municipalities().slice(0, 200)) {
    assert.equal(nearestMunicipality(m.latitude, m.longitude).code, m.code, 'a point of its own is nearest');
  }
});

test('municipalityByCode: unknown or empty codes give nothing', () => {
  assert.equal(municipalityByCode('99999'), undefined);
  assert.equal(municipalityByCode(null), undefined);
  assert.equal(municipalityByCode(''), undefined);
});

test('choosable municipalities: known and within the accepted coordinates; San Andrés is not', () => {
  assert.equal(choosableMunicipality('86001')?.name, 'Mocoa');
  assert.equal(choosableMunicipality('88001'), undefined);
  assert.equal(choosableMunicipality('99999'), undefined);
  assert.ok(!departments().some((d) => d.code === '88'));
  assert.equal(departments().length, 32);
  assert.deepEqual(municipalitiesOf('88'), []);
  const putumayo = municipalitiesOf('86');
  assert.equal(putumayo.length, 13);
  assert.ok(putumayo.every((m) => m.departmentCode === '86'));
  assert.deepEqual(
    putumayo.map((m) => m.name),
    [...putumayo.map((m) => m.name)].sort((a, b) => a.localeCompare(b, 'es')),
  );
});
