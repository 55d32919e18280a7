import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { announceDatabase } from '../database-choice.ts';
import type { CliCommand } from '../io.ts';
import { checkMigrations } from './migrate-check.ts';

export const migrate: CliCommand = {
  path: ['migrate'],
  summary: 'Crea o actualiza el esquema de la base de datos.',
  usage: 'ayuda migrate [--check] [--json]',
  options: { json: { type: 'boolean' }, check: { type: 'boolean' } },
  async run(args, io) {
    const config = loadConfig(io.env);
    announceDatabase(io, config.database);
    const database = await openDatabase(config.database, { migrate: false, listen: false, poolSize: 1 });
    try {
      // --check migrates nothing: it says what is pending and exits 1 if that needs every instance stopped.
      if (args.values.check) return await checkMigrations(database, io, args.values.json === true);
      const applied = await migrateToLatest(database.db as never, database.dialect);
      if (args.values.json) io.out(JSON.stringify({ database: database.dialect, applied }));
      else io.out(applied.length ? `Migraciones aplicadas: ${applied.join(', ')}` : 'El esquema ya estaba al día.');
      return 0;
    } finally {
      await database.close();
    }
  },
};
