// A line's note across updates: declaring a line again (the same kind, category and unit) changes its quantity, and
// its note only when the person writes one. An empty note field keeps the stored note; a lone dash clears it.

/** What a person types in a note field to clear the stored note. */
export const CLEAR_NOTE = '-';

/** The note a line keeps after an update: the stored one unless another was typed; none after CLEAR_NOTE. */
export function noteAfterUpdate(stored: string | null | undefined, typed: string | null | undefined): string {
  const note = (typed ?? '').trim();
  if (note === CLEAR_NOTE) return '';
  return note === '' ? (stored ?? '') : note;
}
