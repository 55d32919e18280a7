// POST /integraciones/whatsapp and /integraciones/sms (and WhatsApp's GET handshake): a provider's signed
// notification, checked over its raw bytes before anything is read, then each message through the conversation.
// Answered once every message is committed; a busy database answers 503 so the provider tries again (the messages
// already taken are recognised then).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hubSignatureMatches, sharedSecretMatches, smsGatewaySignatureMatches } from '../../../auth/signatures.ts';
import type { InboundMessage } from '../../../commands/channels/inbound-message.ts';
import { type ReceiveOutcome, receiveMessage } from '../../../commands/channels/receive-message.ts';
import type { Context } from '../../../context.ts';
import { smsInboundRoute, whatsappVerifyRoute, whatsappWebhookRoute } from '../../../contract/routes/channels.ts';
import { isDatabaseBusy } from '../../../db/busy.ts';
import { AppError } from '../../../errors.ts';
import type { IntakeAck } from '../../../schemas/intake-ack.ts';
import { parseOrThrow } from '../../../schemas/parse.ts';
import { smsInbound, smsMessage } from '../../../schemas/sms-inbound.ts';
import { whatsappMessages, whatsappWebhook } from '../../../schemas/whatsapp-webhook.ts';
import { declaredQuery, fastifyPath, type RawInput } from '../../define-route.ts';
import { preferredLanguage } from '../../language.ts';
import { parseRawJson, rawBytes, registerRawJsonBody } from './raw-json-body.ts';

const BUSY_RETRY_AFTER_SECONDS = 10;

async function take(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  messages: InboundMessage[],
  ignored: number,
): Promise<IntakeAck> {
  const counts: Record<ReceiveOutcome, number> = { handled: 0, duplicate: 0, late: 0 };
  try {
    for (const message of messages) counts[await receiveMessage(ctx, message, request.log)]++;
  } catch (err) {
    if (!isDatabaseBusy(err)) throw err;
    request.log.warn({ err }, 'database busy: the provider will retry');
    reply.header('retry-after', BUSY_RETRY_AFTER_SECONDS);
    throw new AppError('service_busy');
  }
  return { ok: true, received: counts.handled, duplicates: counts.duplicate, late: counts.late, ignored };
}

export function channelRoutes(scope: FastifyInstance, ctx: Context): void {
  registerRawJsonBody(scope, ctx.config.bodyLimitBytes);
  const { whatsapp, sms } = ctx.config;

  scope.get<RawInput>(fastifyPath(whatsappVerifyRoute.path), async (request, reply) => {
    if (whatsapp === null) throw new AppError('integration_disabled');
    const query = declaredQuery(whatsappVerifyRoute, request);
    const token = query['hub.verify_token'];
    if (query['hub.mode'] !== 'subscribe' || token === undefined || !sharedSecretMatches(whatsapp.verifyToken, token)) {
      throw new AppError('integration_verify_failed');
    }
    return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
  });

  scope.post(fastifyPath(whatsappWebhookRoute.path), async (request, reply) => {
    if (whatsapp === null) throw new AppError('integration_disabled');
    const raw = rawBytes(request.body);
    if (!hubSignatureMatches(whatsapp.appSecret, raw, request.headers['x-hub-signature-256'])) {
      throw new AppError('integration_unauthorized');
    }
    const lang = preferredLanguage(request.headers['accept-language']);
    const body = parseOrThrow(whatsappWebhook, parseRawJson(raw), 'validation_failed', lang);
    const found = whatsappMessages(body);
    const messages = found.map((m): InboundMessage => ({ channel: 'whatsapp', ...m }));
    const listed = body.entry.reduce(
      (n, e) =>
        n + e.changes.reduce((k, c) => k + (c.value.messages?.length ?? 0) + (c.value.statuses?.length ?? 0), 0),
      0,
    );
    return reply.send(await take(ctx, request, reply, messages, listed - messages.length));
  });

  scope.post(fastifyPath(smsInboundRoute.path), async (request, reply) => {
    if (sms === null) throw new AppError('integration_disabled');
    const raw = rawBytes(request.body);
    const signed = smsGatewaySignatureMatches(
      sms.secret,
      raw,
      request.headers['x-signature'],
      request.headers['x-timestamp'],
      ctx.now(),
    );
    if (!signed && !sharedSecretMatches(sms.secret, request.headers['x-ayuda-sms-secret'])) {
      throw new AppError('integration_unauthorized');
    }
    const lang = preferredLanguage(request.headers['accept-language']);
    const body = parseOrThrow(smsInbound, parseRawJson(raw), 'validation_failed', lang);
    const message = smsMessage(body, ctx.now().toISOString());
    const messages = message === null ? [] : [{ channel: 'sms' as const, ...message }];
    return reply.send(await take(ctx, request, reply, messages, 1 - messages.length));
  });
}
