import { eraseByWhatsapp } from '../../commands/personal-data/erase.ts';
import { type CliCommand, cliActor, requireString, withContext } from '../io.ts';

export const privacyErase: CliCommand = {
  path: ['privacy', 'erase'],
  summary: 'Borra todo lo que guarda un número de WhatsApp y retira sus registros (no se puede deshacer).',
  usage: 'ayuda privacy erase --whatsapp NUMERO --reason TEXTO [--json]',
  options: { whatsapp: { type: 'string' }, reason: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const whatsapp = requireString(args, 'whatsapp');
    const reason = requireString(args, 'reason');
    const report = await withContext(io, (ctx) => eraseByWhatsapp(ctx, whatsapp, cliActor(io.env), reason));
    if (args.values.json) io.out(JSON.stringify(report));
    else {
      io.out(
        `Registros retirados y borrados: ${report.records.length}${report.records.length ? ` (${report.records.join(', ')})` : ''}`,
      );
      io.out(`Filas cambiadas en total: ${report.rows}`);
    }
    return 0;
  },
};
