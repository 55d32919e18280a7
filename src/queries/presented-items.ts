// Presented records as JSON text, reused while the record is unchanged: a search result then costs no database
// read and no serialising for the records it has shown before. Every write to a record gives it a new change
// number, and closing an emergency changes the status it shows, so an entry is used only while both match. Anything else a
// PublicHelp shows must also move the record's change number when it changes (logistics routes, for their
// destination).
import { roundKm } from '../domain/distance.ts';
import { EvictionOrder } from '../domain/eviction-order.ts';
import type { PublicHelp } from '../schemas/public-help.ts';

/**
 * About 1.8 KB a record: 16 million characters keep the 9,000 or so records that searches show most, at the memory
 * the same records took as objects when only 4,000 were kept.
 */
const MAX_CHARACTERS = 16 * 1024 * 1024;
/**
 * The distance is the one field that depends on the search, and the last of `location`: the text is kept in two
 * parts around its value. JSON escapes every quote inside a string, so this key cannot occur in any field's text.
 */
const DISTANCE_KEY = '"distanceKm":';

/** A presented record's JSON, split around the value of location.distanceKm. */
export interface PresentedJson {
  head: string;
  tail: string;
}

/** The record's JSON with its distance from the search point (null without one). */
export function withDistance(item: PresentedJson, distanceKm: number | null): string {
  return item.head + (distanceKm === null ? 'null' : String(roundKm(distanceKm))) + item.tail;
}

/** A presented record (its distanceKm null) as the two parts kept here. */
export function presentedJson(item: PublicHelp): PresentedJson {
  const text = JSON.stringify(item);
  const at = text.indexOf(DISTANCE_KEY) + DISTANCE_KEY.length;
  const after = text.indexOf('null', at) === at ? at + 4 : -1;
  if (at < DISTANCE_KEY.length || after < 0) throw new Error(`presented record ${item.id} has no null distanceKm`);
  return { head: text.slice(0, at), tail: text.slice(after) };
}

interface Entry {
  changeSeq: number;
  emergencyStatus: string;
  item: PresentedJson;
  /** Its place in the eviction order. */
  placed: number;
}

/**
 * One entry per record, keyed by its id: the ids come from the search index's own strings, whose hashes V8 keeps,
 * so a lookup builds no key; a newer version replaces the older one instead of waiting beside it to be evicted.
 */
export class PresentedItems {
  readonly #items = new Map<string, Entry>();
  /** Oldest first: the first to go when the budget is full. */
  readonly #order = new EvictionOrder<string>((id) => this.#items.get(id)?.placed);
  readonly #maxCharacters: number;
  #characters = 0;

  constructor(maxCharacters = MAX_CHARACTERS) {
    this.#maxCharacters = maxCharacters;
  }

  /** The record as presented, while it is still at this change number and its emergency has this status. */
  get(id: string, changeSeq: number, emergencyStatus: string): PresentedJson | undefined {
    const entry = this.#items.get(id);
    if (entry === undefined || entry.changeSeq !== changeSeq || entry.emergencyStatus !== emergencyStatus) {
      return undefined;
    }
    return entry.item;
  }

  set(id: string, changeSeq: number, emergencyStatus: string, item: PresentedJson): void {
    this.#remove(id);
    const placed = this.#order.place(id, this.#items.size);
    this.#items.set(id, { changeSeq, emergencyStatus, item, placed });
    this.#characters += item.head.length + item.tail.length;
    while (this.#characters > this.#maxCharacters && this.#items.size > 1) {
      this.#remove(this.#order.oldest() as string);
    }
  }

  /** How many records are kept (each at most once). */
  get size(): number {
    return this.#items.size;
  }

  #remove(id: string): void {
    const entry = this.#items.get(id);
    if (!entry) return;
    this.#items.delete(id);
    this.#characters -= entry.item.head.length + entry.item.tail.length;
  }
}
