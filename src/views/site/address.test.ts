import assert from 'node:assert/strict';
import { test } from 'node:test';
import { joinPlace, type PublicPlace, placeText } from './address.ts';

test('parts are joined once each, empty ones left out', () => {
  assert.equal(joinPlace(['Calle 8 # 5-21', 'San Agustín', 'Mocoa']), 'Calle 8 # 5-21, San Agustín, Mocoa');
  assert.equal(joinPlace([null, '  ', 'Mocoa', undefined]), 'Mocoa');
  assert.equal(joinPlace([]), '');
});

test('a neighbourhood the address already names is not said twice, whatever the case and accents', () => {
  assert.equal(joinPlace(['Vereda El Pepino', 'El Pepino', 'Mocoa']), 'Vereda El Pepino, Mocoa');
  assert.equal(joinPlace(['Calle 5 # 3-2, barrio San Agustin', 'San Agustín']), 'Calle 5 # 3-2, barrio San Agustin');
  assert.equal(joinPlace(['El Pepino', 'el pepino']), 'El Pepino');
});

test('a later part that says more replaces the earlier one in its place', () => {
  assert.equal(joinPlace(['El Pepino', 'Vereda El Pepino', 'Mocoa']), 'Vereda El Pepino, Mocoa');
});

test('only whole words count: "Pedroza" does not hide "Pedro", nor "Calle 10" "Calle 1"', () => {
  assert.equal(joinPlace(['Pedroza', 'Pedro']), 'Pedroza, Pedro');
  assert.equal(joinPlace(['Calle 1', 'Calle 10']), 'Calle 1, Calle 10');
  assert.equal(joinPlace(['Calle 10', 'Calle 1']), 'Calle 10, Calle 1');
});

const place: PublicPlace = {
  precision: 'exact',
  address: 'Vereda El Pepino',
  neighborhood: 'El Pepino',
  municipality: 'Mocoa, Putumayo',
  latitude: 1.15,
  longitude: -76.65,
};

test('a record’s place: exact by address and neighbourhood, approximate by neighbourhood and municipality', () => {
  assert.equal(placeText(place, 'es'), 'Vereda El Pepino');
  assert.equal(
    placeText({ ...place, precision: 'approximate', address: null, neighborhood: 'Mocoa' }, 'es'),
    'Mocoa, Putumayo · Ubicación aproximada (unos 300 m)',
  );
  assert.equal(placeText({ ...place, address: null, neighborhood: null }, 'en'), '1.15, -76.65');
  assert.equal(
    placeText({ ...place, precision: 'municipality', address: null, neighborhood: 'El Pepino' }, 'es'),
    'El Pepino, Mocoa, Putumayo · Sin punto exacto: punto del municipio',
  );
});
