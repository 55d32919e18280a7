import { eraseRecord } from '../../commands/personal-data/erase.ts';
import { type CliCommand, cliActor, positional, requireString, withContext } from '../io.ts';

export const recordErase: CliCommand = {
  path: ['record', 'erase'],
  summary: 'Retira un registro de todo lo público y borra sus datos personales (no se puede deshacer).',
  usage: 'ayuda record erase ID --reason TEXTO [--json]',
  options: { reason: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    const reason = requireString(args, 'reason');
    const report = await withContext(io, (ctx) => eraseRecord(ctx, id, cliActor(io.env), reason));
    if (args.values.json) io.out(JSON.stringify(report));
    else io.out(`Datos personales borrados y registro retirado: ${report.records.join(', ')} (${report.rows} filas)`);
    return 0;
  },
};
