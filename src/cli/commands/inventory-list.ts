// `ayuda inventory list`: a collection centre's lines with their age, as people or programs read them.
import { AppError, detail } from '../../errors.ts';
import { centerInventoryLines, publishedCenter } from '../../queries/inventory.ts';
import { type CliCommand, requireString, table, withContext } from '../io.ts';

export const inventoryList: CliCommand = {
  path: ['inventory', 'list'],
  summary: 'Lista el inventario de un centro de acopio, con las horas desde cada actualización.',
  usage: 'ayuda inventory list --center ID [--json]',
  options: { center: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const centerId = requireString(args, 'center');
    const lines = await withContext(io, async (ctx) => {
      // A mistyped id must not read as "a centre with nothing declared".
      if (!(await publishedCenter(ctx, centerId))) {
        throw new AppError('not_a_collection_center', [
          detail('center', 'not_a_collection_center', { value: centerId }),
        ]);
      }
      return centerInventoryLines(ctx, centerId);
    });
    if (args.values.json) {
      io.out(JSON.stringify(lines));
      return 0;
    }
    const rows = lines.map((line) => ({
      id: line.id,
      kind: line.kind === 'have' ? 'tiene' : 'necesita',
      category: line.category,
      quantity: line.quantity,
      unit: line.unit,
      hoursSinceUpdate: line.hoursSinceUpdate,
      stale: line.stale ? 'sí (más de 24 h)' : 'no',
      note: line.note,
    }));
    io.out(
      rows.length
        ? table(rows, ['id', 'kind', 'category', 'quantity', 'unit', 'hoursSinceUpdate', 'stale', 'note'])
        : 'El centro no tiene inventario declarado.',
    );
    return 0;
  },
};
