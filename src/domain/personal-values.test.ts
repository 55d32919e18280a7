import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ERASED_MARK, holdsValues, likeHint, noValues, scrubText } from './personal-values.ts';

const values = { ...noValues(), phones: ['+573001234567'], documents: ['1020304050'], words: ['Ana Pérez'] };

test('a phone is found however it was typed, never inside a longer number', () => {
  for (const typed of ['+573001234567', '+57 300 123 4567', '(300) 123-4567', '300.123.4567', '57 3001234567']) {
    assert.equal(scrubText(`llamar al ${typed} hoy`, values), `llamar al ${ERASED_MARK} hoy`, typed);
  }
  assert.equal(scrubText('cuenta 93001234567', values), 'cuenta 93001234567');
  assert.equal(scrubText('30012345678', values), '30012345678');
});

test('documents with dots, and names ignoring case, are replaced; other text stays', () => {
  assert.equal(scrubText('CC 1.020.304.050 de ana pérez', values), `CC ${ERASED_MARK} de ${ERASED_MARK}`);
  assert.equal(scrubText('CC 10203040501', values), 'CC 10203040501');
  assert.equal(holdsValues('nada personal', values), false);
  assert.equal(holdsValues('ANA PÉREZ llamó', values), true);
  assert.equal(holdsValues(null, values), false);
});

test('the LIKE hint is a run of digits every written form keeps', () => {
  assert.equal(likeHint('+573001234567'), '4567');
  assert.ok('300 123 4567'.includes(likeHint('+573001234567')));
});
