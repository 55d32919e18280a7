// Sends one SMS through the configured gateway: android-sms-gateway's POST /message, or RapidPro/TextIt's
// broadcasts endpoint. Choices are already numbered in the text.
import type { SmsConfig } from '../config.ts';
import type { OutboundBody } from '../domain/outbound-body.ts';
import { gsmText } from '../domain/sms-text.ts';
import type { SendResult } from './adapter.ts';

const TIMEOUT_MS = 15_000;

function smsPayload(config: SmsConfig, to: string, body: OutboundBody): Record<string, unknown> {
  // In the GSM alphabet, so the network sends it in 7-bit parts (domain/sms-text.ts).
  const text = gsmText(body.text);
  return config.gateway === 'rapidpro' ? { urns: [`tel:${to}`], text } : { message: text, phoneNumbers: [to] };
}

export async function sendSms(config: SmsConfig, to: string, body: OutboundBody): Promise<SendResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.sendAuthorization !== null) headers.authorization = config.sendAuthorization;
  let response: Response;
  try {
    response = await fetch(config.sendUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify(smsPayload(config, to, body)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    return { kind: 'retry', error: `sin respuesta de la pasarela SMS: ${(err as Error).message}` };
  }
  let id: string | null = null;
  try {
    const answer = (await response.json()) as { id?: unknown; uuid?: unknown };
    const given = answer.id ?? answer.uuid;
    if (typeof given === 'string' || typeof given === 'number') id = String(given);
  } catch {
    // Not JSON: the status alone decides.
  }
  if (response.ok) return { kind: 'sent', providerId: id };
  const error = `la pasarela SMS respondió ${response.status}`;
  return response.status === 429 || response.status >= 500 ? { kind: 'retry', error } : { kind: 'failed', error };
}
