// `ayuda webhook list`: the active subscriptions and how their deliveries stand (never their secrets).
import { listWebhooks } from '../../queries/webhooks.ts';
import { type CliCommand, table, withContext } from '../io.ts';

export const webhookList: CliCommand = {
  path: ['webhook', 'list'],
  summary: 'Lista los webhooks activos con sus filtros y sus entregas pendientes, entregadas y muertas.',
  usage: 'ayuda webhook list [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const rows = await withContext(io, (ctx) => listWebhooks(ctx));
    if (args.values.json) {
      io.out(JSON.stringify(rows));
      return 0;
    }
    if (rows.length === 0) {
      io.out('No hay webhooks. Registre uno con: ayuda webhook add --url URL');
      return 0;
    }
    io.out(
      table(
        rows.map((r) => ({
          id: r.id,
          url: r.url,
          emergencia: r.emergencySlug ?? 'todas',
          tipos: r.kinds?.join(',') ?? 'todos',
          pendientes: r.deliveries.pending,
          entregadas: r.deliveries.delivered,
          muertas: r.deliveries.dead,
          registrado: r.createdAt,
        })),
        ['id', 'url', 'emergencia', 'tipos', 'pendientes', 'entregadas', 'muertas', 'registrado'],
      ),
    );
    return 0;
  },
};
