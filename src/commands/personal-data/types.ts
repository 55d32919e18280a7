// The shapes of the personal-data rights: what an export lists, what an erasure or a purge reports, and the log of
// erasures (ids, never values) that a restore re-applies.

/** What was erased of a row: see ErasuresTable.scope in db/types.ts. */
export type ErasureScope = 'all' | 'contact' | 'identity' | 'text';

/** One row that holds a person's data, as the right to know shows it: the table, the row and the values. */
export interface PersonalDataItem {
  /** The table the row lives in ('help_records', 'reports', ...). */
  table: string;
  id: string;
  /** What the row is, in Spanish, for a person reading the export. */
  label: string;
  /** Field -> value, only the fields that hold personal data or say what the row is. */
  fields: Record<string, string | number | null>;
}

export interface PersonalDataExport {
  /** The number searched for, E.164. */
  whatsapp: string;
  generatedAt: string;
  items: PersonalDataItem[];
}

export interface ErasureReport {
  /** Aid records whose personal data was erased. */
  records: string[];
  /** Rows erased or cleaned, over every table. */
  rows: number;
}

export interface ErasureEntry {
  id: string;
  targetTable: string;
  targetId: string;
  scope: ErasureScope;
  actor: string;
  reason: string;
  createdAt: string;
}

/** One thing retention erases now (or would, in a dry run). */
export interface PurgeLine {
  /** The rule: 'identity_document', 'rejected', 'after_close', or an upkeep one ('console_sessions', ...). */
  rule: string;
  table: string;
  /** The row's id; absent for counted upkeep rows (sessions, sign-in counters, idempotency keys). */
  id?: string;
  /** How many rows the line stands for (1 for a record). */
  count: number;
}

export interface PurgeReport {
  dryRun: boolean;
  lines: PurgeLine[];
}

export type { WithdrawableSummary } from '../../queries/withdrawable.ts';
