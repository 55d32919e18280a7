// Loaded before each test file (`npm test` passes it with --import). Test files run two at a time, each in its own
// process, and the runner numbers those processes' slots (NODE_TEST_WORKER_ID, 1 and 2). On PostgreSQL a test file
// empties the public schema of its database, so each slot gets a database of its own: slot 1 keeps
// TEST_DATABASE_URL's, slot N uses the same name with `_wN`, created on first use. SQLite needs nothing: every test
// file makes its own database file.
import pg from 'pg';

const base = process.env.TEST_DATABASE_URL ?? '';
const slot = Number(process.env.NODE_TEST_WORKER_ID ?? '1');

if (base.startsWith('postgres') && Number.isInteger(slot) && slot > 1) {
  const url = new URL(base);
  const name = `${decodeURIComponent(url.pathname.slice(1))}_w${slot}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    // 42P04: another process made it a moment ago.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await admin.end();
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  process.env.TEST_DATABASE_URL = url.toString();
}
