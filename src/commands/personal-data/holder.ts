// What each table that holds personal data tells the one mechanism behind the right to know, erasure and
// retention: how to find a person's data in it, and how to erase it. Every table is named in holders.ts, so a new
// table cannot be added without saying what personal data it holds.
import type { Store } from '../../db/store.ts';
import type { Db } from '../../db/types.ts';
import type { PersonalValues } from '../../domain/personal-values.ts';
import type { HelpRow } from '../../repositories/help-records/records.ts';
import type { ErasureScope, PersonalDataItem } from './types.ts';

/** A search for one WhatsApp number (the right to know, and erasure by number). */
export interface NumberSearch {
  phone: string;
  /** The number, for exact matching in texts (written any way). */
  values: PersonalValues;
  /** Digits every written form keeps: a LIKE filter before the exact match. */
  hint: string;
  /** The aid records that hold the number (found first by the records' holder): their own rows go with them. */
  recordIds: string[];
}

/** What one erasure removes. */
export interface ErasureTarget {
  /** The records whose personal data goes, as they were before (locked). */
  records: HelpRow[];
  scope: Exclude<ErasureScope, 'text'>;
  /** Every value of those records (current, revisions, leaders' corrections): scrubbed from their own texts. */
  values: PersonalValues;
  /** An erasure by number also scrubs the number from every other text that holds it; null otherwise. */
  everywhere: { values: PersonalValues; hint: string } | null;
  now: string;
}

/** The cut-off times of one retention run (purge.ts), from the configured days. */
export interface RetentionCut {
  /** Ended (delivered, cancelled, completed) or their emergency closed before this. */
  afterClose: string;
  /** WhatsApp and SMS messages and idle conversations older than this. */
  messagesBefore: string;
  /** Change-feed entries older than this. */
  changesBefore: string;
  /** Stored idempotent answers older than this. */
  answersBefore: string;
  now: string;
}

/**
 * How long a table keeps a person's data, said by its holder, so the daily purge (purge.ts) runs what every holder
 * declares and a new table cannot be added without saying it:
 * - clear: rows whose personal columns are emptied once due; each is logged, so a restore empties it again;
 * - delete: rows deleted whole once due (a dry run counts them where it can);
 * - none: why the table has no retention of its own (erased with its records, or kept while its owner wants it).
 */
export type Retention =
  | {
      kind: 'clear';
      rule: string;
      due(db: Db, cut: RetentionCut): Promise<string[]>;
      clear(db: Db, id: string, now: string): Promise<void>;
    }
  | {
      kind: 'delete';
      rule: string;
      count?(db: Db, cut: RetentionCut): Promise<number>;
      purge(db: Db, cut: RetentionCut): Promise<number>;
    }
  | { kind: 'none'; why: string };

/** A row outside the records that an erasure changed, for the erasure log. */
export interface TouchedRow {
  table: string;
  id: string;
}

export interface PersonalDataHolder<T extends string = string> {
  /** The table, as in db/types.ts. */
  table: T;
  /** The right to know: the rows that hold the number, or belong to its records. */
  find(db: Db, search: NumberSearch): Promise<PersonalDataItem[]>;
  /**
   * Removes the target's data from this table. Rows of the target's own records are not returned (the record's log
   * entry re-applies them); rows found only by the number are (scope 'text': a restore empties them).
   */
  erase(trx: Store, target: ErasureTarget): Promise<TouchedRow[]>;
  /** A restore re-applies a 'text' entry without the values: the row's personal texts are emptied. */
  clear?(db: Db, id: string): Promise<void>;
  /** How long the table keeps it. */
  retention: Retention;
}
