// Needs stay current, from the console: the emergency's records por confirmar and expired, the leader's digest of
// what needs a nudge today, and a leader's confirmation of one record (still current, after a phone call say, or
// no longer needed, which completes it). Only records of the emergency in the path are reached.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ConfirmationOutcome, confirmRecord } from '../../../commands/confirmation/confirm-record.ts';
import type { Context } from '../../../context.ts';
import { AppError, detail } from '../../../errors.ts';
import { consoleActor, emergencyFor, placeScopeIn } from '../../../queries/console-session.ts';
import { confirmationDigest, emergencyDigest } from '../../../queries/digest.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import { type ConfirmationReturn, confirmationReturns } from '../../../views/console/confirmation-section.ts';
import { digestPage } from '../../../views/console/digest-page.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { toConfirmPage } from '../../../views/console/to-confirm-page.ts';
import { field } from '../../forms/form-body.ts';
import { queryText } from '../../request-values.ts';
import { checkForm, currentUser, flashFrom, frameFor, seeOther, sendPage } from './guard.ts';
import { recordIn } from './review-routes.ts';

type EmergencyRoute = { Params: { slug: string } };
type RecordRoute = { Params: { slug: string; id: string } };

/** The path's last word -> the outcome, and the message shown after it. */
const actions: Record<string, { outcome: ConfirmationOutcome; flash: string }> = {
  confirmar: { outcome: 'current', flash: 'vigente' },
  cerrar: { outcome: 'not_needed', flash: 'ya-no-se-necesita' },
};

const flashes: Record<string, string> = {
  vigente: 'Confirmada como vigente: el plazo para volver a confirmarla empieza de nuevo.',
  'ya-no-se-necesita': 'Marcada como que ya no se necesita: quedó completada y sale de lo pendiente.',
};

/** The message after a confirmation, from a fixed list (the console's own messages come first). */
export function confirmationFlash(request: { query: unknown }): string | null {
  const key = queryText(request, 'hecho');
  return key !== undefined && Object.hasOwn(flashes, key) ? (flashes[key] ?? null) : null;
}

function backTo(value: string): ConfirmationReturn {
  return (confirmationReturns as readonly string[]).includes(value) ? (value as ConfirmationReturn) : 'registro';
}

export function confirmationRoutes(app: FastifyInstance, ctx: Context): void {
  const scope = async (request: FastifyRequest<{ Params: { slug: string } }>) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    return { user, emergency };
  };

  const frame = (request: FastifyRequest, emergency: EmergencyRow) =>
    frameFor(ctx, currentUser(request), emergency, flashFrom(request) ?? confirmationFlash(request));

  app.get<EmergencyRoute>('/e/:slug/por-confirmar', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const [digest, pageFrame] = await Promise.all([
      confirmationDigest(ctx, emergency.id, placeScopeIn(user, emergency.id)),
      frame(request, emergency),
    ]);
    const { reconfirmAfterHours, expireAfterHours } = ctx.config;
    return sendPage(
      reply,
      toConfirmPage(pageFrame, {
        toConfirm: digest.toConfirm,
        expired: digest.expired,
        hours: { reconfirmAfterHours, expireAfterHours },
      }),
    );
  });

  app.get<EmergencyRoute>('/e/:slug/resumen', async (request, reply) => {
    const { emergency } = await scope(request);
    const [digest, pageFrame] = await Promise.all([emergencyDigest(ctx, emergency.id), frame(request, emergency)]);
    return sendPage(reply, digestPage(pageFrame, digest));
  });

  for (const [verb, known] of Object.entries(actions)) {
    app.post<RecordRoute>(`/e/:slug/vigencia/:id/${verb}`, async (request, reply) => {
      const { user, emergency } = await scope(request);
      const form = checkForm(ctx, request, user.csrf);
      const record = await recordIn(ctx, emergency, request.params.id);
      if (record.review_status !== 'approved') {
        throw new AppError('not_found', [detail('id', 'not_published', { value: record.id })]);
      }
      await confirmRecord(ctx, record.id, known.outcome, consoleActor(user));
      const done = `hecho=${known.flash}`;
      const back = backTo(field(form, 'volver'));
      if (back === 'lista') return seeOther(reply, `${panelPaths.toConfirm(emergency.slug)}?${done}`);
      if (back === 'resumen') return seeOther(reply, `${panelPaths.digest(emergency.slug)}?${done}`);
      const anchor = known.outcome === 'current' ? '#vigencia' : '';
      return seeOther(reply, `${panelPaths.record(emergency.slug, record.id)}?${done}${anchor}`);
    });
  }
}
