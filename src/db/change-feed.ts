// A version that moves whenever public data changes, on any instance or process, so caches know when to drop.
// SQLite: this process's writes, plus PRAGMA data_version for commits by other processes (the CLI).
// PostgreSQL: this instance's writes, plus LISTEN/NOTIFY for commits by other instances and the CLI.
import { sql } from 'kysely';
import type { Client } from 'pg';
import type { DatabaseAdapter } from './sqlite-dialect.ts';
import type { Db } from './types.ts';

export const CHANGE_CHANNEL = 'ayuda_changes';
const OTHER_PROCESS_LAG_MS = 100;

export interface ChangeFeed {
  /** Opaque; equal values mean no public data changed in between. */
  version(): string;
  /** Inside a write transaction: tell the other instances once it commits. */
  announce(trx: Db): Promise<void>;
  /** After a commit in this process. */
  written(): void;
  close(): Promise<void>;
}

export function sqliteChangeFeed(adapter: DatabaseAdapter): ChangeFeed {
  let local = 0;
  const dataVersion = adapter.raw.prepare('PRAGMA data_version');
  // Reading data_version takes file locks (syscalls); other processes' commits are seen within OTHER_PROCESS_LAG_MS.
  let seen = 0;
  let checkedAt = Number.NEGATIVE_INFINITY;
  // Asked on every cached read: the string is made only when a number in it changes.
  let current = '0.0';
  const update = () => {
    current = `${local}.${seen}`;
  };
  return {
    version: () => {
      const now = performance.now();
      if (now - checkedAt >= OTHER_PROCESS_LAG_MS) {
        const version = (dataVersion.get() as { data_version: number }).data_version;
        checkedAt = now;
        if (version !== seen) {
          seen = version;
          update();
        }
      }
      return current;
    },
    announce: async () => {
      local++;
      update();
    },
    written: () => {
      local++;
      update();
    },
    close: async () => {},
  };
}

/** listen=false (the CLI): announces its own writes to the servers, needs no notifications itself. */
export async function postgresChangeFeed(
  url: string,
  listen: boolean,
  onError: (err: Error) => void,
): Promise<ChangeFeed> {
  let local = 0;
  let closed = false;
  const { default: pg } = await import('pg');
  let client: Client | null = null;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', () => {
      local++;
    });
    next.on('error', (err) => {
      onError(err);
      local++;
      client = null;
      next.end().catch(() => {});
      if (!closed) setTimeout(() => connect().catch(onError), 1000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    client = next;
    local++; // anything may have changed while we were not listening
  };
  if (listen) await connect();
  return {
    version: () => (client || !listen ? String(local) : `offline.${Date.now()}`),
    announce: async (trx) => {
      await sql`select pg_notify(${CHANGE_CHANNEL}, '')`.execute(trx);
    },
    written: () => {
      local++;
    },
    close: async () => {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
