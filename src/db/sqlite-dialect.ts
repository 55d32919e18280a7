// Kysely over Node's built-in node:sqlite: no native build step, same SQL as the better-sqlite3 dialect.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { CompiledQuery, type DatabaseConnection, SqliteDialect, SqliteDriver } from 'kysely';

const STATEMENT_CACHE_SIZE = 200;

/** Adapts DatabaseSync to the interface Kysely's SQLite driver expects, caching prepared statements. */
class StatementAdapter {
  readonly reader: boolean;
  readonly #stmt: StatementSync;
  constructor(stmt: StatementSync) {
    this.#stmt = stmt;
    this.reader = stmt.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>) {
    return this.#stmt.all(...(parameters as never[]));
  }
  run(parameters: ReadonlyArray<unknown>) {
    return this.#stmt.run(...(parameters as never[]));
  }
  iterate(parameters: ReadonlyArray<unknown>) {
    return this.#stmt.iterate(...(parameters as never[]));
  }
}

export class DatabaseAdapter {
  readonly raw: DatabaseSync;
  readonly #cache = new Map<string, StatementAdapter>();
  constructor(raw: DatabaseSync) {
    this.raw = raw;
  }
  prepare(sql: string): StatementAdapter {
    let stmt = this.#cache.get(sql);
    if (stmt) {
      this.#cache.delete(sql);
    } else {
      stmt = new StatementAdapter(this.raw.prepare(sql));
      if (this.#cache.size >= STATEMENT_CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value as string);
    }
    this.#cache.set(sql, stmt);
    return stmt;
  }
  close() {
    this.#cache.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}

/** BEGIN IMMEDIATE: take the write lock up front so two processes never deadlock on a lock upgrade. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export function openSqlite(file: string): DatabaseAdapter {
  const raw = new DatabaseSync(file, { timeout: 10_000 });
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = FULL');
  raw.exec('PRAGMA foreign_keys = ON');
  // Freed space is overwritten with zeros: an erased phone number does not linger in a free page or cell.
  raw.exec('PRAGMA secure_delete = ON');
  raw.exec('PRAGMA cache_size = -16384'); // 16 MiB: reads go through indexes; the OS caches the file too
  raw.exec('PRAGMA temp_store = MEMORY');
  return new DatabaseAdapter(raw);
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #adapter: DatabaseAdapter;
  constructor(adapter: DatabaseAdapter) {
    super({ database: adapter as never });
    this.#adapter = adapter;
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.#adapter as never });
  }
}
