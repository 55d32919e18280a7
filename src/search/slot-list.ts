// A growable list of document slots in one Int32Array: 4 bytes a slot, where a plain array of numbers takes 8.

export class SlotList {
  items: Int32Array;
  length = 0;

  constructor(capacity = 2) {
    this.items = new Int32Array(capacity);
  }

  push(slot: number): void {
    if (this.length === this.items.length) {
      const items = new Int32Array(this.length * 2);
      items.set(this.items);
      this.items = items;
    }
    this.items[this.length++] = slot;
  }

  /** Renumbers every slot by `renumbered` (-1: dropped), keeping the order; returns the new length. */
  renumber(renumbered: Int32Array): number {
    const items = this.items;
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      const next = renumbered[items[i] as number] as number;
      if (next >= 0) items[kept++] = next;
    }
    this.length = kept;
    // Lists that shrank a lot give their room back.
    if (kept * 4 < items.length && items.length > 8) this.items = items.slice(0, Math.max(2, kept * 2));
    return kept;
  }
}
