// WhatsApp's customer-service window: free-form messages reach a person only within 24 hours of their last message
// to the service; outside it, only an approved template. SMS has no such rule.
export const WHATSAPP_WINDOW_MS = 24 * 3_600_000;

export type SendMode = 'text' | 'template' | 'closed';

/** How a message to this person can go now: as written, as the configured template, or not at all. */
export function sendMode(
  channel: 'whatsapp' | 'sms',
  lastInboundAt: string | null,
  template: string | null,
  now: Date,
): SendMode {
  if (channel === 'sms') return 'text';
  if (lastInboundAt !== null && now.getTime() - Date.parse(lastInboundAt) < WHATSAPP_WINDOW_MS) return 'text';
  return template === null ? 'closed' : 'template';
}

/** When the window closes (or closed); null when the person never wrote. */
export function windowClosesAt(lastInboundAt: string | null): string | null {
  return lastInboundAt === null ? null : new Date(Date.parse(lastInboundAt) + WHATSAPP_WINDOW_MS).toISOString();
}
