import { listSources } from '../../queries/sources.ts';
import { type CliCommand, table, withContext } from '../io.ts';

export const sourceList: CliCommand = {
  path: ['source', 'list'],
  summary: 'Lista las integraciones registradas con sus fechas (nunca sus claves).',
  usage: 'ayuda source list [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const rows = await withContext(io, (ctx) => listSources(ctx));
    if (args.values.json) {
      io.out(JSON.stringify(rows));
      return 0;
    }
    if (rows.length === 0) {
      io.out('No hay integraciones registradas. Registre una con: ayuda source add NOMBRE');
      return 0;
    }
    io.out(
      table(
        rows.map((r) => ({
          nombre: r.name,
          registrada: r.createdAt,
          por: r.createdBy,
          'clave cambiada': r.rotatedAt ?? '',
        })),
        ['nombre', 'registrada', 'por', 'clave cambiada'],
      ),
    );
    return 0;
  },
};
