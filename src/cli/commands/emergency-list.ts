import { allEmergencies } from '../../queries/emergencies.ts';
import { type CliCommand, table, withContext } from '../io.ts';

export const emergencyList: CliCommand = {
  path: ['emergency', 'list'],
  summary: 'Lista las emergencias (activas y cerradas).',
  usage: 'ayuda emergency list [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const rows = await withContext(io, (ctx) => allEmergencies(ctx));
    const list = rows.map((e) => ({
      slug: e.slug,
      name: e.name,
      status: e.status,
      latitude: e.latitude,
      longitude: e.longitude,
      createdAt: e.created_at,
      closedAt: e.closed_at,
    }));
    io.out(
      args.values.json
        ? JSON.stringify(list)
        : list.length
          ? table(list, ['slug', 'status', 'name', 'createdAt'])
          : 'No hay emergencias.',
    );
    return 0;
  },
};
