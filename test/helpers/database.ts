// Test databases: a fresh SQLite file per test file, or the PostgreSQL of TEST_DATABASE_URL with a clean schema.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || '';
export const engine = testDatabaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite';

export interface TestDatabase {
  url: string;
  cleanup(): void;
}

export async function freshDatabase(): Promise<TestDatabase> {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    try {
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
    } finally {
      await client.end();
    }
    return { url: testDatabaseUrl, cleanup: () => {} };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ayuda-test-'));
  return { url: path.join(dir, 'ayuda.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
