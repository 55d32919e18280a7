// The body of a webhook, in the Standard Webhooks form {type, timestamp, data}: a change's data is the ChangeEvent
// exactly as the feed gives it (set in as the feed's JSON text), its timestamp when the change was committed.
import type { ChangeRow } from '../repositories/public-changes.ts';
import { changeEventText } from './change-event.ts';

export const TEST_WEBHOOK_TYPE = 'webhook.test';

export function changeWebhookText(row: ChangeRow, emergencySlug: string): string {
  return (
    `{"type":${JSON.stringify(`change.${row.kind}`)},"timestamp":${JSON.stringify(row.at)},` +
    `"data":${changeEventText(row, emergencySlug)}}`
  );
}

/** A test message an administrator sends to check an endpoint: no data of any record. */
export function testWebhookText(subscriptionId: string, at: string): string {
  return JSON.stringify({
    type: TEST_WEBHOOK_TYPE,
    timestamp: at,
    data: { subscriptionId, message: 'Prueba de Ayuda Directa: si la firma es válida, el webhook está listo.' },
  });
}
