// A webhook's signing secret and the id of each message it is sent, in the forms of the Standard Webhooks scheme.
import { fillRandom } from './random-pool.ts';
import { newRowId } from './record-id.ts';

/** whsec_ and 32 random bytes in base64: the key of the HMAC-SHA256 signatures, given to the subscriber once. */
export function newWebhookSecret(): string {
  const bytes = Buffer.allocUnsafe(32);
  fillRandom(bytes, 0, 32);
  return `whsec_${bytes.toString('base64')}`;
}

/** msg_ and a time-ordered random id: the webhook-id header, the same on every retry of one delivery. */
export function newMessageId(now: number): string {
  return `msg_${newRowId(now).replaceAll('-', '')}`;
}
