// A read whose SQL depends only on how many values it takes (an `in (…)` list): built and compiled once per count
// and database, then run with the new values in their places. Building a query of fifty columns and compiling it
// cost more than SQLite's own work on a page of search results; the SQL text and the order of its parameters are
// exactly what the builder gives, because they are the builder's own output.
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './types.ts';

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
    const parameters = compiled.query.parameters.slice();
    for (let i = 0; i < values.length; i++) parameters[compiled.slots[i] as number] = values[i];
    return (await db.executeQuery<R>({ ...compiled.query, parameters })).rows;
  }

  /** Compiles with a unique marker in place of each value, and finds where each marker went. */
  #compile(db: Db, count: number): Compiled<R> {
    const markers = Array.from({ length: count }, (_, i) => `\u0000value ${i}\u0000`);
    const query = this.#build(db, markers as unknown as V[]).compile();
    const slots = markers.map((marker) => query.parameters.indexOf(marker));
    const once = markers.every((marker, i) => query.parameters.lastIndexOf(marker) === slots[i]);
    if (slots.includes(-1) || !once) {
      throw new Error('CompiledByCount: each value must become exactly one parameter');
    }
    return { query, slots };
  }
}
