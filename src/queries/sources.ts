// Registered integrations as the CLI and the console list them: names and dates, never key hashes.
import type { Context } from '../context.ts';
import { findSource, listSourceRows, type SourceRow } from '../repositories/sources.ts';

export interface SourceSummary {
  name: string;
  createdBy: string;
  createdAt: string;
  rotatedAt: string | null;
}

function summary(row: SourceRow): SourceSummary {
  return { name: row.name, createdBy: row.created_by, createdAt: row.created_at, rotatedAt: row.rotated_at };
}

export async function listSources(ctx: Context): Promise<SourceSummary[]> {
  return (await listSourceRows(ctx.db)).map(summary);
}

export async function getSource(ctx: Context, name: string): Promise<SourceSummary | null> {
  const row = await findSource(ctx.db, name);
  return row ? summary(row) : null;
}

/** A source as the console's page shows it: with whether its key is trusted (commands/source-trust.ts). */
export interface SourceWithTrust extends SourceSummary {
  trustedAt: string | null;
  trustedBy: string | null;
}

export async function listSourcesWithTrust(ctx: Context): Promise<SourceWithTrust[]> {
  return (await listSourceRows(ctx.db)).map((row) => ({
    ...summary(row),
    trustedAt: row.trusted_at,
    trustedBy: row.trusted_by,
  }));
}
