// The password rule for new accounts, changes and resets: long enough and hard to guess (zxcvbn-ts, Spanish).
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError, type ErrorDetail } from '../errors.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './passwords.ts';

/** zxcvbn score 3: "safely unguessable" against an online attack and a slow hash. */
export const MIN_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Loaded on first use and configured once: the dictionaries weigh several megabytes. */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, spanish] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-es-es'),
    ]);
    return new ZxcvbnFactory({
      translations: spanish.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...spanish.dictionary },
      // The estimate's cost grows fast with length; a passphrase whose first 64 characters are strong is strong.
      maxLength: 64,
    });
  })();
  return estimator;
}

/** The person's own e-mail and name count as easy guesses: whole, run together, word by word, with and without accents. */
function userInputs(words: readonly string[]): string[] {
  const inputs = new Set<string>();
  for (const word of words) {
    const lower = word.trim().toLowerCase();
    const local = lower.split('@')[0] ?? '';
    const joined = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '');
    for (const piece of [lower, local, joined(local), joined(lower), ...lower.split(/[^\p{L}\p{N}]+/u)]) {
      if (piece.length < 3) continue;
      inputs.add(piece);
      // "Pérez" is also typed "perez".
      inputs.add(piece.normalize('NFD').replace(/\p{M}/gu, ''));
    }
  }
  return [...inputs];
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Why a password is refused, in Spanish, or null when it is acceptable. */
export async function passwordProblem(password: string, personal: readonly string[] = []): Promise<ErrorDetail | null> {
  const length = [...password].length;
  if (length < PASSWORD_MIN) {
    return {
      field: 'password',
      message: `Es demasiado corta: tiene ${length} ${length === 1 ? 'carácter' : 'caracteres'} y debe tener al menos ${PASSWORD_MIN}.`,
      code: 'too_short',
    };
  }
  if (length > PASSWORD_MAX) {
    return { field: 'password', message: `Puede tener como máximo ${PASSWORD_MAX} caracteres.`, code: 'too_long' };
  }
  const result = (await loadEstimator()).check(password, userInputs(personal));
  if (result.score >= MIN_SCORE) return null;
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter((r): r is string => Boolean(r));
  const why =
    reasons.length > 0
      ? reasons.map(sentence).join(' ')
      : 'Use una frase de varias palabras poco comunes, sin datos personales.';
  return { field: 'password', message: `Es fácil de adivinar. ${why}`, code: 'too_guessable' };
}

/** Throws `weak_password` (400) with the reason when the password is refused. */
export async function assertStrongPassword(password: string, personal: readonly string[] = []): Promise<void> {
  const problem = await passwordProblem(password, personal);
  if (problem) throw new AppError('weak_password', [problem]);
}
