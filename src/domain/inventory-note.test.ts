import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLEAR_NOTE, noteAfterUpdate } from './inventory-note.ts';

test('an empty note keeps the stored one, a new one replaces it, a dash clears it', () => {
  assert.equal(noteAfterUpdate('Para albergues', ''), 'Para albergues');
  assert.equal(noteAfterUpdate('Para albergues', undefined), 'Para albergues', 'a note left out is kept');
  assert.equal(noteAfterUpdate('Para albergues', '  '), 'Para albergues', 'spaces are not a note');
  assert.equal(noteAfterUpdate('Para albergues', 'Quedan pocos'), 'Quedan pocos');
  assert.equal(noteAfterUpdate('Para albergues', ` ${CLEAR_NOTE} `), '');
  assert.equal(noteAfterUpdate(null, CLEAR_NOTE), '', 'a new line cleared has no note');
  assert.equal(noteAfterUpdate(null, ''), '');
});
