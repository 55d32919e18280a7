// A channel's reach window: some channels (WhatsApp's customer-service window) let a message as written reach a
// person only for a while after their last message to the service, and outside it only an approved template. A
// channel without a window (SMS) always takes the message as written. Each adapter declares its window's length.
export type SendMode = 'text' | 'template' | 'closed';

/** How a message to this person can go now: as written, as the configured template, or not at all. */
export function sendMode(
  windowMs: number | null,
  lastInboundAt: string | null,
  template: string | null,
  now: Date,
): SendMode {
  if (windowMs === null) return 'text';
  if (lastInboundAt !== null && now.getTime() - Date.parse(lastInboundAt) < windowMs) return 'text';
  return template === null ? 'closed' : 'template';
}

/** When the window closes (or closed); null without a window or when the person never wrote. */
export function windowClosesAt(windowMs: number | null, lastInboundAt: string | null): string | null {
  return windowMs === null || lastInboundAt === null
    ? null
    : new Date(Date.parse(lastInboundAt) + windowMs).toISOString();
}
