// Admins only: webhook subscriptions (list, add, test, remove after confirming) and their dead deliveries (send
// again). The secret is shown once, in the answer to the form that made it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resendDelivery } from '../../../commands/webhooks/resend.ts';
import { addWebhook, removeWebhook } from '../../../commands/webhooks/subscriptions.ts';
import { sendTestDelivery } from '../../../commands/webhooks/test-delivery.ts';
import type { Context } from '../../../context.ts';
import { AppError, type ErrorDetail, errorMessage } from '../../../errors.ts';
import { consoleActor } from '../../../queries/console-session.ts';
import { allEmergencies } from '../../../queries/emergencies.ts';
import { deadDeliveries, getWebhook, listWebhooks } from '../../../queries/webhooks.ts';
import type { Errors } from '../../../views/console/controls.ts';
import {
  removeWebhookPage,
  WEBHOOKS_PATH,
  type WebhookFormValues,
  type WebhookNotice,
  webhooksPage,
} from '../../../views/console/webhooks-page.ts';
import { field } from '../../forms/form-body.ts';
import { errorsByField } from '../../forms/form-errors.ts';
import { adminUser, checkForm, flashFrom, frameFor, seeOther, sendPage } from './guard.ts';

type View = Omit<Parameters<typeof webhooksPage>[1], 'webhooks' | 'dead' | 'emergencies'>;
type IdRoute = { Params: { id: string } };

/** The form's field each problem belongs to (the command names the emergency by its slug). */
function formErrors(err: AppError): Errors {
  if (err.code === 'unknown_emergency') return { emergency: errorMessage('unknown_emergency', 'es') };
  const details = Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
  const errors = errorsByField(details);
  if (errors.emergencySlug !== undefined) {
    errors.emergency = errors.emergencySlug;
    delete errors.emergencySlug;
  }
  return Object.keys(errors).length > 0 ? errors : { url: errorMessage(err.code, 'es') };
}

export function webhookRoutes(app: FastifyInstance, ctx: Context): void {
  const render = async (request: FastifyRequest, reply: FastifyReply, view: View, status = 200) => {
    const user = adminUser(request);
    const [webhooks, dead, emergencies, frame] = await Promise.all([
      listWebhooks(ctx),
      deadDeliveries(ctx),
      allEmergencies(ctx),
      frameFor(ctx, user, null, flashFrom(request)),
    ]);
    return sendPage(reply, webhooksPage(frame, { webhooks, dead, emergencies, ...view }), status);
  };
  const idOf = (request: FastifyRequest<IdRoute>) => request.params.id;

  app.get('/webhooks', (request, reply) => render(request, reply, { values: {}, errors: {} }));

  app.post('/webhooks', async (request, reply) => {
    const user = adminUser(request);
    const form = checkForm(ctx, request, user.csrf);
    const values: WebhookFormValues = {
      url: field(form, 'url').trim(),
      emergency: field(form, 'emergency'),
      kinds: [form.kinds ?? []].flat(),
      description: field(form, 'description').trim(),
    };
    const input = {
      url: values.url ?? '',
      emergencySlug: values.emergency || undefined,
      kinds: values.kinds && values.kinds.length > 0 ? values.kinds : undefined,
      description: values.description || undefined,
    };
    try {
      const issued = await addWebhook(ctx, input, consoleActor(user));
      // Answered here, not after a redirect: the secret must not travel in a URL or be kept to show later.
      return render(request, reply, { issued, values: {}, errors: {} });
    } catch (err) {
      const expected = ['validation_failed', 'webhook_url_refused', 'unknown_emergency'];
      if (!(err instanceof AppError) || !expected.includes(err.code)) throw err;
      return render(request, reply, { values, errors: formErrors(err) }, err.status);
    }
  });

  app.post<IdRoute>('/webhooks/:id/probar', async (request, reply) => {
    const user = adminUser(request);
    checkForm(ctx, request, user.csrf);
    const sent = await sendTestDelivery(ctx, idOf(request), consoleActor(user));
    const notice: WebhookNotice = sent.delivered
      ? {
          ok: true,
          text: `Prueba entregada: el receptor respondió HTTP ${sent.status} (webhook-id ${sent.messageId}).`,
        }
      : { ok: false, text: `La prueba no se entregó: ${sent.error} (webhook-id ${sent.messageId}).` };
    return render(request, reply, { notice, values: {}, errors: {} });
  });

  app.get<IdRoute>('/webhooks/:id/quitar', async (request, reply) => {
    const user = adminUser(request);
    const webhook = await getWebhook(ctx, idOf(request));
    if (!webhook) throw new AppError('webhook_not_found');
    return sendPage(reply, removeWebhookPage(await frameFor(ctx, user, null), webhook));
  });

  app.post<IdRoute>('/webhooks/:id/quitar', async (request, reply) => {
    const user = adminUser(request);
    checkForm(ctx, request, user.csrf);
    await removeWebhook(ctx, idOf(request), consoleActor(user));
    return seeOther(reply, `${WEBHOOKS_PATH}?hecho=guardado`);
  });

  app.post<IdRoute>('/webhooks/entregas/:id/reenviar', async (request, reply) => {
    const user = adminUser(request);
    checkForm(ctx, request, user.csrf);
    const attempt = await resendDelivery(ctx, idOf(request), consoleActor(user));
    const notice: WebhookNotice =
      attempt.result === 'delivered'
        ? { ok: true, text: `Entrega ${attempt.id} reenviada: el receptor respondió HTTP ${attempt.status}.` }
        : attempt.result === 'retried'
          ? { ok: false, text: `Entrega ${attempt.id} en cola de nuevo (${attempt.error}); se reintentará sola.` }
          : { ok: false, text: `La entrega ${attempt.id} no se pudo reenviar: ${attempt.error}.` };
    return render(request, reply, { notice, values: {}, errors: {} });
  });
}
