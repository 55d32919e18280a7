import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cargoUnit, isUnitWords, sameUnit, unitKey, unitOfLabel } from './units.ts';

test('units read as people read them: case, accents and spacing do not make another unit', () => {
  assert.equal(unitKey('  Bolsas   GRANDES '), 'bolsas grandes');
  assert.ok(sameUnit('Personás', 'personas'));
  assert.ok(!sameUnit('cajas', 'litros'));
  assert.ok(!sameUnit('kg', 'kilos'), 'another word is another unit: a leader converts it');
});

test('a delivery without a unit is in the request’s, and a request without a unit takes any count', () => {
  assert.ok(sameUnit(null, 'litros'));
  assert.ok(sameUnit('cajas', null));
});

test('a route’s cargo in words gives its unit when it starts with an amount', () => {
  assert.equal(unitOfLabel('15 cajas'), 'cajas');
  assert.equal(unitOfLabel('1.500 litros de agua'), 'litros de agua');
  assert.equal(unitOfLabel('2,5 toneladas'), 'toneladas');
  assert.equal(unitOfLabel('cajas'), undefined);
  assert.equal(unitOfLabel('muchas cajas'), undefined);
  assert.equal(unitOfLabel(''), undefined);
  assert.equal(unitOfLabel(null), undefined);
});

test('a route’s delivery is asked in its cargo’s unit, or the request’s when the cargo starts with it or says none', () => {
  assert.equal(cargoUnit('15 cajas', 'kg'), 'cajas');
  assert.equal(cargoUnit('40 bidones de 20 litros', 'bidones'), 'bidones');
  assert.equal(cargoUnit('40 Bidones', 'bidones'), 'bidones');
  assert.equal(cargoUnit('40 bidonesgrandes', 'bidones'), 'bidonesgrandes');
  assert.equal(cargoUnit('muchas cajas', 'kg'), 'kg');
  assert.equal(cargoUnit(null, 'kg'), 'kg');
  assert.equal(cargoUnit(null, null), null);
});

test('a unit to be published is words, never a web address or an e-mail', () => {
  for (const unit of ['cajas', 'cajas de 20 kg', 'bultos (50 lb)', 'lb.', 'c.c.', 'm³', '½ kg', 'Litros']) {
    assert.ok(isUnitWords(unit), unit);
  }
  for (const unit of ['panel-ayuda.example', 'www.ayuda.co', 'http://x', 'ayuda@correo.co', 'cajas: bit.ly']) {
    assert.ok(!isUnitWords(unit), unit);
  }
});
