// Queries built and compiled once, then run with new values in their places: a read whose SQL depends only on how
// many values it takes (an `in (…)` list), and an insert whose SQL depends only on which columns it sets. Building
// a query of fifty columns and compiling it cost more than SQLite's own work on a page of search results, and a
// tenth of a submission; the SQL text and the order of its parameters are exactly what the builder gives, because
// they are the builder's own output, compiled with a unique marker in place of each value.
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db, Dialect } from './types.ts';

/** Counts remembered per database: one query per page size a caller uses, not every possible one. */
const MAX_COUNTS = 64;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** Where each value goes in the parameters. */
  slots: number[];
}

export class CompiledByCount<V, R> {
  readonly #build: (db: Db, values: readonly V[]) => Compilable<R>;
  // By database: a transaction's handle lives for one transaction, so its queries are simply compiled as before.
  readonly #compiled = new WeakMap<Db, Map<number, Compiled<R>>>();

  constructor(build: (db: Db, values: readonly V[]) => Compilable<R>) {
    this.#build = build;
  }

  async execute(db: Db, values: readonly V[]): Promise<R[]> {
    let byCount = this.#compiled.get(db);
    if (byCount === undefined) {
      byCount = new Map();
      this.#compiled.set(db, byCount);
    }
    let compiled = byCount.get(values.length);
    if (compiled === undefined) {
      compiled = this.#compile(db, values.length);
      if (byCount.size >= MAX_COUNTS) byCount.clear();
      byCount.set(values.length, compiled);
    }
    return (await db.executeQuery<R>(withValues(compiled, values))).rows;
  }

  #compile(db: Db, count: number): Compiled<R> {
    return compileWithMarkers(count, (markers) => this.#build(db, markers as unknown as V[]));
  }
}

/** Compiles with a unique marker in place of each value, and finds where each marker went. */
function compileWithMarkers<R>(count: number, build: (markers: readonly unknown[]) => Compilable<R>): Compiled<R> {
  const markers = Array.from({ length: count }, (_, i) => `\u0000value ${i}\u0000`);
  const query = build(markers).compile();
  const slots = markers.map((marker) => query.parameters.indexOf(marker));
  const once = markers.every((marker, i) => query.parameters.lastIndexOf(marker) === slots[i]);
  if (slots.includes(-1) || !once) throw new Error('a compiled query: each value must become exactly one parameter');
  return { query, slots };
}

function isExpression(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toOperationNode?: unknown }).toOperationNode === 'function'
  );
}

function withValues<R>(compiled: Compiled<R>, values: readonly unknown[]): CompiledQuery<R> {
  const parameters = compiled.query.parameters.slice();
  for (let i = 0; i < values.length; i++) parameters[compiled.slots[i] as number] = values[i];
  return { ...compiled.query, parameters };
}

/**
 * A row written by one builder whose SQL depends on the engine and on which columns the row sets (a column left
 * undefined is left out of the SQL): compiled once per engine and set of columns.
 */
export class CompiledByColumns<Row extends Record<string, unknown>, R> {
  readonly #build: (db: Db, dialect: Dialect, row: Row) => Compilable<R>;
  readonly #compiled = new Map<string, Compiled<R>>();

  constructor(build: (db: Db, dialect: Dialect, row: Row) => Compilable<R>) {
    this.#build = build;
  }

  async execute(db: Db, dialect: Dialect, row: Row): Promise<R[]> {
    const columns: string[] = [];
    const values: unknown[] = [];
    for (const column in row) {
      const value = row[column];
      if (value === undefined) continue;
      // A SQL expression as a value becomes SQL, not a parameter: such a row is built as it is, every time.
      if (isExpression(value)) return (await db.executeQuery<R>(this.#build(db, dialect, row))).rows;
      columns.push(column);
      values.push(value);
    }
    const shape = `${dialect}:${columns.join(',')}`;
    let compiled = this.#compiled.get(shape);
    if (compiled === undefined) {
      compiled = compileWithMarkers(values.length, (markers) =>
        this.#build(db, dialect, Object.fromEntries(columns.map((column, i) => [column, markers[i]])) as Row),
      );
      if (this.#compiled.size >= MAX_COUNTS) this.#compiled.clear();
      this.#compiled.set(shape, compiled);
    }
    return (await db.executeQuery<R>(withValues(compiled, values))).rows;
  }
}
