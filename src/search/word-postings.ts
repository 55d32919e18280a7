// Which document slots carry each search word, and the slots whose words start with every word of a query.
import { prefixUpperBound, searchTerms } from '../domain/text.ts';
import { SlotList } from './slot-list.ts';

const MAX_QUERY_TERMS = 8;

export class WordPostings {
  readonly #postings = new Map<string, SlotList>();
  #sortedTerms: string[] | null = null;
  /** Per slot, the stamp of the last word that matched it: one pass per word, no set to build. */
  #marks = new Uint32Array(0);
  #stamp = 0;

  add(slot: number, text: string): void {
    for (const term of searchTerms(text)) {
      const posting = this.#postings.get(term);
      if (posting) posting.push(slot);
      else {
        const created = new SlotList();
        created.push(slot);
        this.#postings.set(term, created);
        this.#sortedTerms = null;
      }
    }
  }

  renumber(renumbered: Int32Array): void {
    for (const [term, slots] of this.#postings) {
      if (slots.renumber(renumbered) === 0) {
        this.#postings.delete(term);
        this.#sortedTerms = null;
      }
    }
  }

  /**
   * Slots (live or not: the caller checks) whose words start with every word of q, in no useful order;
   * null when q has no words (no restriction). `slots` is how many slots exist.
   */
  match(q: string | undefined, slots: number): SlotList | null {
    const words = q ? searchTerms(q).slice(0, MAX_QUERY_TERMS) : [];
    if (words.length === 0) return null;
    this.#sortedTerms ??= [...this.#postings.keys()].sort();
    const terms = this.#sortedTerms;
    if (this.#marks.length < slots) this.#marks = new Uint32Array(slots * 2);
    if (this.#stamp > 0xfffffff0) {
      this.#marks.fill(0);
      this.#stamp = 0;
    }
    const marks = this.#marks;
    let matches = new SlotList(64);
    // A slot survives word k when it carried the stamp of word k-1; stamps make repeats across terms free.
    for (let k = 0; k < words.length; k++) {
      const word = words[k] as string;
      const previous = this.#stamp;
      const current = ++this.#stamp;
      const upper = prefixUpperBound(word);
      const postings: SlotList[] = [];
      let most = 0;
      for (let i = lowerBound(terms, word); i < terms.length && (terms[i] as string) < upper; i++) {
        const posting = this.#postings.get(terms[i] as string) as SlotList;
        postings.push(posting);
        most += posting.length;
      }
      // Sized once for the most it can hold (a common word at a million records has hundreds of thousands).
      const found = new SlotList(Math.max(2, k > 0 ? Math.min(most, matches.length) : most));
      const out = found.items;
      let length = 0;
      for (const posting of postings) {
        const items = posting.items;
        for (let j = 0; j < posting.length; j++) {
          const slot = items[j] as number;
          const mark = marks[slot] as number;
          if (mark === current || (k > 0 && mark !== previous)) continue;
          marks[slot] = current;
          out[length++] = slot;
        }
      }
      found.length = length;
      matches = found;
      if (matches.length === 0) break;
    }
    return matches;
  }

  /** The slots of `slots` that every word of the last match found (its marks are still set). */
  keepMarked(slots: SlotList): SlotList {
    const kept = new SlotList(64);
    const marks = this.#marks;
    const stamp = this.#stamp;
    const items = slots.items;
    for (let i = 0; i < slots.length; i++) {
      const slot = items[i] as number;
      if (marks[slot] === stamp) kept.push(slot);
    }
    return kept;
  }
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
