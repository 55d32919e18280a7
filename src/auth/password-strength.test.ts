import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppError } from '../errors.ts';
import { assertStrongPassword, passwordProblem } from './password-strength.ts';

test('a short password is refused with its length and the minimum', async () => {
  const problem = await passwordProblem('corta');
  assert.equal(problem?.code, 'too_short');
  assert.match(problem?.message ?? '', /tiene 5 caracteres y debe tener al menos 12/);
  assert.match((await passwordProblem('ñandú'))?.message ?? '', /tiene 5 caracteres/, 'characters, not bytes');
});

test('a long but guessable password is refused with the estimator’s Spanish reason', async () => {
  for (const weak of ['contraseña123', 'qwertyuiopasdf', 'aaaaaaaaaaaaaa', '123456789012']) {
    const problem = await passwordProblem(weak);
    assert.equal(problem?.code, 'too_guessable', weak);
    assert.match(problem?.message ?? '', /^Es fácil de adivinar\. .*(Añade|Evit|común|repetidos)/, weak);
  }
});

test('the person’s own e-mail and name count as easy guesses', async () => {
  const personal = ['mariana.restrepo@ayuda.test', 'Mariana Restrepo'];
  assert.equal(await passwordProblem('MarianaRestrepo1'), null, 'strong for a stranger');
  const problem = await passwordProblem('MarianaRestrepo1', personal);
  assert.match(problem?.message ?? '', /datos personales/);
});

test('passphrases pass, the demo account’s password included', async () => {
  assert.equal(await passwordProblem('río-verde-faro-cometa-17'), null);
  assert.equal(await passwordProblem('demo-ayuda-directa', ['admin@demo.ayuda.local', 'Equipo demo']), null);
  await assertStrongPassword('Lluvia sobre el puente 7');
  await assert.rejects(
    assertStrongPassword('x'.repeat(201)),
    (err) => err instanceof AppError && err.code === 'weak_password',
  );
});

test('a name counts with or without its accents', async () => {
  const personal = ['ana@ayuda.test', 'Ana Pérez'];
  assert.equal(await passwordProblem('anaperez1234'), null, 'strong for a stranger');
  assert.equal((await passwordProblem('anaperez1234', personal))?.code, 'too_guessable');
});
