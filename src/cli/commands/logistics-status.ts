// `ayuda logistics status`: moves a logistics route along its lifecycle; a delivery may add covered quantity.
import { setLogisticsStatus } from '../../commands/set-logistics-status.ts';
import { isLogisticsStatus, logisticsStatusLabels } from '../../domain/logistics-status.ts';
import { logisticsStatuses } from '../../domain/statuses.ts';
import { type CliCommand, cliActor, optionalNumber, positional, UsageError, withContext } from '../io.ts';

export const logisticsStatus: CliCommand = {
  path: ['logistics', 'status'],
  summary:
    'Cambia el estado de una ruta logística; al marcarla entregada, --add-covered suma a lo cubierto de la solicitud.',
  usage: `ayuda logistics status ID ${logisticsStatuses.join('|')} [--add-covered Q] [--note TEXTO] [--json]`,
  options: { 'add-covered': { type: 'string' }, note: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    const status = positional(args, 1, 'ESTADO');
    if (!isLogisticsStatus(status))
      throw new UsageError(`estado no válido: ${status} (use ${logisticsStatuses.join(', ')})`);
    const addCovered = optionalNumber(args, 'add-covered');
    const note = (args.values.note as string | undefined) ?? null;
    const row = await withContext(io, (ctx) =>
      setLogisticsStatus(ctx, id, status, cliActor(io.env), { addCovered, note }),
    );
    if (args.values.json) io.out(JSON.stringify(row));
    else
      io.out(
        `Ruta ${row.id}: ${logisticsStatusLabels[row.status]}${addCovered === undefined ? '' : ` (+${addCovered} cubierto en la solicitud)`}`,
      );
    return 0;
  },
};
