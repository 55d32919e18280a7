// Colombia's clock for messages people read: UTC-5 all year (Colombia has no daylight saving time).
export const BOGOTA_OFFSET_MS = -5 * 3_600_000;

/** "14:32": the hour and minute of an instant in Colombia. */
export function bogotaHourMinute(iso: string): string {
  return new Date(Date.parse(iso) + BOGOTA_OFFSET_MS).toISOString().slice(11, 16);
}
