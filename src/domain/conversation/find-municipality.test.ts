import assert from 'node:assert/strict';
import { test } from 'node:test';
import { choosableMunicipality } from '../municipalities.ts';
import { findMunicipality, MAX_CANDIDATES, type MunicipalityMatch } from './find-municipality.ts';

function code(match: MunicipalityMatch): string | undefined {
  return match.kind === 'one' ? match.municipality.code : undefined;
}

function candidates(match: MunicipalityMatch): string[] {
  return match.kind === 'several' ? match.candidates.map((m) => `${m.name}, ${m.departmentName}`) : [];
}

test('a name is found whatever its case and accents', () => {
  for (const typed of ['Mocoa', 'mocoa', ' MOCOA ', 'Mocoa.'])
    assert.equal(code(findMunicipality(typed)), '86001', typed);
  assert.equal(code(findMunicipality('medellin')), '05001');
  assert.equal(code(findMunicipality('VILLAGARZON')), '86885');
  assert.equal(code(findMunicipality('Puerto Leguízamo')), '86573');
});

test('a name followed by its department, however separated', () => {
  for (const typed of [
    'Mocoa, Putumayo',
    'mocoa putumayo',
    'Mocoa - Putumayo',
    'Mocoa (Putumayo)',
    'mocoa putumayo colombia',
  ]) {
    assert.equal(code(findMunicipality(typed)), '86001', typed);
  }
  assert.equal(code(findMunicipality('San Miguel, Putumayo')), '86757');
  assert.equal(code(findMunicipality('la union valle')), '76400', 'the start of the department name');
  assert.equal(code(findMunicipality('La Unión, Nariño')), '52399');
  assert.equal(code(findMunicipality('Mocoa, Antioquia')), undefined, 'a department that does not match');
});

test('filler words and common names', () => {
  assert.equal(code(findMunicipality('estoy en Mocoa')), '86001');
  assert.equal(code(findMunicipality('municipio de Sibundoy')), '86749');
  assert.equal(code(findMunicipality('Bogotá')), '11001');
  assert.equal(code(findMunicipality('Bogotá, D.C.')), '11001');
  assert.equal(code(findMunicipality('Cúcuta')), '54001');
  assert.equal(code(findMunicipality('Tumaco')), '52835');
  assert.equal(code(findMunicipality('86001')), '86001', 'a DIVIPOLA code');
});

test('a shared name gives the candidates, by department', () => {
  assert.deepEqual(candidates(findMunicipality('La Unión')), [
    'La Unión, Antioquia',
    'La Unión, Nariño',
    'La Unión, Sucre',
    'La Unión, Valle del Cauca',
  ]);
  assert.deepEqual(candidates(findMunicipality('san miguel')), ['San Miguel, Putumayo', 'San Miguel, Santander']);
  for (const typed of ['Buenavista', 'Villanueva', 'Granada', 'Nariño']) {
    const found = findMunicipality(typed);
    assert.equal(found.kind, 'several', typed);
    assert.ok(found.kind === 'several' && found.candidates.length <= MAX_CANDIDATES);
  }
});

test('only municipalities a submission may name are offered', () => {
  // San Andrés island (88001) lies outside the accepted coordinates; San Andrés, Santander is asked about.
  assert.deepEqual(candidates(findMunicipality('San Andrés')), ['San Andrés, Santander']);
  assert.deepEqual(candidates(findMunicipality('Providencia')), ['Providencia, Nariño']);
  const island = findMunicipality('Providencia, San Andrés');
  assert.equal(island.kind, 'outside');
  assert.ok(island.kind === 'outside' && island.municipality.code === '88564');
  for (const typed of ['La Unión', 'Mocoa', 'San Andrés', 'Buenavista']) {
    const found = findMunicipality(typed);
    const list = found.kind === 'one' ? [found.municipality] : found.kind === 'several' ? found.candidates : [];
    for (const m of list) assert.ok(choosableMunicipality(m.code), m.code);
  }
});

test('a department, or nothing known', () => {
  const putumayo = findMunicipality('Putumayo');
  assert.equal(putumayo.kind, 'department');
  assert.ok(putumayo.kind === 'department' && putumayo.name === 'Putumayo' && putumayo.example?.code === '86001');
  for (const typed of ['Atlantis', 'Mocoaa', '', 'xx', 'Moc'])
    assert.equal(findMunicipality(typed).kind, 'none', typed);
});
