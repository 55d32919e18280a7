// `ayuda webhook dead [ID]`: deliveries that ran out of retries, to send again with `ayuda webhook resend`.
import { AppError, detail } from '../../errors.ts';
import { deadDeliveries, getWebhook } from '../../queries/webhooks.ts';
import { type CliCommand, table, withContext } from '../io.ts';

export const webhookDead: CliCommand = {
  path: ['webhook', 'dead'],
  summary: 'Lista las entregas muertas (agotaron sus reintentos), de todos los webhooks o de uno.',
  usage: 'ayuda webhook dead [ID] [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const id = args.positionals[0];
    const rows = await withContext(io, async (ctx) => {
      if (id !== undefined && !(await getWebhook(ctx, id))) {
        throw new AppError('webhook_not_found', [detail('id', 'not_found', { value: id })]);
      }
      return deadDeliveries(ctx, id);
    });
    if (args.values.json) {
      io.out(JSON.stringify(rows));
      return 0;
    }
    if (rows.length === 0) {
      io.out('No hay entregas muertas.');
      return 0;
    }
    io.out(
      table(
        rows.map((r) => ({
          entrega: r.id,
          webhook: r.webhookId,
          cambio: `${r.cursor} ${r.kind ?? '(ya no existe)'}`,
          intentos: r.attempts,
          'último error': r.lastError ?? '',
          desde: r.createdAt,
        })),
        ['entrega', 'webhook', 'cambio', 'intentos', 'último error', 'desde'],
      ),
    );
    io.out('Reenvíe una con: ayuda webhook resend ENTREGA');
    return 0;
  },
};
