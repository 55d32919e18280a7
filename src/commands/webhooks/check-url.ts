// A webhook's URL at registration: its form, and every address its name resolves to now (each delivery checks the
// address it connects to again). Refused with 400 webhook_url_refused and the reason beside the url field.
import { lookup } from 'node:dns/promises';
import {
  isForbiddenAddress,
  literalAddress,
  refusedAddress,
  webhookUrlProblem,
} from '../../domain/webhook-addresses.ts';
import { AppError } from '../../errors.ts';

function refused(message: string): AppError {
  return new AppError('webhook_url_refused', [{ field: 'url', message, code: 'webhook_url_refused' }]);
}

function parsed(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** The URL as it will be stored (normalised), or the refusal. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = parsed(raw);
  const problem = webhookUrlProblem(url, allowPrivate);
  if (problem !== null || url === null) throw refused(problem ?? 'no es una URL absoluta');
  if (literalAddress(url.hostname) === null) {
    let addresses: { address: string }[];
    try {
      addresses = await lookup(url.hostname, { all: true });
    } catch {
      throw refused(`no se encontró el servidor ${url.hostname}`);
    }
    const forbidden = allowPrivate ? undefined : addresses.find((a) => isForbiddenAddress(a.address));
    if (forbidden) throw refused(refusedAddress(forbidden.address));
  }
  return url.href;
}
