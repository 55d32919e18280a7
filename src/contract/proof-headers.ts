// The headers an intake's provider proves itself with, as the contract's 401 names them: from the intake's own
// adapter, so each path describes its own provider's headers and no other's.
import type { ChannelAdapter } from '../channels/adapter.ts';

/** "X-Ayuda-Sms-Secret o X-Signature": any one of them is enough. */
export function proofHeadersText(adapter: ChannelAdapter): string {
  return adapter.proofHeaders.join(' o ');
}
