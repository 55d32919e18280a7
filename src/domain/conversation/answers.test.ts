import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasControlCharacters, hasInvisibleCharacters } from '../text.ts';
import { isSkip, type Option, parseQuantity, pickOption, simplify } from './answers.ts';
import { clip, oneLine, severalLines } from './clean-text.ts';
import { intentOf, readCommand } from './commands.ts';

const options: Option[] = [
  { id: 'urg:urgent', title: 'Urgente', label: 'Urgente: riesgo para la vida', words: ['muy urgente'] },
  { id: 'urg:needed', title: 'Se necesita pronto', words: ['pronto'] },
  { id: 'urg:stable', title: 'Puede esperar' },
];

test('answers are compared folded and without punctuation', () => {
  assert.equal(simplify('  ¡SÍ!  '), 'si');
  assert.equal(simplify('1.'), '1');
  assert.equal(simplify('Opción   2)'), 'opcion 2');
});

test('an option is picked by number, title, label or word', () => {
  assert.equal(pickOption('1', options)?.id, 'urg:urgent');
  assert.equal(pickOption(' 2. ', options)?.id, 'urg:needed');
  assert.equal(pickOption('opción 3', options)?.id, 'urg:stable');
  assert.equal(pickOption('1️⃣', options)?.id, 'urg:urgent', 'a keycap emoji is its digit');
  assert.equal(pickOption('URGENTE', options)?.id, 'urg:urgent');
  assert.equal(pickOption('urgente: riesgo para la vida', options)?.id, 'urg:urgent');
  assert.equal(pickOption('pronto', options)?.id, 'urg:needed');
  assert.equal(pickOption('puede esperar.', options)?.id, 'urg:stable');
});

test('numbers out of range, unknown words and unnumbered options are not picked', () => {
  assert.equal(pickOption('0', options), undefined);
  assert.equal(pickOption('4', options), undefined);
  assert.equal(pickOption('mañana', options), undefined);
  assert.equal(pickOption('1', options, false), undefined, 'not numbered: 1 is not the first option');
  assert.equal(pickOption('urgente', options, false)?.id, 'urg:urgent', 'not numbered: the title still works');
});

test('skipping words', () => {
  for (const skip of ['no', 'No.', 'no aplica', 'No sé', 'nose', 'ninguno', 'N/A', '-']) assert.ok(isSkip(skip), skip);
  for (const answer of ['norte', 'San Miguel', 'nosotros']) assert.ok(!isSkip(answer), answer);
});

test('quantities: a number and a unit, "unidades" by default', () => {
  const max = 1_000_000;
  assert.deepEqual(parseQuantity('30 bidones', max, 40), { kind: 'amount', amount: 30, unit: 'bidones' });
  assert.deepEqual(parseQuantity('30', max, 40), { kind: 'amount', amount: 30, unit: 'unidades' });
  assert.deepEqual(parseQuantity('30kg', max, 40), { kind: 'amount', amount: 30, unit: 'kg' });
  assert.deepEqual(parseQuantity('1.500 litros', max, 40), { kind: 'amount', amount: 1500, unit: 'litros' });
  // Read as the web forms read it: a comma is the decimal mark.
  assert.deepEqual(parseQuantity('1,500 litros', max, 40), { kind: 'amount', amount: 1.5, unit: 'litros' });
  assert.deepEqual(parseQuantity('1.500,5 kg', max, 40), { kind: 'amount', amount: 1500.5, unit: 'kg' });
  assert.deepEqual(parseQuantity('2,5 toneladas', max, 40), { kind: 'amount', amount: 2.5, unit: 'toneladas' });
  assert.deepEqual(parseQuantity('unos 20 mercados', max, 40), { kind: 'amount', amount: 20, unit: 'mercados' });
  assert.deepEqual(parseQuantity('dos cajas', max, 40), { kind: 'amount', amount: 2, unit: 'cajas' });
  assert.deepEqual(parseQuantity('Treinta', max, 40), { kind: 'amount', amount: 30, unit: 'unidades' });
  assert.deepEqual(parseQuantity('2 mil kg', max, 40), { kind: 'amount', amount: 2000, unit: 'kg' });
  assert.deepEqual(parseQuantity('5 kg de arroz', max, 40), { kind: 'amount', amount: 5, unit: 'kg de arroz' });
  const long = parseQuantity(`3 ${'bolsas grandes '.repeat(5)}`, max, 40);
  assert.equal(long.kind, 'amount');
  assert.ok(long.kind === 'amount' && long.unit.length <= 40 && long.unit.length >= 1);
});

test('quantities: "no sé" and 0 skip; too big or unreadable is refused', () => {
  const max = 1_000_000;
  for (const skip of ['no sé', 'No se', '0', '0,0', 'no'])
    assert.deepEqual(parseQuantity(skip, max, 40), { kind: 'skip' });
  assert.deepEqual(parseQuantity('2000000 litros', max, 40), { kind: 'invalid', reason: 'too_big' });
  for (const bad of ['muchos', 'bidones', '-5 cajas', '30 - 40', '1/2 kg', '', '1.2.3 kg']) {
    assert.deepEqual(parseQuantity(bad, max, 40), { kind: 'invalid', reason: 'unreadable' }, bad);
  }
});

test('typed text becomes one clean line or several', () => {
  assert.equal(oneLine('  Agua\n\tpara   todos\u200b '), 'Agua para todos');
  assert.equal(oneLine('a\u0085b\u0007c'), 'a b c');
  assert.equal(oneLine('\ud800x'), '\ufffdx', 'a lone surrogate becomes a replacement character');
  assert.equal(severalLines('uno  \r\n\r\n\r\n\r\ndos\u202e'), 'uno\n\ndos');
});

test('clipping keeps within the limit, at a word, with no broken character', () => {
  const text = 'palabra '.repeat(30);
  const clipped = clip(text.trim(), 100);
  assert.ok(clipped.length <= 100);
  assert.ok(clipped.endsWith('palabra…'));
  const emoji = clip('😀'.repeat(60), 101);
  assert.ok(emoji.length <= 101 && emoji.isWellFormed());
  const family = '👩\u200d👩\u200d👧'.repeat(20);
  for (let max = 10; max < 60; max++) {
    const cut = clip(family, max);
    assert.ok(cut.length <= max && cut.isWellFormed() && !hasInvisibleCharacters(cut), String(max));
    assert.ok(!hasControlCharacters(cut, false));
  }
  assert.equal(clip('corto', 100), 'corto');
});

test('commands: cancel, menu, estado and retirar with a code', () => {
  assert.deepEqual(readCommand(' Cancelar. ', true), { kind: 'cancel' });
  assert.deepEqual(readCommand('SALIR', false), { kind: 'cancel' });
  for (const menu of ['hola', 'Hola, buenas tardes', 'menú', 'AYUDA', 'inicio', 'Buenos días']) {
    assert.deepEqual(readCommand(menu, true), { kind: 'menu' }, menu);
  }
  assert.deepEqual(readCommand('estado k7p 42q x9m d3r', true), { kind: 'status', code: 'K7P-42Q-X9M-D3R' });
  assert.deepEqual(readCommand('Estado: K7P42QX9MD3R', false), { kind: 'status', code: 'K7P-42Q-X9M-D3R' });
  assert.deepEqual(readCommand('retirar K7P-42Q-X9M-D3R', true), { kind: 'withdraw', code: 'K7P-42Q-X9M-D3R' });
  assert.equal(readCommand('necesito agua', true), undefined);
  assert.equal(readCommand('estados', true), undefined);
});

test('commands: a malformed code is reported, words after estado inside a conversation are an answer', () => {
  assert.deepEqual(readCommand('estado', true), { kind: 'status', code: undefined });
  assert.deepEqual(readCommand('estado K7P-42Q', true), { kind: 'status', code: undefined });
  assert.deepEqual(readCommand('estado k7p', true), { kind: 'status', code: undefined });
  assert.deepEqual(readCommand('retirar 12345678', true), { kind: 'withdraw', code: undefined });
  assert.deepEqual(readCommand('estado crítico', false), { kind: 'status', code: undefined });
  assert.equal(readCommand('estado crítico de salud', true), undefined);
  assert.equal(readCommand('Retirar escombros de 5 casas', true), undefined);
  assert.equal(readCommand('retirar 20 kg', true), undefined);
  assert.equal(readCommand('estado 2', true), undefined);
});

test('a first message says whether it asks for help or offers it', () => {
  assert.equal(intentOf('Necesito agua para mi familia'), 'request');
  assert.equal(intentOf('necesitamos ayuda'), 'request');
  assert.equal(intentOf('Quiero ayudar'), 'offer');
  assert.equal(intentOf('Ofrezco transporte'), 'offer');
  assert.equal(intentOf('puedo ayudar a quien lo necesita'), 'offer');
  assert.equal(intentOf('hola'), undefined);
});
