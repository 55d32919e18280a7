// Colombian mobile numbers for sample data: the demo, the benchmark's generator and the tests draw them from here.
// A block is the three digits after +57; each one listed is a mobile block with any seven digits after it, by the
// same libphonenumber rule the service applies (test/samples.test.ts checks every block).

export const MOBILE_BLOCKS = [
  300, 301, 302, 303, 304, 305, 310, 311, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321, 322, 323, 350, 351,
] as const;

export type MobileBlock = (typeof MOBILE_BLOCKS)[number];

/**
 * The block kept for the tests' canaries: no demo, benchmark or fixed test number is in it, so a canary found in
 * an output is the one a test planted there.
 */
export const CANARY_BLOCK = 319 satisfies MobileBlock;

/** Every block but the canaries': where the demo and generated data take their numbers. */
export const SAMPLE_BLOCKS: readonly MobileBlock[] = MOBILE_BLOCKS.filter((block) => block !== CANARY_BLOCK);

/** n wrapped into [0, modulus): every finite number lands inside, negative and huge ones too. */
export function wrapInto(n: number, modulus: number): number {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  return ((Math.trunc(n) % modulus) + modulus) % modulus;
}

/** +57, the block and seven digits taken from n (modulo 10^7): a valid mobile for every block and every n. */
export function mobileNumber(block: MobileBlock, n: number): string {
  return `+57${block}${String(wrapInto(n, 10_000_000)).padStart(7, '0')}`;
}
