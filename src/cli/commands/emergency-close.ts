import { closeEmergency } from '../../commands/close-emergency.ts';
import { type CliCommand, cliActor, positional, withContext } from '../io.ts';

export const emergencyClose: CliCommand = {
  path: ['emergency', 'close'],
  summary: 'Cierra una emergencia: deja de recibir envíos y sale de las listas por defecto.',
  usage: 'ayuda emergency close SLUG [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const slug = positional(args, 0, 'SLUG');
    const row = await withContext(io, (ctx) => closeEmergency(ctx, slug, cliActor(io.env)));
    if (args.values.json) io.out(JSON.stringify({ slug: row.slug, status: row.status, closedAt: row.closed_at }));
    else io.out(`Emergencia cerrada: ${row.slug}`);
    return 0;
  },
};
