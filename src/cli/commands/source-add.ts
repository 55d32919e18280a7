import { addSource } from '../../commands/source-registration.ts';
import { type CliCommand, cliActor, positional, withContext } from '../io.ts';

export const sourceAdd: CliCommand = {
  path: ['source', 'add'],
  summary: 'Registra una integración (source) y muestra su clave una sola vez.',
  usage:
    'ayuda source add NOMBRE [--json]\n' +
    '  Los envíos con ese source deberán llevar Authorization: Bearer <clave>; con ella pueden cambiar sus envíos.',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const name = positional(args, 0, 'NOMBRE');
    const issued = await withContext(io, (ctx) => addSource(ctx, name, cliActor(io.env)));
    if (args.values.json) {
      io.out(JSON.stringify({ name: issued.name, key: issued.key, createdAt: issued.at }));
    } else {
      io.out(`Integración registrada: ${issued.name}`);
      io.out('Clave (se muestra solo esta vez; entréguela por un canal privado):');
      io.out(issued.key);
    }
    return 0;
  },
};
