// The leaders' "Fuente confiable" lane: a waiting submission or revision sent with a key its administrator trusts
// (commands/source-trust.ts). It only sorts the review; nothing of it is ever public.
export const TRUSTED_LANE_LABEL = 'Fuente confiable';

/** Whether an inbox row belongs to the trusted lane. */
export function isTrustedLane(row: { trusted_source_at: string | null }): boolean {
  return row.trusted_source_at !== null;
}
