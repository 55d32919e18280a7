// What android-sms-gateway posts to /integraciones/sms for a received SMS, signed as it signs it; and the messages of
// a whole request by SMS. One copy for the tests that play an SMS conversation through the real intake.
import type { InjectOptions } from 'fastify';
import { smsGatewaySignature } from '../../src/channels/signatures.ts';

export const SMS_GATEWAY_SECRET = 'secreto-de-la-pasarela-sms';

let sequence = 0;

/**
 * The signed request for one received SMS from `phone`. `now` stamps the signature (the service's clock); each call
 * gets a message id of its own, and `receivedAt` follows `now` by a millisecond a message unless given.
 */
export function smsGatewayRequest(
  phone: string,
  message: string,
  now: Date,
  options: { secret?: string; receivedAt?: string } = {},
): InjectOptions {
  sequence++;
  const payload = JSON.stringify({
    deviceId: 'ffffffffceb0b1db0000018e937c815b',
    event: 'sms:received',
    id: `sms-${process.pid}-${sequence}`,
    payload: {
      messageId: `m${process.pid}-${sequence}`,
      message,
      phoneNumber: phone,
      simNumber: 1,
      receivedAt: options.receivedAt ?? new Date(now.getTime() + sequence).toISOString(),
    },
    webhookId: 'pruebas',
  });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    method: 'POST',
    url: '/integraciones/sms',
    headers: {
      'content-type': 'application/json',
      'x-signature': smsGatewaySignature(options.secret ?? SMS_GATEWAY_SECRET, payload, timestamp),
      'x-timestamp': timestamp,
    },
    payload,
  };
}

/** The answers of a whole request by SMS: what, how much, urgency, place, name, consent, send. */
export const WHOLE_SMS_REQUEST = [
  'Necesito ayuda',
  '2',
  'Bidones de agua potable',
  '20 bidones',
  '1',
  'Mocoa',
  'Barrio San Agustín',
  'Carrera 5 # 10-20, frente al parque',
  'Luz Dary Gómez',
  'si',
  '1',
] as const;
