// `ayuda webhook test ID`: one signed test message now, and what the receiver answered (exit 1 if not delivered).
import { sendTestDelivery } from '../../commands/webhooks/test-delivery.ts';
import { type CliCommand, cliActor, positional, withContext } from '../io.ts';

export const webhookTest: CliCommand = {
  path: ['webhook', 'test'],
  summary: 'Envía ahora un mensaje de prueba firmado a un webhook y muestra la respuesta del receptor.',
  usage: 'ayuda webhook test ID [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    const sent = await withContext(io, (ctx) => sendTestDelivery(ctx, id, cliActor(io.env)));
    if (args.values.json) {
      io.out(
        JSON.stringify({
          messageId: sent.messageId,
          delivered: sent.delivered,
          status: sent.status,
          error: sent.error,
        }),
      );
    } else if (sent.delivered) {
      io.out(`Prueba entregada: HTTP ${sent.status} (webhook-id ${sent.messageId})`);
    } else {
      io.err(`La prueba no se entregó: ${sent.error} (webhook-id ${sent.messageId})`);
    }
    return sent.delivered ? 0 : 1;
  },
};
