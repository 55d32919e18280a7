import { purgePersonalData } from '../../commands/personal-data/purge.ts';
import { type CliCommand, withContext } from '../io.ts';

const ruleLabels: Record<string, string> = {
  identity_document: 'documento de identidad (después de la decisión)',
  rejected: 'datos personales de envíos rechazados',
  after_close: 'datos personales de registros completados o de emergencias cerradas',
  volunteer_contact: 'contacto de voluntarios de rutas terminadas',
  report_note: 'notas de reportes resueltos',
  idempotency_keys: 'respuestas guardadas por Idempotency-Key',
  password_resets: 'enlaces de cambio de contraseña usados o vencidos',
};

export const privacyPurge: CliCommand = {
  path: ['privacy', 'purge'],
  summary: 'Borra los datos personales cuyo plazo de conservación venció (--dry-run: solo los lista).',
  usage: 'ayuda privacy purge [--dry-run] [--json]',
  options: { 'dry-run': { type: 'boolean' }, json: { type: 'boolean' } },
  async run(args, io) {
    const dryRun = args.values['dry-run'] === true;
    const report = await withContext(io, (ctx) => purgePersonalData(ctx, { dryRun }));
    if (args.values.json) {
      io.out(JSON.stringify(report));
      return 0;
    }
    const totals = new Map<string, number>();
    for (const line of report.lines) totals.set(line.rule, (totals.get(line.rule) ?? 0) + line.count);
    io.out(dryRun ? 'Se borraría (nada se ha borrado):' : 'Borrado:');
    for (const [rule, count] of totals) io.out(`  ${ruleLabels[rule] ?? rule}: ${count}`);
    if (totals.size === 0) io.out('  nada');
    if (dryRun) {
      for (const line of report.lines) if (line.id) io.out(`  ${line.rule} ${line.table} ${line.id}`);
    }
    return 0;
  },
};
