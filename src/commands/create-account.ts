// An admin creates a leader (assigned to some emergencies) or another admin (all emergencies), with a strong password.
import { randomUUID } from 'node:crypto';
import { passwordProblem } from '../auth/password-strength.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Actor, Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import type { Role } from '../db/types.ts';
import { AppError, detail, type ErrorDetail } from '../errors.ts';
import { assignEmergencies } from '../repositories/account-emergencies.ts';
import { type AccountRow, insertAccount } from '../repositories/accounts.ts';
import { audit } from '../repositories/audit.ts';
import { findEmergencyBySlug } from '../repositories/emergencies.ts';

export interface NewAccount {
  email: string;
  name: string;
  password: string;
  role: Role;
  emergencySlugs: string[];
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createAccount(ctx: Context, input: NewAccount, actor: Actor): Promise<AccountRow> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  const problems: ErrorDetail[] = [];
  if (!EMAIL.test(email)) problems.push({ field: 'email', message: 'No es un correo válido.', code: 'invalid_email' });
  if (name.length < 2 || name.length > 100)
    problems.push({ field: 'name', message: 'Debe tener de 2 a 100 caracteres.', code: 'out_of_range' });
  const weak = await passwordProblem(input.password, [email, name]);
  // Every problem at once on the form; a password that is the only problem is named as such.
  if (problems.length > 0) throw new AppError('validation_failed', weak ? [...problems, weak] : problems);
  if (weak) throw new AppError('weak_password', [weak]);
  const emergencyIds: string[] = [];
  for (const slug of new Set(input.emergencySlugs)) {
    const emergency = await findEmergencyBySlug(ctx.db, slug);
    if (!emergency)
      throw new AppError('unknown_emergency', [
        detail('emergency', 'unknown_emergency', { code: 'unknown', value: slug }),
      ]);
    emergencyIds.push(emergency.id);
  }
  // Hashing is slow by design: done before the transaction so no lock is held meanwhile.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now().toISOString();
  const row: AccountRow = {
    id: randomUUID(),
    email,
    name,
    password_hash: passwordHash,
    role: input.role,
    created_at: now,
    updated_at: now,
    disabled_at: null,
    totp_secret: null,
    totp_confirmed_at: null,
    totp_last_step: null,
    totp_recovery: null,
  };
  await inTransaction(ctx, async (trx) => {
    const inserted = await insertAccount(trx.db, row);
    if (!inserted) throw new AppError('account_exists', [detail('email', 'taken')]);
    await assignEmergencies(trx.db, row.id, input.role === 'admin' ? [] : emergencyIds);
    await audit(trx.db, {
      actor,
      action: 'account_created',
      targetType: 'account',
      targetId: row.id,
      details: { role: row.role, emergencies: input.role === 'admin' ? [] : [...new Set(input.emergencySlugs)] },
      at: now,
    });
  });
  return row;
}
