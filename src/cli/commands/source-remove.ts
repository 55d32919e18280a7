import { removeSource } from '../../commands/source-registration.ts';
import { type CliCommand, cliActor, positional, withContext } from '../io.ts';

export const sourceRemove: CliCommand = {
  path: ['source', 'remove'],
  summary: 'Quita el registro de una integración; sus envíos quedan y solo los líderes pueden cambiarlos.',
  usage: 'ayuda source remove NOMBRE [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const name = positional(args, 0, 'NOMBRE');
    await withContext(io, (ctx) => removeSource(ctx, name, cliActor(io.env)));
    if (args.values.json) io.out(JSON.stringify({ name, removed: true }));
    else io.out(`Integración quitada: ${name}`);
    return 0;
  },
};
