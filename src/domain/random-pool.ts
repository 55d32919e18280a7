// Random bytes for ids and secrets, drawn from the system's generator 4 KB at a time: each call into it costs about
// 5 µs here, and a submission needs a token and two ids. Every pooled byte is handed out once and then zeroed, so
// the pool never holds a secret already given out (Node draws randomUUID() from such a cache too).
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let next = pool.length;

/** Copies `length` (at most 4,096) fresh random bytes into `target` from `offset`. */
export function fillRandom(target: Buffer, offset: number, length: number): void {
  if (length > pool.length) throw new RangeError(`at most ${pool.length} random bytes at a time`);
  if (next + length > pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  pool.copy(target, offset, next, next + length);
  pool.fill(0, next, next + length);
  next += length;
}
