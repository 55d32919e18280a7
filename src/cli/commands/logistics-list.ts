// `ayuda logistics list`: every route of an emergency as leaders see it, volunteer contact included.
import { logisticsStatusLabels } from '../../domain/logistics-status.ts';
import { AppError, detail } from '../../errors.ts';
import { findEmergency } from '../../queries/emergencies.ts';
import { leaderRoutes } from '../../queries/leader-logistics.ts';
import { type CliCommand, requireString, table, withContext } from '../io.ts';

export const logisticsList: CliCommand = {
  path: ['logistics', 'list'],
  summary: 'Lista las rutas logísticas de una emergencia en cualquier estado (con el contacto privado del voluntario).',
  usage: 'ayuda logistics list --emergency S [--json]',
  options: { emergency: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const slug = requireString(args, 'emergency');
    const routes = await withContext(io, async (ctx) => {
      const emergency = await findEmergency(ctx, slug);
      if (!emergency)
        throw new AppError('unknown_emergency', [
          detail('emergency', 'unknown_emergency', { code: 'unknown', value: slug }),
        ]);
      return leaderRoutes(ctx, emergency.id);
    });
    if (args.values.json) {
      io.out(JSON.stringify(routes));
      return 0;
    }
    if (routes.length === 0) {
      io.out(`No hay rutas en ${slug}.`);
      return 0;
    }
    io.out(
      table(
        routes.map((r) => ({
          id: r.id,
          estado: logisticsStatusLabels[r.status],
          titulo: r.title,
          destino: r.destination_title,
          km: r.distance_km,
          voluntario: r.volunteer_contact ?? '',
        })),
        ['id', 'estado', 'titulo', 'destino', 'km', 'voluntario'],
      ),
    );
    return 0;
  },
};
