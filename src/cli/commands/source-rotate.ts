import { rotateSourceKey } from '../../commands/source-registration.ts';
import { type CliCommand, cliActor, positional, withContext } from '../io.ts';

export const sourceRotate: CliCommand = {
  path: ['source', 'rotate'],
  summary: 'Da una clave nueva a una integración; la anterior deja de servir en ese momento.',
  usage: 'ayuda source rotate NOMBRE [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const name = positional(args, 0, 'NOMBRE');
    const issued = await withContext(io, (ctx) => rotateSourceKey(ctx, name, cliActor(io.env)));
    if (args.values.json) {
      io.out(JSON.stringify({ name: issued.name, key: issued.key, rotatedAt: issued.at }));
    } else {
      io.out(`Clave nueva de ${issued.name} (se muestra solo esta vez; la anterior ya no sirve):`);
      io.out(issued.key);
    }
    return 0;
  },
};
