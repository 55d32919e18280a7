// `ayuda webhook remove ID`: no new deliveries, and those waiting are dropped.
import { removeWebhook } from '../../commands/webhooks/subscriptions.ts';
import { type CliCommand, cliActor, positional, withContext } from '../io.ts';

export const webhookRemove: CliCommand = {
  path: ['webhook', 'remove'],
  summary: 'Quita un webhook: no recibe más cambios y sus entregas pendientes se cancelan.',
  usage: 'ayuda webhook remove ID [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    await withContext(io, (ctx) => removeWebhook(ctx, id, cliActor(io.env)));
    if (args.values.json) io.out(JSON.stringify({ id, removed: true }));
    else io.out(`Webhook quitado: ${id} (sus entregas pendientes se cancelaron)`);
    return 0;
  },
};
