import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { erasureLog, reapplyErasures } from '../../commands/personal-data/erasure-log.ts';
import type { ErasureEntry, ErasureScope } from '../../commands/personal-data/types.ts';
import { type Config, keyBytes, loadConfig } from '../../config.ts';
import { createContext } from '../../context.ts';
import {
  type ArchiveContents,
  BackupError,
  dropObjectsNotIn,
  inspectPostgresBackup,
  inspectSqliteBackup,
  otherPostgresSessions,
  replaceSqliteDatabase,
  restorePostgres,
  sqliteInUse,
  tableNames,
} from '../../db/backup.ts';
import { decryptBackup, isEncryptedBackup } from '../../db/backup-crypt.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { announceDatabase } from '../database-choice.ts';
import { type CliCommand, positional } from '../io.ts';
import { reportBackupError } from './backup.ts';

const SCOPES: ReadonlySet<string> = new Set<ErasureScope>(['all', 'contact', 'identity', 'text']);
const ENTRY_FIELDS = ['id', 'targetTable', 'targetId', 'scope', 'actor', 'reason', 'createdAt'] as const;

/** Where the erasures came from: the current database's log, or why there was none. */
type LogState = 'read' | 'no_log' | 'empty' | 'missing' | 'unreadable';

interface CurrentLog {
  state: LogState;
  entries: ErasureEntry[];
  reason?: string;
}

/** The entries of a file written by `ayuda privacy erasures --json`. */
function readErasureFile(file: string): ErasureEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new BackupError('erasures_file_invalid', `No se pudo leer ${file} como JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(parsed)) {
    throw new BackupError(
      'erasures_file_invalid',
      `${file} no es una lista de borrados (ayuda privacy erasures --json).`,
    );
  }
  return parsed.map((item, index) => {
    const entry = item as Record<string, unknown> | null;
    const wrong = ENTRY_FIELDS.find((field) => typeof entry?.[field] !== 'string' || entry[field] === '');
    if (wrong !== undefined || !SCOPES.has(entry?.scope as string)) {
      throw new BackupError(
        'erasures_file_invalid',
        `${file}: la entrada ${index + 1} no es un borrado válido (campo ${wrong ?? 'scope'}).`,
      );
    }
    const valid = entry as Record<(typeof ENTRY_FIELDS)[number], string>;
    return {
      id: valid.id,
      targetTable: valid.targetTable,
      targetId: valid.targetId,
      scope: valid.scope as ErasureScope,
      actor: valid.actor,
      reason: valid.reason,
      createdAt: valid.createdAt,
    };
  });
}

function open(config: Config): Promise<Database> {
  return openDatabase(config.database, { migrate: false, listen: false, poolSize: 1 });
}

/** The erasure log of the database about to be replaced; a database that is missing or broken gives none. */
async function currentLog(config: Config): Promise<CurrentLog> {
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file)) return { state: 'missing', entries: [] };
  let database: Database;
  let tables: Set<string>;
  try {
    database = await open(config);
  } catch (err) {
    return { state: 'unreadable', entries: [], reason: (err as Error).message };
  }
  try {
    try {
      tables = await tableNames(database.db);
    } catch (err) {
      return { state: 'unreadable', entries: [], reason: (err as Error).message };
    }
    if (!tables.has('help_records')) return { state: 'empty', entries: [] };
    if (!tables.has('erasures')) return { state: 'no_log', entries: [] };
    return { state: 'read', entries: await erasureLog(createContext(config, database)) };
  } finally {
    await database.close().catch(() => {});
  }
}

/** Refuses while something else (the service) has the database open: it would keep writing to the old one. */
async function checkNobodyElse(config: Config, log: CurrentLog): Promise<void> {
  const stop = 'Detenga el servicio (y cualquier otro proceso que la use) antes de restaurar.';
  if (config.database.kind === 'sqlite') {
    if (log.state !== 'missing' && log.state !== 'unreadable' && sqliteInUse(config.database.file)) {
      throw new BackupError('database_in_use', `Otro proceso tiene abierta la base de datos. ${stop}`);
    }
    return;
  }
  if (log.state === 'unreadable') return;
  const database = await open(config);
  try {
    const others = await otherPostgresSessions(database.db);
    if (others > 0) {
      throw new BackupError('database_in_use', `Hay ${others} conexión(es) más a la base de datos. ${stop}`);
    }
  } finally {
    await database.close();
  }
}

function merged(...lists: ErasureEntry[][]): ErasureEntry[] {
  const byId = new Map<string, ErasureEntry>();
  for (const entry of lists.flat()) if (!byId.has(entry.id)) byId.set(entry.id, entry);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** After the database was replaced but before the erasures were applied again: keeps them in a file to retry. */
function keepPending(file: string, entries: ErasureEntry[]): string | null {
  if (entries.length === 0) return null;
  const pending = path.join(
    path.dirname(path.resolve(file)),
    `borrados-pendientes-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(pending, JSON.stringify(entries), { mode: 0o600 });
  return pending;
}

function describeLog(log: CurrentLog, config: Config): string {
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  if (log.state === 'read') return `Registro de borrados de la base de datos actual: ${log.entries.length} entrada(s).`;
  if (log.state === 'no_log') return 'La base de datos actual no tiene registro de borrados (es anterior a él).';
  if (log.state === 'empty') return `La base de datos actual (${where}) está vacía: no tiene registro de borrados.`;
  if (log.state === 'missing')
    return `La base de datos actual (${where}) no existe: se sigue sin su registro de borrados.`;
  return `No se pudo abrir la base de datos actual (${log.reason}): se sigue sin su registro de borrados.`;
}

export const restore: CliCommand = {
  path: ['restore'],
  summary: 'Restaura un respaldo y vuelve a aplicar los borrados de datos personales hechos después.',
  usage:
    'ayuda restore ARCHIVO [--erasures BORRADOS.json] [--json]\n' +
    '  El servicio debe estar detenido. Lee primero el registro de borrados de la base de datos actual, pone el\n' +
    '  respaldo en su lugar, aplica las migraciones y vuelve a borrar lo que se borró después del respaldo.\n' +
    '  --erasures  añade los borrados de un archivo de `ayuda privacy erasures --json` (si la base actual se perdió).',
  options: { erasures: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const given = positional(args, 0, 'ARCHIVO');
    const config = loadConfig(io.env);
    announceDatabase(io, config.database);
    const json = args.values.json === true;
    const say = (line: string) => (json ? undefined : io.out(line));
    let decrypted: string | null = null;
    try {
      // A scheduled backup encrypted under BACKUP_ENCRYPT_KEY is read through a private copy beside it.
      let file = given;
      if (existsSync(given) && isEncryptedBackup(given)) {
        const key = keyBytes(io.env, 'BACKUP_ENCRYPT_KEY');
        if (key === null) {
          throw new BackupError('backup_key_missing', `${given} está cifrado: indique su clave en BACKUP_ENCRYPT_KEY.`);
        }
        decrypted = path.join(path.dirname(path.resolve(given)), `.${path.basename(given)}.${process.pid}.descifrado`);
        await decryptBackup(given, decrypted, key);
        file = decrypted;
      }
      if (config.database.kind === 'sqlite' && config.database.file === ':memory:') {
        throw new BackupError('memory_database', 'La base de datos está en memoria: no se puede restaurar en ella.');
      }
      const erasuresFile = args.values.erasures;
      const fromFile = typeof erasuresFile === 'string' ? readErasureFile(erasuresFile) : [];
      let archive: ArchiveContents | null = null;
      if (config.database.kind === 'sqlite') inspectSqliteBackup(file);
      else archive = await inspectPostgresBackup(file, io.env);

      const log = await currentLog(config);
      (log.state === 'read' || log.state === 'no_log' ? say : io.err)(describeLog(log, config));
      if (log.state !== 'read' && log.state !== 'no_log' && fromFile.length === 0) {
        io.err(
          'Aviso: los datos personales borrados después del respaldo volverían a estar. Si tiene la salida de ' +
            '`ayuda privacy erasures --json`, páselo con --erasures.',
        );
      }
      const entries = merged(log.entries, fromFile);
      await checkNobodyElse(config, log);

      if (config.database.kind === 'sqlite') {
        mkdirSync(path.dirname(config.database.file), { recursive: true });
        replaceSqliteDatabase(file, config.database.file);
      } else {
        await restorePostgres(config.database.url, file, io.env);
      }
      say(`Base de datos restaurada desde ${path.resolve(given)}.`);

      let outcome: { dropped: string[]; migrations: string[]; applied: number };
      try {
        const database = await open(config);
        try {
          const dropped = archive ? await dropObjectsNotIn(database.db, archive) : [];
          const migrations = await migrateToLatest(database.db as never, database.dialect);
          const { applied } = await reapplyErasures(createContext(config, database), entries);
          outcome = { dropped, migrations, applied };
        } finally {
          await database.close();
        }
      } catch (err) {
        const pending = keepPending(given, entries);
        io.err(`Error: el respaldo ya está en su lugar, pero no se terminó de actualizar: ${(err as Error).message}`);
        if (pending) {
          io.err(`Los borrados por aplicar se guardaron en ${pending}. Corrija el problema y ejecute de nuevo:`);
          io.err(`  ayuda restore ${given} --erasures ${pending}`);
        }
        return 1;
      }

      if (json) {
        io.out(
          JSON.stringify({
            file: path.resolve(given),
            database: config.database.kind,
            erasureLog: log.state,
            logEntries: log.entries.length,
            fileEntries: fromFile.length,
            migrations: outcome.migrations,
            dropped: outcome.dropped,
            applied: outcome.applied,
          }),
        );
      } else {
        if (outcome.dropped.length) {
          say(`Quitado lo que el respaldo no tenía (las migraciones lo crean de nuevo): ${outcome.dropped.join(', ')}`);
        }
        say(
          outcome.migrations.length
            ? `Migraciones aplicadas: ${outcome.migrations.join(', ')}`
            : 'El esquema del respaldo ya estaba al día.',
        );
        say(`Borrados aplicados de nuevo: ${outcome.applied} (de ${entries.length} en el registro).`);
      }
      return 0;
    } catch (err) {
      return reportBackupError(err, io);
    } finally {
      if (decrypted !== null) rmSync(decrypted, { force: true });
    }
  },
};
