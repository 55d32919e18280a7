import { setCoveredQuantity } from '../../commands/set-covered-quantity.ts';
import { type CliCommand, cliActor, optionalNumber, positional, UsageError, withContext } from '../io.ts';

export const recordCover: CliCommand = {
  path: ['record', 'cover'],
  summary: 'Registra la cantidad cubierta hasta ahora de una solicitud publicada.',
  usage: 'ayuda record cover ID --quantity Q [--note TEXTO] [--json]',
  options: { quantity: { type: 'string' }, note: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    const quantity = optionalNumber(args, 'quantity');
    if (quantity === undefined) throw new UsageError('falta --quantity');
    const note = (args.values.note as string | undefined) ?? null;
    const row = await withContext(io, (ctx) => setCoveredQuantity(ctx, id, quantity, cliActor(io.env), note));
    const result = {
      id: row.id,
      covered: row.quantity_covered,
      required: row.quantity_required,
      pending: row.quantity_pending,
    };
    if (args.values.json) io.out(JSON.stringify(result));
    else
      io.out(
        `Cubierto en ${row.id}: ${row.quantity_covered}${row.quantity_required === null ? '' : ` de ${row.quantity_required}`}`,
      );
    return 0;
  },
};
