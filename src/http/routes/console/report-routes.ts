// Reportes: the public's reports of an emergency's records, and marking a record's reports as reviewed.
import type { FastifyInstance } from 'fastify';
import { resolveReports } from '../../../commands/resolve-reports.ts';
import type { Context } from '../../../context.ts';
import { consoleActor, emergencyFor, placeScopeIn } from '../../../queries/console-session.ts';
import { reportInbox } from '../../../queries/report-inbox.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { reportsPage } from '../../../views/console/reports-page.ts';
import { field } from '../../forms/form-body.ts';
import { queryText } from '../../request-values.ts';
import { checkForm, currentUser, frameFor, seeOther, sendPage } from './guard.ts';

/** Messages after a redirect come from a fixed list: nothing a link carries is echoed. */
const flashes: Record<string, string> = { revisados: 'Reportes marcados como revisados.' };

function flashOf(request: { query: unknown }): string | null {
  const key = queryText(request, 'hecho');
  return key !== undefined && Object.hasOwn(flashes, key) ? (flashes[key] ?? null) : null;
}

export function reportRoutes(app: FastifyInstance, ctx: Context): void {
  app.get<{ Params: { slug: string } }>('/e/:slug/reportes', async (request, reply) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    const [groups, frame] = await Promise.all([
      reportInbox(ctx, emergency.id, undefined, placeScopeIn(user, emergency.id)),
      frameFor(ctx, user, emergency, flashOf(request)),
    ]);
    return sendPage(reply, reportsPage(frame, groups));
  });

  app.post<{ Params: { slug: string; id: string } }>('/e/:slug/reportes/:id/revisados', async (request, reply) => {
    const user = currentUser(request);
    const { slug, id } = request.params;
    const emergency = await emergencyFor(ctx, user, slug);
    const form = checkForm(ctx, request, user.csrf);
    await resolveReports(ctx, emergency.id, id, consoleActor(user));
    // Back to the record's page (its fixed "saved" message) or to the list, never to an address the form names.
    return field(form, 'volver') === 'registro'
      ? seeOther(reply, `${panelPaths.record(emergency.slug, id)}?hecho=guardado#reportes`)
      : seeOther(reply, `${panelPaths.reports(emergency.slug)}?hecho=revisados`);
  });
}
