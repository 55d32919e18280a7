import assert from 'node:assert/strict';
import { test } from 'node:test';
import { saidPeople } from './people-given.ts';

test('a people count is said only when the person gave it', () => {
  assert.equal(saidPeople({ people: 24, peopleGiven: true }), 24);
  assert.equal(saidPeople({ people: 0, peopleGiven: true }), 0, 'a given 0 is said');
  assert.equal(saidPeople({ people: 1, peopleGiven: false }), null, 'the default of 1 is not');
  assert.equal(saidPeople(null), null, 'an offer has none');
});
