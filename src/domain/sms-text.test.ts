import assert from 'node:assert/strict';
import test from 'node:test';
import { gsmText, SMS_TWO_PARTS, smsParts } from './sms-text.ts';

test('Spanish text loses only the accents GSM lacks; marks become their plain forms; nothing grows', () => {
  assert.equal(gsmText('Está en revisión: «Agua» — ¿sí? …'), 'Esta en revision: "Agua" - ¿si? .');
  assert.equal(gsmText('Ñandú, pingüino, café, María José'), 'Ñandu, pingüino, café, Maria José');
  assert.equal(gsmText('Código K7P-42Q [ok] {x} 10€ ~ ^ | \\'), "Codigo K7P-42Q (ok) (x) 10E - ' / /");
  assert.equal(gsmText('Hola 👋 你好'), 'Hola  ');
  for (const text of ['á'.repeat(400), '«»…'.repeat(100), '👋'.repeat(200)]) {
    assert.ok(gsmText(text).length <= text.length);
  }
});

test('parts are counted as the network counts them', () => {
  assert.equal(smsParts('a'.repeat(160)), 1);
  assert.equal(smsParts('a'.repeat(161)), 2);
  assert.equal(smsParts('a'.repeat(306)), 2);
  assert.equal(smsParts('a'.repeat(307)), 3);
  assert.equal(smsParts(`${'a'.repeat(158)}[`), 1, 'an extension character costs two septets');
  assert.equal(smsParts(`${'a'.repeat(159)}[`), 2);
  assert.equal(smsParts('revisión'), 1);
  assert.equal(smsParts(`revisión ${'a'.repeat(300)}`), 5, 'one ó makes the whole text UCS-2');
  assert.equal(smsParts(gsmText(`revisión ${'a'.repeat(297)}`)), 2);
  assert.equal(smsParts(gsmText('ó'.repeat(SMS_TWO_PARTS))), 2);
});
