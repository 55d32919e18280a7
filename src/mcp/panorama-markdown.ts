// One emergency's panorama as Markdown, for assistants that read text better than JSON: the same figures as the
// JSON resource, in Spanish, with every user-written text escaped.
import { formatNumber } from '../domain/number-format.ts';
import type { Panorama } from '../schemas/public-help.ts';
import { escapeMarkdown } from '../views/site/render-markdown.ts';

type PanoramaEmergency = Panorama['emergencies'][number];

export function panoramaMarkdown(emergency: PanoramaEmergency, generatedAt: string): string {
  const { counts, quantities, routes } = emergency;
  const lines = [
    `# ${escapeMarkdown(emergency.name)}`,
    '',
    `Panorama de la emergencia \`${emergency.slug}\` (desde ${emergency.startedAt.slice(0, 10)}), generado ${generatedAt}.`,
    `Solo cuenta registros aprobados por el equipo de la emergencia. Página: ${emergency.links.page}`,
    '',
    '## Registros',
    '',
    '| | activos | en proceso | completados | total |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| Solicitudes | ${counts.requests.active} | ${counts.requests.in_process} | ${counts.requests.completed} | ${counts.requests.total} |`,
    `| Ofrecimientos | ${counts.offers.active} | ${counts.offers.in_process} | ${counts.offers.completed} | ${counts.offers.total} |`,
    '',
    `Solicitudes urgentes activas: ${counts.urgentRequests}. Centros de acopio publicados: ${counts.collectionCenters}.`,
    '',
  ];
  if (quantities.byCategory.length > 0) {
    lines.push('## Cantidades pendientes', '', '| categoría | unidad | requerido | cubierto | pendiente |');
    lines.push('| --- | --- | ---: | ---: | ---: |');
    for (const q of quantities.byCategory) {
      lines.push(
        `| ${q.label} | ${escapeMarkdown(q.unit)} | ${formatNumber(q.required)} | ${formatNumber(q.covered)} | ${formatNumber(q.pending)} |`,
      );
    }
    lines.push('');
  }
  lines.push(
    '## Rutas logísticas',
    '',
    `Disponibles ${routes.available}, asignadas ${routes.assigned}, en camino ${routes.in_transit}, ` +
      `entregadas ${routes.delivered}, canceladas ${routes.cancelled}.`,
    '',
  );
  if (emergency.urgentNeeds.length > 0) {
    lines.push('## Necesidades urgentes', '');
    for (const need of emergency.urgentNeeds) {
      lines.push(`- [${escapeMarkdown(need.title)}](${need.publicUrl}) (${need.category}, id \`${need.id}\`)`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
