// `ayuda digest`: a leader's digest of an emergency, as on the console's Resumen page: open pledges past their
// date with the pledger's name and WhatsApp, routes in progress untouched for a day with the volunteer's contact,
// needs por confirmar with their expiry, and expired ones; the most urgent first.
import { isLogisticsStatus, logisticsStatusLabels } from '../../domain/logistics-status.ts';
import { AppError, detail } from '../../errors.ts';
import { type Digest, type DigestRecord, emergencyDigest, STALE_ROUTE_HOURS } from '../../queries/digest.ts';
import { findEmergency } from '../../queries/emergencies.ts';
import { type CliCommand, requireString, table, withContext } from '../io.ts';
import { reviewStatsText } from './review-stats.ts';

const typeNames = { request: 'solicitud', offer: 'ofrecimiento' } as const;

function amount(quantity: number | null, unit: string | null): string {
  if (quantity === null) return 'sin cantidad';
  return unit ? `${quantity} ${unit}` : String(quantity);
}

function section(title: string, rows: Record<string, unknown>[], columns: string[]): string {
  const body = rows.length === 0 ? 'Nada pendiente.' : table(rows, columns);
  return `${title} (${rows.length})\n${body}`;
}

/** `until`: the expiry column's name ("vence", or "vencio" for the expired). */
function records(list: DigestRecord[], until: string): Record<string, unknown>[] {
  return list.map((r) => ({
    id: r.id,
    tipo: r.centre ? 'centro de acopio' : typeNames[r.type],
    urgencia: r.urgency,
    titulo: r.title,
    confirmada: r.confirmedAt ?? '',
    [until]: r.expiresAt ?? '',
  }));
}

function digestText(slug: string, digest: Digest): string {
  const recordColumns = (until: string) => ['id', 'tipo', 'urgencia', 'titulo', 'confirmada', until];
  return [
    `Resumen de ${slug} (${digest.generatedAt})`,
    reviewStatsText(slug, digest.review),
    `Por día (${digest.reviewDays.map((d) => d.day).join(' ')}): pendientes al final del día ${digest.reviewDays.map((d) => d.pendingAtEnd).join(' ')}; decisiones ${digest.reviewDays.map((d) => d.decisions.total).join(' ')}`,
    section(
      'Compromisos vencidos sin confirmar',
      digest.overduePledges.map((p) => ({
        id: p.id,
        solicitud: p.title,
        urgencia: p.urgency,
        cantidad: amount(p.quantity, p.unit),
        entrega_prevista: p.deliverBy,
        nombre: p.name,
        whatsapp: p.whatsapp,
      })),
      ['id', 'solicitud', 'urgencia', 'cantidad', 'entrega_prevista', 'nombre', 'whatsapp'],
    ),
    section(
      'Entregas por confirmar',
      digest.unconfirmedDeliveries.map((d) => ({
        id: d.id,
        solicitud: d.title,
        urgencia: d.urgency,
        cantidad: amount(d.quantity, d.unit),
        reportada: d.reportedAt,
        nombre: d.name,
        whatsapp: d.whatsapp,
      })),
      ['id', 'solicitud', 'urgencia', 'cantidad', 'reportada', 'nombre', 'whatsapp'],
    ),
    section(
      `Rutas sin movimiento hace ${STALE_ROUTE_HOURS} h`,
      digest.staleRoutes.map((r) => ({
        id: r.id,
        ruta: r.title,
        estado: isLogisticsStatus(r.status) ? logisticsStatusLabels[r.status] : r.status,
        ultimo_cambio: r.updatedAt,
        voluntario: r.volunteerContact ?? '',
      })),
      ['id', 'ruta', 'estado', 'ultimo_cambio', 'voluntario'],
    ),
    section(
      `Ofrecimientos de transporte sin respuesta hace ${STALE_ROUTE_HOURS} h`,
      digest.waitingClaims.map((c) => ({
        id: c.id,
        ruta: c.routeTitle,
        nombre: c.name,
        whatsapp: c.whatsapp,
        vehiculo: c.vehicle ?? '',
        cuando: c.when,
      })),
      ['id', 'ruta', 'nombre', 'whatsapp', 'vehiculo', 'cuando'],
    ),
    section('Por vencer', records(digest.toConfirm, 'vence'), recordColumns('vence')),
    section('Vencidas', records(digest.expired, 'vencio'), recordColumns('vencio')),
  ].join('\n\n');
}

export const digest: CliCommand = {
  path: ['digest'],
  summary: 'Resumen de una emergencia para sus líderes: compromisos vencidos, rutas quietas, por confirmar y vencidas.',
  usage: 'ayuda digest --emergency S [--json]',
  options: { emergency: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const slug = requireString(args, 'emergency');
    const result = await withContext(io, async (ctx) => {
      const emergency = await findEmergency(ctx, slug);
      if (!emergency)
        throw new AppError('unknown_emergency', [
          detail('emergency', 'unknown_emergency', { code: 'unknown', value: slug }),
        ]);
      return emergencyDigest(ctx, emergency.id);
    });
    io.out(args.values.json ? JSON.stringify(result) : digestText(slug, result));
    return 0;
  },
};
