import { createEmergency } from '../../commands/create-emergency.ts';
import { type CliCommand, cliActor, optionalNumber, requireString, withContext } from '../io.ts';

export const emergencyCreate: CliCommand = {
  path: ['emergency', 'create'],
  summary: 'Crea una emergencia activa.',
  usage: 'ayuda emergency create --slug S --name N [--lat LAT --lon LON] [--json]',
  options: {
    slug: { type: 'string' },
    name: { type: 'string' },
    lat: { type: 'string' },
    lon: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(args, io) {
    const input = {
      slug: requireString(args, 'slug'),
      name: requireString(args, 'name'),
      latitude: optionalNumber(args, 'lat'),
      longitude: optionalNumber(args, 'lon'),
    };
    const row = await withContext(io, (ctx) => createEmergency(ctx, input, cliActor(io.env)));
    if (args.values.json) io.out(JSON.stringify({ id: row.id, slug: row.slug, name: row.name, status: row.status }));
    else io.out(`Emergencia creada: ${row.slug} (${row.name})`);
    return 0;
  },
};
