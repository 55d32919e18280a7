// The index's fields of every document slot, one typed array per field: a few bytes a record, no object each.

/** -1 in `emergency` marks a free slot (replaced or removed); NaN marks a missing place or quantity. */
export function createColumns(capacity: number) {
  return {
    emergency: new Int32Array(capacity).fill(-1),
    /** type and status in one byte: TYPE_CODE * 4 + STATUS_CODE. */
    state: new Uint8Array(capacity),
    urgency: new Uint8Array(capacity),
    category: new Uint16Array(capacity),
    /** -1 when the record has no municipality. */
    municipality: new Int32Array(capacity).fill(-1),
    precision: new Uint8Array(capacity),
    centre: new Uint8Array(capacity),
    unit: new Int32Array(capacity),
    latitude: new Float64Array(capacity).fill(Number.NaN),
    longitude: new Float64Array(capacity).fill(Number.NaN),
    priority: new Float64Array(capacity),
    createdMs: new Float64Array(capacity),
    changeSeq: new Float64Array(capacity),
    required: new Float64Array(capacity).fill(Number.NaN),
    covered: new Float64Array(capacity),
    pending: new Float64Array(capacity).fill(Number.NaN),
    /** Open pledges' quantities, and how many pledges are open. */
    committed: new Float64Array(capacity),
    pledges: new Int32Array(capacity),
    /** 0 current, 1 to_confirm, 2 expired (domain/confirmation.ts). */
    confirmation: new Uint8Array(capacity),
  };
}

export type Columns = ReturnType<typeof createColumns>;
type Column = Columns[keyof Columns];

/** The same columns with room for twice as many slots. */
export function grown(columns: Columns): Columns {
  const next = createColumns(columns.emergency.length * 2);
  for (const name of Object.keys(columns) as (keyof Columns)[]) (next[name] as Column).set(columns[name] as never);
  return next;
}

/** Moves every kept slot to its new number (never a higher one, so copying forward in place is safe). */
export function compactColumns(columns: Columns, renumbered: Int32Array): void {
  for (const name of Object.keys(columns) as (keyof Columns)[]) {
    const column = columns[name] as Column;
    for (let slot = 0; slot < renumbered.length; slot++) {
      const next = renumbered[slot] as number;
      if (next >= 0) column[next] = column[slot] as number;
    }
  }
}

/** Small numbers for repeated strings (categories, units, municipalities, emergencies), both ways. */
export class Dictionary {
  readonly #numbers = new Map<string, number>();
  readonly values: string[] = [];

  number(value: string): number {
    let number = this.#numbers.get(value);
    if (number === undefined) {
      number = this.values.length;
      this.#numbers.set(value, number);
      this.values.push(value);
    }
    return number;
  }

  /** The number of a value already seen, or -1. */
  find(value: string): number {
    return this.#numbers.get(value) ?? -1;
  }

  get size(): number {
    return this.values.length;
  }
}
