// `ayuda webhook resend DELIVERY_ID`: a dead delivery back in the queue (same webhook-id, a new day of retries),
// tried at once; exit 1 if it is dead again at once (its feed entry is gone).
import { resendDelivery } from '../../commands/webhooks/resend.ts';
import { type CliCommand, cliActor, positional, withContext } from '../io.ts';

export const webhookResend: CliCommand = {
  path: ['webhook', 'resend'],
  summary: 'Reenvía una entrega muerta con el mismo webhook-id y un día nuevo de reintentos.',
  usage: 'ayuda webhook resend ENTREGA [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ENTREGA');
    const attempt = await withContext(io, (ctx) => resendDelivery(ctx, id, cliActor(io.env)));
    if (args.values.json) {
      io.out(JSON.stringify(attempt));
    } else if (attempt.result === 'delivered') {
      io.out(`Entrega ${id} reenviada: entregada (HTTP ${attempt.status}).`);
    } else if (attempt.result === 'retried') {
      io.out(`Entrega ${id} en cola de nuevo: ${attempt.error}; se reintentará desde ${attempt.nextAttemptAt}.`);
    } else {
      io.err(`Entrega ${id} no se pudo reenviar: ${attempt.error}`);
    }
    return attempt.result === 'dead' ? 1 : 0;
  },
};
