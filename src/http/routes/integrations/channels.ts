// POST /integraciones/whatsapp and /integraciones/sms (and WhatsApp's GET handshake): a provider's notification,
// checked by its channel's adapter over the raw bytes before anything is read, then each message the adapter reads
// through the conversation. Answered once every message is committed; a busy database answers 503 so the provider
// tries again (the messages already taken are recognised then).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Channel } from '../../../channels/adapters.ts';
import { CHANNELS, channelAdapters, conversationOf } from '../../../channels/adapters.ts';
import { whatsappHandshake } from '../../../channels/whatsapp.ts';
import { type ReceiveOutcome, receiveMessage } from '../../../commands/channels/receive-message.ts';
import type { Context } from '../../../context.ts';
import type { RouteDeclaration } from '../../../contract/route-declaration.ts';
import { smsInboundRoute, whatsappVerifyRoute, whatsappWebhookRoute } from '../../../contract/routes/channels.ts';
import { isDatabaseBusy } from '../../../db/busy.ts';
import { AppError } from '../../../errors.ts';
import type { IntakeAck } from '../../../schemas/intake-ack.ts';
import { issuesToDetails, validationCode } from '../../../schemas/issues.ts';
import { declaredQuery, fastifyPath, type RawInput } from '../../define-route.ts';
import { preferredLanguage } from '../../language.ts';
import { parseRawJson, rawBytes, registerRawJsonBody } from './raw-json-body.ts';
import { intakeUnauthorized } from './unauthorized.ts';

const BUSY_RETRY_AFTER_SECONDS = 10;

/** Where each conversation channel's provider posts its notifications. */
const intakeRoutes: Record<Channel, RouteDeclaration> = { whatsapp: whatsappWebhookRoute, sms: smsInboundRoute };

async function take(ctx: Context, request: FastifyRequest, reply: FastifyReply, channel: Channel): Promise<IntakeAck> {
  const adapter = channelAdapters[channel];
  if (!adapter.configured(ctx.config)) throw new AppError('integration_disabled');
  const raw = rawBytes(request.body);
  if (!adapter.authentic(ctx.config, { headers: request.headers, raw, now: ctx.now() })) {
    throw intakeUnauthorized(adapter, request);
  }
  const json = parseRawJson(raw);
  const read = conversationOf(channel).read(json, ctx.now());
  if (!read.ok) {
    const details = issuesToDetails(read.issues, preferredLanguage(request.headers['accept-language']), json);
    throw new AppError(validationCode(details, 'validation_failed'), details);
  }
  const counts: Record<ReceiveOutcome, number> = { handled: 0, duplicate: 0, late: 0, limited: 0 };
  try {
    for (const message of read.messages) counts[await receiveMessage(ctx, { channel, ...message }, request.log)]++;
  } catch (err) {
    if (!isDatabaseBusy(err)) throw err;
    request.log.warn({ err }, 'database busy: the provider will retry');
    reply.header('retry-after', BUSY_RETRY_AFTER_SECONDS);
    throw new AppError('service_busy');
  }
  return {
    ok: true,
    received: counts.handled,
    duplicates: counts.duplicate,
    late: counts.late,
    ignored: read.ignored,
    ...(counts.limited === 0 ? {} : { limited: counts.limited }),
  };
}

export function channelRoutes(scope: FastifyInstance, ctx: Context): void {
  registerRawJsonBody(scope, ctx.config.bodyLimitBytes);

  scope.get<RawInput>(fastifyPath(whatsappVerifyRoute.path), async (request, reply) => {
    if (ctx.config.whatsapp === null) throw new AppError('integration_disabled');
    const query = declaredQuery(whatsappVerifyRoute, request);
    const challenge = whatsappHandshake(ctx.config, {
      mode: query['hub.mode'],
      token: query['hub.verify_token'],
      challenge: query['hub.challenge'],
    });
    if (challenge === null) throw new AppError('integration_verify_failed');
    return reply.type('text/plain; charset=utf-8').send(challenge);
  });

  for (const channel of CHANNELS) {
    scope.post(fastifyPath(intakeRoutes[channel].path), async (request, reply) =>
      reply.send(await take(ctx, request, reply, channel)),
    );
  }
}
