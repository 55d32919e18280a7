// Presented records, reused while the record is unchanged: a search result then costs no database read for
// the records it has shown before. Every write to a record gives it a new change number, and closing an
// emergency changes the status it shows, so both are part of the key. Anything else a PublicHelp shows must
// also move the record's change number when it changes (logistics routes, for their destination).
import type { PublicHelp } from '../schemas/public-help.ts';

/** About 3 KB each: the records that searches show most stay, at a few megabytes. */
const MAX_ITEMS = 4000;

export class PresentedItems {
  readonly #items = new Map<string, PublicHelp>();

  static key(id: string, changeSeq: number, emergencyStatus: string): string {
    return `${id}:${changeSeq}:${emergencyStatus}`;
  }

  get(key: string): PublicHelp | undefined {
    return this.#items.get(key);
  }

  set(key: string, item: PublicHelp): void {
    if (this.#items.size >= MAX_ITEMS) this.#items.delete(this.#items.keys().next().value as string);
    this.#items.set(key, item);
  }
}
