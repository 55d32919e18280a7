// `ayuda migrate --check`: before an upgrade, which migrations the new version will run on this database and whether
// they let instances be replaced one at a time (db/migration-rolling.ts). Reads only: nothing is migrated.
import type { Database } from '../../db/database.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { rollingUpgrade } from '../../db/migration-rolling.ts';
import type { Io } from '../io.ts';

/** 0 when nothing is pending or every pending migration allows a rolling upgrade; 1 when one needs a full stop. */
export async function checkMigrations(database: Database, io: Io, json: boolean): Promise<number> {
  const pending = (await pendingMigrations(database.db as never, database.dialect)).map((name) => ({
    name,
    rolling: rollingUpgrade[name],
  }));
  const rolling = pending.every((m) => m.rolling);
  if (json) {
    io.out(JSON.stringify({ database: database.dialect, pending, rolling }));
  } else if (pending.length === 0) {
    io.out('El esquema ya está al día: no hay migraciones pendientes.');
  } else {
    io.out('Migraciones pendientes:');
    for (const m of pending) {
      io.out(`  ${m.name}  ${m.rolling ? 'admite actualización escalonada' : 'requiere detener todas las instancias'}`);
    }
    io.out(
      rolling
        ? 'Todas admiten una actualización escalonada: las instancias pueden reemplazarse una a una.'
        : 'Detenga todas las instancias antes de migrar: alguna migración pendiente no admite versiones mezcladas.',
    );
  }
  return rolling ? 0 : 1;
}
