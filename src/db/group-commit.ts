// Group commit: on SQLite, submissions that arrive while a commit is being written share the next transaction and
// its one fsync (synchronous=FULL blocks the event loop for each), each inside its own savepoint, so one that
// fails rolls back alone. Each caller is answered only after the shared COMMIT has returned, so a 202 still means
// the submission is on disk. On PostgreSQL a commit does not block the event loop and the server groups commits
// itself; there a transaction per call keeps row locks short and two instances' batches from deadlocking.
import { sql } from 'kysely';
import { inTransaction, type Store } from './store.ts';

/** More than this many waiting are written by the next transaction: no caller waits behind an unbounded batch. */
const MAX_BATCH = 64;

interface Job {
  fn: (trx: Store) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export class GroupCommit {
  readonly #store: Store;
  readonly #queue: Job[] = [];
  #writing = false;
  #transactions = 0;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Runs fn in a transaction (shared with others waiting at the same time on SQLite); resolves after COMMIT. */
  run<T>(fn: (trx: Store) => Promise<T>): Promise<T> {
    if (this.#store.dialect !== 'sqlite') {
      this.#transactions++;
      return inTransaction(this.#store, fn);
    }
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      this.#next();
    });
  }

  /** Transactions written so far: fewer than calls when calls were grouped. */
  get transactions(): number {
    return this.#transactions;
  }

  /** One batch at a time: what arrives while it is written waits for the next one. */
  #next(): void {
    if (this.#writing || this.#queue.length === 0) return;
    this.#writing = true;
    // setImmediate: the requests already read from the sockets in this turn join the batch.
    setImmediate(() => {
      this.#write(this.#queue.splice(0, MAX_BATCH)).finally(() => {
        this.#writing = false;
        this.#next();
      });
    });
  }

  async #write(batch: Job[]): Promise<void> {
    const outcomes: Outcome[] = [];
    this.#transactions++;
    try {
      await inTransaction(this.#store, async (trx) => {
        for (const job of batch) {
          await sql`savepoint group_commit`.execute(trx.db);
          try {
            const value = await job.fn(trx);
            await sql`release savepoint group_commit`.execute(trx.db);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await sql`rollback to savepoint group_commit`.execute(trx.db);
            await sql`release savepoint group_commit`.execute(trx.db);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // Nothing of the batch was committed: every caller hears the failure (its own, or the commit's).
      batch.forEach((job, i) => {
        const outcome = outcomes[i];
        job.reject(outcome && !outcome.ok ? outcome.error : error);
      });
      return;
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i] as Outcome;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }
}
