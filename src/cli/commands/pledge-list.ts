// `ayuda pledge list`: an emergency's pledges as its leaders see them, the pledger's name and WhatsApp included.
import { pledgeStatuses, pledgeStatusLabels } from '../../domain/pledges.ts';
import { AppError, detail } from '../../errors.ts';
import { findEmergency } from '../../queries/emergencies.ts';
import { isPledgeStatus, leaderPledgesOfEmergency } from '../../queries/leader-pledges.ts';
import { type CliCommand, requireString, table, UsageError, withContext } from '../io.ts';

export const pledgeList: CliCommand = {
  path: ['pledge', 'list'],
  summary: 'Lista los compromisos («voy a llevar») de una emergencia, abiertos primero (con nombre y WhatsApp).',
  usage: `ayuda pledge list --emergency S [--status ${pledgeStatuses.join('|')}] [--json]`,
  options: { emergency: { type: 'string' }, status: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const slug = requireString(args, 'emergency');
    const status = args.values.status;
    if (status !== undefined && !isPledgeStatus(status)) {
      throw new UsageError(`estado no válido: ${String(status)} (use ${pledgeStatuses.join(', ')})`);
    }
    const pledges = await withContext(io, async (ctx) => {
      const emergency = await findEmergency(ctx, slug);
      if (!emergency)
        throw new AppError('unknown_emergency', [
          detail('emergency', 'unknown_emergency', { code: 'unknown', value: slug }),
        ]);
      return leaderPledgesOfEmergency(ctx, emergency.id, status);
    });
    if (args.values.json) {
      io.out(JSON.stringify(pledges));
      return 0;
    }
    if (pledges.length === 0) {
      io.out(`No hay compromisos${status ? ` en estado ${status}` : ''} en ${slug}.`);
      return 0;
    }
    io.out(
      table(
        pledges.map((p) => ({
          id: p.id,
          estado: pledgeStatusLabels[p.status],
          solicitud: p.helpTitle,
          cantidad: p.quantity === null ? 'sin cantidad' : `${p.quantity}${p.unit ? ` ${p.unit}` : ''}`,
          entregado: p.deliveredQuantity ?? '',
          entrega_prevista: p.deliverBy,
          nombre: p.contactName ?? '',
          whatsapp: p.contactWhatsapp ?? '',
        })),
        ['id', 'estado', 'solicitud', 'cantidad', 'entregado', 'entrega_prevista', 'nombre', 'whatsapp'],
      ),
    );
    return 0;
  },
};
