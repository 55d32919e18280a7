import { exportPersonalData } from '../../commands/personal-data/export.ts';
import { type CliCommand, requireString, withContext } from '../io.ts';

export const privacyExport: CliCommand = {
  path: ['privacy', 'export'],
  summary: 'Muestra todo lo que el servicio guarda con un número de WhatsApp (derecho a conocer).',
  usage: 'ayuda privacy export --whatsapp NUMERO [--json]',
  options: { whatsapp: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const whatsapp = requireString(args, 'whatsapp');
    const data = await withContext(io, (ctx) => exportPersonalData(ctx, whatsapp));
    if (args.values.json) {
      io.out(JSON.stringify(data, null, 2));
      return 0;
    }
    io.out(`Datos guardados con ${data.whatsapp} (${data.generatedAt}): ${data.items.length}`);
    for (const item of data.items) {
      io.out('');
      io.out(`${item.label} · ${item.table} ${item.id}`);
      for (const [field, value] of Object.entries(item.fields)) {
        if (value !== null && value !== '') io.out(`  ${field}: ${String(value).replace(/\s+/g, ' ')}`);
      }
    }
    return 0;
  },
};
