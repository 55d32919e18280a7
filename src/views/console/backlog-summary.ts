// The inbox header's line on where the backlog stands: what waits and for how long, the urgent one waiting longest,
// the pace of decisions, late pledges and quiet routes. Words and numbers, never colour alone; one <p> a screen
// reader reads as two short sentences. Figures only, plus the urgent record's title: nothing personal.
import { formatNumber } from '../../domain/number-format.ts';
import type { ReviewStats } from '../../queries/review-stats.ts';
import { type Html, html } from '../html.ts';

/** "45 min", "3 h 10 min", "2 d 4 h": how long something has waited, short. */
export function waitedFor(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} min`;
  const hours = Math.floor(m / 60);
  if (hours < 48) return m % 60 === 0 ? `${hours} h` : `${hours} h ${m % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The inbox's backlog line; `recordHref` links the oldest urgent record (the inbox's own record path). */
export function backlogSummary(stats: ReviewStats, recordHref?: (id: string) => string): Html {
  const { pending, oldestUrgent, decisions } = stats;
  const urgent = oldestUrgent
    ? html` · urgente que más espera: ${
        recordHref ? html`<a href="${recordHref(oldestUrgent.id)}">${oldestUrgent.title}</a>` : oldestUrgent.title
      } (${waitedFor(oldestUrgent.waitingMinutes)})`
    : html` · ninguna urgente espera`;
  const pace = decisions.lastHour;
  return html`<section class="backlog" aria-label="Cómo va la revisión">
<p class="backlog-line"><strong>${count(pending.total, 'pendiente', 'pendientes')}</strong>: ${formatNumber(pending.under1h)} de menos de 1 h, ${formatNumber(pending.from1hTo6h)} de 1 a 6 h, <strong>${formatNumber(pending.over6h)} de más de 6 h</strong>${urgent}.</p>
<p class="backlog-line meta">Última hora: ${count(pace.approved, 'aprobada', 'aprobadas')}${pace.corrected > 0 ? ` (${formatNumber(pace.corrected)} con correcciones)` : ''}, ${count(pace.rejected, 'rechazada', 'rechazadas')}${pace.joined > 0 ? `, ${count(pace.joined, 'unida como duplicada', 'unidas como duplicadas')}` : ''} · ${count(stats.overduePledges, 'compromiso vencido', 'compromisos vencidos')} · ${count(stats.quietRoutes, 'ruta', 'rutas')} sin movimiento hace ${formatNumber(stats.quietRouteHours)} h.</p>
</section>`;
}
