// Loaded before each test file (`npm test` passes it with --import). Test files run two at a time, each in its own
// process, and on PostgreSQL a test file empties the public schema of its database: so each test file's process gets
// a database of its own, named after TEST_DATABASE_URL's with `_p` and the process id. Each new one first drops those
// of processes that have ended, and the runner's own process (which loads this file too and runs no test) drops every
// one an earlier run left. SQLite needs nothing: every test file makes its own database file.
import pg from 'pg';

const base = process.env.TEST_DATABASE_URL ?? '';
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Whether a process with this id is still running (a test file's database is its own until it ends). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function onServer(run: (admin: pg.Client) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}

if (base.startsWith('postgres')) {
  const url = new URL(base);
  const prefix = `${decodeURIComponent(url.pathname.slice(1))}_p`;
  const runner = process.env.NODE_TEST_WORKER_ID === undefined;
  const name = `${prefix}${process.pid}`;
  await onServer(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) {
      // The runner clears all that an earlier run left; a test file, those of files that have ended.
      if (runner || datname === name || !alive(Number(datname.slice(prefix.length)))) {
        // The other process may be dropping the same one: whoever comes second has nothing left to do.
        await admin.query(`drop database if exists ${quoted(datname)} with (force)`).catch(() => undefined);
      }
    }
    if (!runner) await admin.query(`create database ${quoted(name)}`);
  });
  if (!runner) {
    url.pathname = `/${encodeURIComponent(name)}`;
    process.env.TEST_DATABASE_URL = url.toString();
  }
}
