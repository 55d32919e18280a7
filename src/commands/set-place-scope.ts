// An administrator limits a leader to some places of one emergency (municipalities and/or whole departments),
// or lifts the limit (no places). The console's accounts page and `ayuda leader scope` both come here; the change
// is audited with what the scope was before.
import type { Actor, Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { checkPlaceCodes } from '../domain/place-scope.ts';
import { AppError, detail } from '../errors.ts';
import { assignedEmergencies } from '../repositories/account-emergencies.ts';
import { type AccountRow, findAccountByEmail, findAccountById } from '../repositories/accounts.ts';
import { audit } from '../repositories/audit.ts';
import { findEmergencyBySlug } from '../repositories/emergencies.ts';
import { replacePlaceScope } from '../repositories/place-scopes.ts';
import { normalizeEmail } from './create-account.ts';

/** More places than this is no longer a limit: a slip (a pasted list) is refused instead. */
export const PLACE_SCOPE_MAX = 200;

export interface PlaceScopeChange {
  account: { id: string } | { email: string };
  emergencySlug: string;
  /** Codes as typed; none lifts the limit. */
  places: readonly string[];
}

export interface PlaceScopeResult {
  account: AccountRow;
  emergency: { id: string; slug: string };
  before: string[];
  places: string[];
}

function refused(field: string, code: string, message: string, value?: string): AppError {
  return new AppError('validation_failed', [{ field, code, message, ...(value === undefined ? {} : { value }) }]);
}

export async function setPlaceScope(ctx: Context, change: PlaceScopeChange, actor: Actor): Promise<PlaceScopeResult> {
  const checked = checkPlaceCodes(change.places);
  if (!checked.ok) {
    throw refused(
      'places',
      'unknown_place',
      `No hay ningún municipio (código DIVIPOLA de 5 cifras) ni departamento (2 cifras) con el código «${checked.unknown}».`,
      checked.unknown,
    );
  }
  if (checked.codes.length > PLACE_SCOPE_MAX) {
    throw refused('places', 'too_many', `Escriba como máximo ${PLACE_SCOPE_MAX} códigos.`);
  }
  const at = ctx.now().toISOString();
  return inTransaction(ctx, async (trx) => {
    const account =
      'id' in change.account
        ? await findAccountById(trx.db, change.account.id)
        : await findAccountByEmail(trx.db, normalizeEmail(change.account.email));
    if (!account)
      throw new AppError('not_found', [{ field: 'email', message: 'No hay una cuenta así.', code: 'not_found' }]);
    const emergency = await findEmergencyBySlug(trx.db, change.emergencySlug);
    if (!emergency) {
      throw new AppError('unknown_emergency', [
        detail('emergency', 'unknown_emergency', { value: change.emergencySlug }),
      ]);
    }
    if (account.role === 'admin') {
      throw refused(
        'email',
        'admin_unscoped',
        'Un administrador trabaja en todas las emergencias: no se limita a lugares.',
      );
    }
    const slugs = (await assignedEmergencies(trx.db, [account.id])).get(account.id) ?? [];
    if (!slugs.includes(emergency.slug)) {
      throw refused(
        'emergency',
        'not_assigned',
        `La cuenta no trabaja en la emergencia ${emergency.slug}: asígnesela antes de limitarla a lugares.`,
        emergency.slug,
      );
    }
    const before = await replacePlaceScope(trx.db, {
      accountId: account.id,
      emergencyId: emergency.id,
      codes: checked.codes,
      at,
      by: actor,
    });
    await audit(trx.db, {
      actor,
      action: checked.codes.length > 0 ? 'place_scope_set' : 'place_scope_cleared',
      targetType: 'account',
      targetId: account.id,
      details: { emergency: emergency.slug, before, places: checked.codes },
      at,
    });
    return { account, emergency: { id: emergency.id, slug: emergency.slug }, before, places: checked.codes };
  });
}
