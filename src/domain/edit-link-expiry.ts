// When a centre's edit link stops working. Links made before expiry existed have none stored: for them it is
// their creation plus the configured days, so an old forgotten link does not stay open for ever.
const DAY_MS = 86_400_000;

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString();
}

export function editLinkExpiry(link: { created_at: string; expires_at: string | null }, days: number): string {
  return link.expires_at ?? addDays(link.created_at, days);
}

/** Expired from the first millisecond of its expiry on. */
export function editLinkExpired(
  link: { created_at: string; expires_at: string | null },
  days: number,
  now: Date,
): boolean {
  return Date.parse(editLinkExpiry(link, days)) <= now.getTime();
}
