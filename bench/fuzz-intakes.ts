// The fuzz's intakes (KoboToolbox, WhatsApp, SMS) are configured, and most generated requests carry the credential
// each provider would (the shared secret, or a signature over the exact body), so the bodies reach validation and
// the conversation; the rest go without one and must answer 401.
import { hubSignature, smsGatewaySignature } from '../src/channels/signatures.ts';
import type { FuzzRequest } from './fuzz-requests.ts';

const KOBO_SECRET = 'fuzz-kobo-secret-0123456789';
const WHATSAPP_SECRET = 'fuzz-whatsapp-app-secret';
const SMS_SECRET = 'fuzz-sms-secret-0123';

/** The service's settings; replies go to a closed local port, so sending fails and is retried (never a 5xx here). */
export const INTAKE_ENV = {
  KOBO_SECRET,
  WHATSAPP_VERIFY_TOKEN: 'fuzz-verify-token',
  WHATSAPP_APP_SECRET: WHATSAPP_SECRET,
  WHATSAPP_ACCESS_TOKEN: 'fuzz-access-token',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_API_URL: 'http://127.0.0.1:9/v23.0',
  SMS_SECRET,
  SMS_SEND_URL: 'http://127.0.0.1:9/message',
};

/** Adds the provider's credential to three requests in four. */
export function withIntakeCredential(req: FuzzRequest, chance: number): FuzzRequest {
  if (req.method !== 'POST' || chance >= 0.75) return req;
  const body = req.body ?? '';
  if (req.path === '/integraciones/kobo') {
    return { ...req, headers: { ...req.headers, 'x-ayuda-kobo-secret': KOBO_SECRET } };
  }
  if (req.path === '/integraciones/whatsapp') {
    return { ...req, headers: { ...req.headers, 'x-hub-signature-256': hubSignature(WHATSAPP_SECRET, body) } };
  }
  if (req.path === '/integraciones/sms') {
    if (chance < 0.4) return { ...req, headers: { ...req.headers, 'x-ayuda-sms-secret': SMS_SECRET } };
    const timestamp = String(Math.floor(Date.now() / 1000));
    return {
      ...req,
      headers: {
        ...req.headers,
        'x-signature': smsGatewaySignature(SMS_SECRET, body, timestamp),
        'x-timestamp': timestamp,
      },
    };
  }
  return req;
}
