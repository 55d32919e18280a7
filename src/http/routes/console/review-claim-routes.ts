// Review batches: "Revisar los siguientes 20" takes the next cards of the inbox for the filter the leader is looking
// at (then the inbox shows that batch: ?lote=1), and "Soltar" lets them go. The console script also lets them go
// when the page is left (navigator.sendBeacon on pagehide: a form-encoded body with _csrf, answered 204).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { claimNextBatch, releaseClaims } from '../../../commands/review-claims.ts';
import type { Context } from '../../../context.ts';
import { consoleActor, emergencyFor } from '../../../queries/console-session.ts';
import { type InboxFilterInput, parseInboxFilter } from '../../../queries/review-inbox.ts';
import { errorPage } from '../../../views/console/error-page.ts';
import { type InboxView, inboxHref, inboxParams } from '../../../views/console/inbox-page.ts';
import { type FormBody, field } from '../../forms/form-body.ts';
import { checkForm, currentUser, seeOther, sendPage } from './guard.ts';

type EmergencyRoute = { Params: { slug: string } };

/** The inbox filters a form carried (the same names as the inbox's query parameters). */
function filterValues(form: FormBody): InboxView['values'] {
  const values: InboxView['values'] = {};
  for (const name of inboxParams) {
    const value = field(form, name).trim().slice(0, 300);
    if (value !== '') values[name] = value;
  }
  return values;
}

/** A beacon (the page being left) wants no page back; a button's form is sent back to the inbox. */
function fromBeacon(request: FastifyRequest, form: FormBody): boolean {
  return field(form, 'beacon') === '1' || request.headers['sec-fetch-dest'] === 'empty';
}

export function reviewClaimRoutes(app: FastifyInstance, ctx: Context): void {
  app.post<EmergencyRoute>('/e/:slug/revisar-siguientes', async (request, reply) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    const form = checkForm(ctx, request, user.csrf);
    const values = filterValues(form);
    const input: InboxFilterInput = {
      category: values.categoria,
      type: values.tipo,
      urgency: values.urgencia,
      source: values.origen,
      olderThanHours: values.espera,
    };
    const parsed = parseInboxFilter(input);
    const problems = Object.values(parsed.errors);
    if (problems.length > 0) {
      const message = `No se tomó ningún lote: ${problems.join(' ')} Corrija los filtros de la bandeja y vuelva a intentarlo.`;
      return sendPage(reply, errorPage('Filtros no válidos', message), 400);
    }
    await claimNextBatch(ctx, {
      emergencyId: emergency.id,
      accountId: user.accountId,
      filter: parsed.filter,
      actor: consoleActor(user),
    });
    const href = inboxHref(emergency.slug, values);
    return seeOther(reply, `${href}${href.includes('?') ? '&' : '?'}lote=1`);
  });

  app.post<EmergencyRoute>('/e/:slug/soltar', async (request, reply) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    const form = checkForm(ctx, request, user.csrf);
    await releaseClaims(ctx, user.accountId, emergency.id, consoleActor(user));
    if (fromBeacon(request, form)) return reply.code(204).send();
    return seeOther(reply, inboxHref(emergency.slug, filterValues(form)));
  });
}
