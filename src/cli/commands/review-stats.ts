// `ayuda review stats`: where the review backlog stands, per emergency, as in the inbox header: what waits and for
// how long, the urgent submission waiting longest, decisions in the last hour and per hour for a day, late pledges
// and quiet routes. Figures and one title per emergency: nothing personal, so it can go in a chat or a log.
// --json gives programs the same figures under stable keys (queries/review-stats.ts's ReviewStats, plus slug).
import { AppError, detail } from '../../errors.ts';
import { activeEmergencies, findEmergency } from '../../queries/emergencies.ts';
import { type ReviewStats, reviewStats } from '../../queries/review-stats.ts';
import { type CliCommand, withContext } from '../io.ts';

/** "45 min", "3 h 10 min": how long the oldest urgent one has waited. */
function waited(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return minutes % 60 === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The figures in Spanish, a few lines per emergency; the digest prints the same. */
export function reviewStatsText(slug: string, stats: ReviewStats): string {
  const { pending, oldestUrgent, decisions } = stats;
  const last = decisions.lastHour;
  const dayTotal = decisions.hourly.reduce((sum, h) => sum + h.total, 0);
  const busiest = decisions.hourly.reduce((max, h) => Math.max(max, h.total), 0);
  return [
    `Revisión de ${slug} (${stats.generatedAt})`,
    `  Pendientes: ${pending.total} (menos de 1 h: ${pending.under1h}; de 1 a 6 h: ${pending.from1hTo6h}; más de 6 h: ${pending.over6h})`,
    oldestUrgent
      ? `  Urgente que más espera: ${oldestUrgent.id} «${oldestUrgent.title}», hace ${waited(oldestUrgent.waitingMinutes)}`
      : '  Urgente que más espera: ninguna urgente espera',
    `  Decisiones en la última hora: ${last.total} (aprobadas: ${last.approved}, de ellas con correcciones: ${last.corrected}; rechazadas: ${last.rejected}; unidas como duplicadas: ${last.joined})`,
    `  Decisiones en 24 h: ${dayTotal}; la hora con más: ${busiest}; por hora, de la más antigua a la última: ${decisions.hourly.map((h) => h.total).join(' ')}`,
    `  Compromisos vencidos: ${stats.overduePledges}`,
    `  Rutas sin movimiento hace ${stats.quietRouteHours} h: ${stats.quietRoutes}`,
  ].join('\n');
}

export const reviewStatsCommand: CliCommand = {
  path: ['review', 'stats'],
  summary:
    'Cómo va la revisión: pendientes por antigüedad, la urgente que más espera, decisiones por hora, compromisos vencidos y rutas quietas.',
  usage: 'ayuda review stats [--emergency S] [--json]',
  options: { emergency: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const slug = args.values.emergency as string | undefined;
    const result = await withContext(io, async (ctx) => {
      let emergencies: { id: string; slug: string }[];
      if (slug) {
        const emergency = await findEmergency(ctx, slug);
        if (!emergency)
          throw new AppError('unknown_emergency', [
            detail('emergency', 'unknown_emergency', { code: 'unknown', value: slug }),
          ]);
        emergencies = [emergency];
      } else {
        emergencies = await activeEmergencies(ctx);
      }
      const out: (ReviewStats & { slug: string })[] = [];
      for (const emergency of emergencies)
        out.push({ slug: emergency.slug, ...(await reviewStats(ctx, emergency.id)) });
      return out;
    });
    if (args.values.json) {
      io.out(JSON.stringify(result));
      return 0;
    }
    io.out(
      result.length === 0 ? 'No hay emergencias activas.' : result.map((s) => reviewStatsText(s.slug, s)).join('\n\n'),
    );
    return 0;
  },
};
