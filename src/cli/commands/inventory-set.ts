// `ayuda inventory set`: declares what a collection centre has or needs, through the same command as the console.
import { setInventoryLine } from '../../commands/set-inventory-line.ts';
import { presentInventoryLine } from '../../presenters/inventory-line.ts';
import { type InventoryLineInput, inventoryKinds } from '../../schemas/inventory.ts';
import { type CliCommand, cliActor, optionalNumber, requireString, UsageError, withContext } from '../io.ts';

export const inventorySet: CliCommand = {
  path: ['inventory', 'set'],
  summary:
    'Declara lo que un centro de acopio tiene o necesita (crea o actualiza la línea de esa categoría y unidad). ' +
    'Sin --note se conserva la nota de la línea; --note - la borra.',
  usage:
    'ayuda inventory set --center ID --kind have|need --category CATEGORIA --quantity Q --unit UNIDAD [--note TEXTO] [--json]',
  options: {
    center: { type: 'string' },
    kind: { type: 'string' },
    category: { type: 'string' },
    quantity: { type: 'string' },
    unit: { type: 'string' },
    note: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(args, io) {
    const center = requireString(args, 'center');
    const kind = requireString(args, 'kind') as InventoryLineInput['kind'];
    if (!inventoryKinds.includes(kind)) throw new UsageError(`--kind no válido: ${kind} (use have o need)`);
    const category = requireString(args, 'category') as InventoryLineInput['category'];
    const quantity = optionalNumber(args, 'quantity');
    if (quantity === undefined) throw new UsageError('falta --quantity');
    const unit = requireString(args, 'unit');
    const note = args.values.note as string | undefined;
    const { line, now } = await withContext(io, async (ctx) => ({
      line: await setInventoryLine(ctx, center, { kind, category, quantity, unit, note }, cliActor(io.env)),
      now: ctx.now(),
    }));
    io.out(args.values.json ? JSON.stringify(presentInventoryLine(line, now)) : line.id);
    return 0;
  },
};
