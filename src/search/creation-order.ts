// Records in the order they were created, for exports of any size: a radix sort on the creation time (16 bits of it
// a pass), so a million records take two or three passes over typed arrays instead of twenty million comparisons.

const BUCKETS = 65_536;

/**
 * The slots ordered by their creation time in `createdMs`, oldest first; equal times keep the order the slots came
 * in (the sort is stable). Times are whole milliseconds.
 */
export function byCreation(slots: Int32Array, createdMs: Float64Array): Int32Array {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const slot of slots) {
    const created = createdMs[slot] as number;
    if (created < min) min = created;
    if (created > max) max = created;
  }
  let from: Int32Array = slots;
  let to: Int32Array = new Int32Array(slots.length);
  const starts = new Int32Array(BUCKETS);
  for (let scale = 1; (max - min) / scale >= 1; scale *= BUCKETS) {
    starts.fill(0);
    // The digit of this pass: 16 bits of the time since the oldest (`&` truncates the quotient to an integer).
    const digit = (slot: number) => (((createdMs[slot] as number) - min) / scale) & (BUCKETS - 1);
    for (const slot of from) {
      const bucket = digit(slot);
      starts[bucket] = (starts[bucket] as number) + 1;
    }
    let sum = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      const count = starts[bucket] as number;
      starts[bucket] = sum;
      sum += count;
    }
    for (const slot of from) {
      const bucket = digit(slot);
      to[starts[bucket] as number] = slot;
      starts[bucket] = (starts[bucket] as number) + 1;
    }
    [from, to] = [to, from];
  }
  return from;
}
