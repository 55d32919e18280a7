import { existsSync } from 'node:fs';
import { loadConfig } from '../../config.ts';
import { BackupError, backupPostgres, backupSqlite, checkBackupTarget } from '../../db/backup.ts';
import { openDatabase } from '../../db/database.ts';
import { announceDatabase } from '../database-choice.ts';
import { type CliCommand, type Io, positional } from '../io.ts';

const EXIT_ERROR = 1;

/** A backup or restore error: its code and its message, exit 1 (anything else goes up to main). */
export function reportBackupError(err: unknown, io: Io): number {
  if (!(err instanceof BackupError)) throw err;
  io.err(`Error (${err.code}): ${err.message}`);
  return EXIT_ERROR;
}

function size(bytes: number): string {
  const format = (value: number) => value.toLocaleString('es-CO', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${format(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${format(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const backup: CliCommand = {
  path: ['backup'],
  summary: 'Guarda un respaldo de la base de datos, con el servicio en marcha.',
  usage:
    'ayuda backup ARCHIVO [--force] [--json]\n' +
    '  SQLite: copia compacta y coherente (VACUUM INTO): no lleva las páginas libres donde hubo datos borrados.\n' +
    '  PostgreSQL: pg_dump --format=custom (se restaura con ayuda restore).\n' +
    '  --force  sobrescribe ARCHIVO si ya existe.',
  options: { force: { type: 'boolean' }, json: { type: 'boolean' } },
  async run(args, io) {
    const file = positional(args, 0, 'ARCHIVO');
    const config = loadConfig(io.env);
    announceDatabase(io, config.database);
    const force = args.values.force === true;
    const started = Date.now();
    try {
      let written: { file: string; bytes: number };
      if (config.database.kind === 'sqlite') {
        const databaseFile = config.database.file;
        if (databaseFile === ':memory:') {
          throw new BackupError('memory_database', 'La base de datos está en memoria: no hay nada que respaldar.');
        }
        if (!existsSync(databaseFile)) {
          throw new BackupError('database_missing', `No existe la base de datos ${databaseFile}.`);
        }
        checkBackupTarget(file, { force, databaseFile });
        const database = await openDatabase(config.database, { migrate: false, listen: false, poolSize: 1 });
        try {
          written = await backupSqlite(database.db, file);
        } finally {
          await database.close();
        }
      } else {
        checkBackupTarget(file, { force });
        written = await backupPostgres(config.database.url, file, io.env);
      }
      const createdAt = new Date().toISOString();
      const seconds = (Date.now() - started) / 1000;
      if (args.values.json) {
        io.out(
          JSON.stringify({
            file: written.file,
            bytes: written.bytes,
            database: config.database.kind,
            createdAt,
            seconds,
          }),
        );
      } else {
        io.out(`Respaldo guardado: ${written.file}`);
        io.out(`Tamaño: ${size(written.bytes)} (${written.bytes} bytes)`);
        io.out(`Hora: ${createdAt} (${seconds.toLocaleString('es-CO', { maximumFractionDigits: 1 })} s)`);
      }
      return 0;
    } catch (err) {
      return reportBackupError(err, io);
    }
  },
};
