import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  NO_PROOF,
  newProofCode,
  normalizeProofCode,
  PROOF_ATTEMPTS,
  parseSends,
  proofCodeText,
  proofState,
  sendsWithinDay,
} from './number-proof.ts';

test('a code is six digits, leading zeros kept, and is read back as people type it', () => {
  for (let i = 0; i < 2000; i++) assert.match(newProofCode(), /^\d{6}$/);
  assert.equal(normalizeProofCode(' 042 917 '), '042917');
  assert.equal(normalizeProofCode('042-917'), '042917');
  assert.equal(normalizeProofCode('０４２９１７'), '042917', 'full-width digits');
  for (const bad of ['', '04291', '0429177', 'abcdef', '04291x', '1'.repeat(40)]) {
    assert.equal(normalizeProofCode(bad), undefined, bad);
  }
});

test('the message holds the code and fixed words only', () => {
  assert.equal(
    proofCodeText('042917'),
    'Ayuda Directa: su código para recibir avisos es 042917. Vence en 15 minutos. No lo comparta con nadie. Si usted no lo pidió, ignore este mensaje.',
  );
});

test('send times: only those within a day count, and anything stored wrongly reads as none', () => {
  const now = new Date('2026-05-10T12:00:00.000Z');
  assert.deepEqual(
    sendsWithinDay(['2026-05-09T11:59:59.000Z', '2026-05-09T12:00:01.000Z', '2026-05-10T11:00:00.000Z'], now),
    ['2026-05-09T12:00:01.000Z', '2026-05-10T11:00:00.000Z'],
  );
  assert.deepEqual(parseSends(null), []);
  assert.deepEqual(parseSends('no es json'), []);
  assert.deepEqual(parseSends('{"a":1}'), []);
  assert.deepEqual(parseSends('["2026-05-10T11:00:00.000Z",3]'), ['2026-05-10T11:00:00.000Z']);
});

test('where a proof stands: none, waiting with its guesses, spent by time or guesses, proved', () => {
  const now = new Date('2026-05-10T12:00:00.000Z');
  const base = { ...NO_PROOF, contact_whatsapp: '+573191234567' };
  assert.deepEqual(proofState(base, now), { kind: 'none' });
  const waiting = { ...base, proof_channel: 'sms', proof_code_hash: 'h', proof_expires_at: '2026-05-10T12:10:00.000Z' };
  assert.deepEqual(proofState(waiting, now), {
    kind: 'waiting',
    attemptsLeft: PROOF_ATTEMPTS,
    expiresAt: '2026-05-10T12:10:00.000Z',
  });
  assert.deepEqual(proofState({ ...waiting, proof_attempts: PROOF_ATTEMPTS }, now), { kind: 'spent' });
  assert.deepEqual(proofState(waiting, new Date('2026-05-10T12:10:00.000Z')), { kind: 'spent' });
  assert.deepEqual(proofState({ ...waiting, proof_code_hash: null }, now), { kind: 'spent' });
  assert.deepEqual(proofState({ ...waiting, number_proved_at: '2026-05-10T11:00:00.000Z' }, now), {
    kind: 'proved',
    at: '2026-05-10T11:00:00.000Z',
  });
  assert.deepEqual(proofState({ ...waiting, contact_whatsapp: '' }, now), { kind: 'none' }, 'erased: nothing');
});
