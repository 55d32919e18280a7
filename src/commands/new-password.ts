// A new password, typed twice: both copies match and the strength rule accepts it for this account.
import { passwordProblem } from '../auth/password-strength.ts';
import { AppError } from '../errors.ts';
import type { AccountRow } from '../repositories/accounts.ts';

export async function checkNewPassword(account: AccountRow, password: string, confirm: string): Promise<void> {
  if (password !== confirm) {
    throw new AppError('validation_failed', [
      { field: 'confirm', message: 'Las dos copias de la contraseña nueva no coinciden.', code: 'mismatch' },
    ]);
  }
  const weak = await passwordProblem(password, [account.email, account.name]);
  if (weak) throw new AppError('weak_password', [weak]);
}
