import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeQueryValue, whatsappUrl } from './phone.ts';

test('a wa.me link is the number without +, and its message has every reserved character percent-encoded', () => {
  assert.equal(whatsappUrl('+573001234567'), 'https://wa.me/573001234567');
  const url = whatsappUrl('+573001234567', "Hola (María): ¿sigue? 100% *urgente* ¡ya! it's & ok #1 ñ");
  const query = url.slice(url.indexOf('?text=') + '?text='.length);
  assert.doesNotMatch(query, /[()!'*&#?\s]/, query);
  assert.equal(decodeURIComponent(query), "Hola (María): ¿sigue? 100% *urgente* ¡ya! it's & ok #1 ñ");
  assert.ok(query.includes('%28Mar%C3%ADa%29'), query);
});

test('the encoder encodes what encodeURIComponent leaves alone', () => {
  assert.equal(encodeQueryValue("!'()*"), '%21%27%28%29%2A');
});
