// Review batches: "Revisar los siguientes 20" takes the next cards of the inbox for the filter the leader is looking
// at (then the inbox shows that batch: ?lote=1), and "Soltar" lets them go. The console script also lets them go
// when the page is left (navigator.sendBeacon on pagehide: a form-encoded body with _csrf, answered 204).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { claimNextBatch, releaseClaims } from '../../../commands/review-claims.ts';
import type { Context } from '../../../context.ts';
import { consoleActor, emergencyFor } from '../../../queries/console-session.ts';
import { errorPage } from '../../../views/console/error-page.ts';
import { inboxHref } from '../../../views/console/inbox-page.ts';
import { type FormBody, field } from '../../forms/form-body.ts';
import { checkForm, currentUser, seeOther, sendPage } from './guard.ts';
import { parsedPlace, placeOfFields } from './inbox-view.ts';

type EmergencyRoute = { Params: { slug: string } };

/** A beacon (the page being left) wants no page back; a button's form is sent back to the inbox. */
function fromBeacon(request: FastifyRequest, form: FormBody): boolean {
  return field(form, 'beacon') === '1' || request.headers['sec-fetch-dest'] === 'empty';
}

export function reviewClaimRoutes(app: FastifyInstance, ctx: Context): void {
  app.post<EmergencyRoute>('/e/:slug/revisar-siguientes', async (request, reply) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    const form = checkForm(ctx, request, user.csrf);
    const place = placeOfFields(form);
    const parsed = parsedPlace(place);
    const problems = Object.values(parsed.fieldErrors);
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
    return seeOther(reply, inboxHref(emergency.slug, place.values, null, true));
  });

  app.post<EmergencyRoute>('/e/:slug/soltar', async (request, reply) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    const form = checkForm(ctx, request, user.csrf);
    await releaseClaims(ctx, user.accountId, emergency.id, consoleActor(user));
    if (fromBeacon(request, form)) return reply.code(204).send();
    return seeOther(reply, inboxHref(emergency.slug, placeOfFields(form).values));
  });
}
