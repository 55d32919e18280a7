import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeQueryValue, groupedPhone, localWhatsapp, telUrl, whatsappUrl } from './phone.ts';

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

test('a Colombian number as people write it is read as E.164', () => {
  for (const typed of [
    '311 555 0199',
    '3115550199',
    '(311) 555-0199',
    '311.555.0199',
    '+57 311 555 0199',
    '57 311 555 0199',
    '573115550199',
    '  311-555-0199  ',
  ]) {
    assert.equal(localWhatsapp(typed), '+573115550199', typed);
  }
});

test('a Colombian landline is read with its area prefix', () => {
  assert.equal(localWhatsapp('601 234 5678'), '+576012345678');
  assert.equal(localWhatsapp('(604) 444-1234'), '+576044441234');
  assert.equal(localWhatsapp('57 601 234 5678'), '+576012345678');
});

test('a number of another country needs its + and country code', () => {
  assert.equal(localWhatsapp('+1 202 555 0123'), '+12025550123');
  assert.equal(localWhatsapp('+58 412 123 4567'), '+584121234567');
  assert.equal(localWhatsapp('+58 212 555 1234'), '+582125551234');
  // Without the +, a Venezuelan mobile is not a Colombian number.
  assert.equal(localWhatsapp('58 412 123 4567'), null);
});

test('numbers that are not valid stay invalid', () => {
  for (const typed of [
    '',
    '311 555',
    '311',
    '57',
    '+57',
    '57 311 555',
    '31155501990',
    '311 555 0199 ext',
    'tres once',
    '311-555-O199',
    '+57 1',
    '12',
  ]) {
    assert.equal(localWhatsapp(typed), null, typed);
  }
});

test('numbers are shown grouped, and called through a tel: link', () => {
  assert.equal(groupedPhone('+573115550199'), '+57 311 555 0199');
  assert.equal(groupedPhone('+576012345678'), '+57 601 234 5678');
  assert.equal(groupedPhone('+12025550123'), '+1 202 555 0123');
  assert.equal(groupedPhone('+584121234567'), '+58 412 1234567');
  assert.equal(telUrl('+573115550199'), 'tel:+573115550199');
});
