// Kysely over Node's built-in node:sqlite: no native build step, same SQL as the better-sqlite3 dialect.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { CompiledQuery, type DatabaseConnection, SqliteDialect, SqliteDriver } from 'kysely';

const STATEMENT_CACHE_SIZE = 200;

type Row = Record<string, unknown>;

/**
 * A function that turns a row read as an array into an object with these column names, written as one object
 * literal. node:sqlite's own row objects have a null prototype and are built in V8's dictionary mode, where every
 * property read is a hash lookup; objects from one literal share one fast shape. Reading a page of fifty-column
 * records and touching their fields costs about a quarter less. A later column of the same name wins, as it does in
 * node:sqlite's objects.
 */
function rowFactory(names: string[]): (values: unknown[]) => Row {
  // A computed key for __proto__: as a plain key in a literal it would set the prototype, not a property.
  const fields = names.map((name, i) =>
    name === '__proto__' ? `[${JSON.stringify(name)}]: v[${i}]` : `${JSON.stringify(name)}: v[${i}]`,
  );
  return new Function('v', `return { ${fields.join(', ')} };`) as (values: unknown[]) => Row;
}

/** Adapts DatabaseSync to the interface Kysely's SQLite driver expects, caching prepared statements. */
class StatementAdapter {
  readonly reader: boolean;
  readonly #stmt: StatementSync;
  readonly #row: ((values: unknown[]) => Row) | null;
  constructor(stmt: StatementSync) {
    this.#stmt = stmt;
    const columns = stmt.columns();
    this.reader = columns.length > 0;
    this.#row = this.reader ? rowFactory(columns.map((column) => column.name)) : null;
    if (this.reader) stmt.setReturnArrays(true);
  }
  all(parameters: ReadonlyArray<unknown>): Row[] {
    const rows = this.#stmt.all(...(parameters as never[])) as unknown as unknown[][];
    const row = this.#row;
    if (row === null) return rows as unknown as Row[];
    const out = new Array<Row>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = row(rows[i] as unknown[]);
    return out;
  }
  run(parameters: ReadonlyArray<unknown>) {
    return this.#stmt.run(...(parameters as never[]));
  }
  *iterate(parameters: ReadonlyArray<unknown>): Generator<Row> {
    const row = this.#row;
    for (const values of this.#stmt.iterate(...(parameters as never[]))) {
      yield row === null ? (values as Row) : row(values as unknown as unknown[]);
    }
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
