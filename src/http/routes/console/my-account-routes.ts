// "Mi cuenta": every signed-in leader or admin can change their own password and choose their own WhatsApp alerts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changePassword } from '../../../commands/change-password.ts';
import { leaderAlerts, setLeaderAlerts } from '../../../commands/channels/alert-settings.ts';
import type { Context } from '../../../context.ts';
import { AppError, type ErrorDetail, errorMessage } from '../../../errors.ts';
import { consoleActor } from '../../../queries/console-session.ts';
import { accountPage, accountPaths } from '../../../views/console/account-page.ts';
import type { AlertChoices } from '../../../views/console/alerts-section.ts';
import type { Errors } from '../../../views/console/controls.ts';
import { throttledMessage } from '../../../views/console/login-page.ts';
import { field } from '../../forms/form-body.ts';
import { errorsByField } from '../../forms/form-errors.ts';
import { queryText } from '../../request-values.ts';
import { checkForm, currentUser, frameFor, seeOther, sendPage } from './guard.ts';
import { secondFactorRoutes, secondFactorView } from './second-factor-routes.ts';

const done: Record<string, string> = {
  clave: 'Contraseña cambiada. Sus sesiones en otros equipos se cerraron.',
  alertas: 'Alertas por WhatsApp guardadas.',
  'alertas-quitadas': 'Ya no recibe alertas por WhatsApp; su número se borró.',
  'segundo-factor-quitado': 'Segundo factor quitado: ahora entra solo con su contraseña.',
};

const BAD_NUMBER =
  'Escriba un número de WhatsApp válido, con indicativo si no es de Colombia (por ejemplo +57 300 123 4567).';

interface AlertsForm {
  errors: Errors;
  values: AlertChoices;
}

export function myAccountRoutes(app: FastifyInstance, ctx: Context): void {
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    form: { errors: Errors; notice?: string | null; alerts?: AlertsForm; secondFactorError?: string } = { errors: {} },
    status = 200,
  ) => {
    const user = currentUser(request);
    const key = queryText(request, 'hecho');
    const flash = key !== undefined && Object.hasOwn(done, key) ? (done[key] ?? null) : null;
    const [frame, saved, factor] = await Promise.all([
      frameFor(ctx, user, null, flash),
      leaderAlerts(ctx, user.accountId),
      secondFactorView(ctx, user),
    ]);
    const page = accountPage(frame, {
      role: user.role,
      emergencies: user.emergencySlugs,
      errors: form.errors,
      notice: form.notice,
      alerts: {
        configured: ctx.config.whatsapp !== null,
        template: ctx.config.whatsapp?.templates.alert ?? null,
        current: saved ? { whatsapp: saved.whatsapp, urgent: saved.urgent === 1, digest: saved.digest === 1 } : null,
        values: form.alerts?.values,
        errors: form.alerts?.errors ?? {},
      },
      secondFactor: factor.state === 'on' ? { ...factor, error: form.secondFactorError ?? null } : factor,
    });
    return sendPage(reply, page, status);
  };

  app.get('/cuenta', (request, reply) => render(request, reply));
  secondFactorRoutes(app, ctx, (request, reply, error, status) =>
    render(request, reply, { errors: {}, secondFactorError: error }, status),
  );

  app.post('/cuenta/clave', async (request, reply) => {
    const user = currentUser(request);
    const form = checkForm(ctx, request, user.csrf);
    try {
      await changePassword(
        ctx,
        {
          accountId: user.accountId,
          sessionId: user.sessionId,
          current: field(form, 'current'),
          password: field(form, 'password'),
          confirm: field(form, 'confirm'),
        },
        consoleActor(user),
      );
    } catch (err) {
      if (!(err instanceof AppError) || (err.status !== 400 && err.status !== 429)) throw err;
      const retryAfter = (err as AppError & { retryAfter?: number }).retryAfter;
      if (retryAfter) {
        reply.header('retry-after', retryAfter);
        return render(request, reply, { errors: {}, notice: throttledMessage(retryAfter) }, err.status);
      }
      const details = Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
      const errors = details.length > 0 ? errorsByField(details) : { password: errorMessage(err.code, 'es') };
      return render(request, reply, { errors }, err.status);
    }
    return seeOther(reply, `${accountPaths.page}?hecho=clave`);
  });

  app.post('/cuenta/alertas', async (request, reply) => {
    const user = currentUser(request);
    const form = checkForm(ctx, request, user.csrf);
    if (ctx.config.whatsapp === null) throw new AppError('not_found');
    const values: AlertChoices = {
      whatsapp: field(form, 'whatsapp'),
      urgent: field(form, 'urgent') === 'si',
      digest: field(form, 'digest') === 'si',
    };
    let removed: boolean;
    try {
      removed = (await setLeaderAlerts(ctx, user.accountId, values, consoleActor(user))) === null;
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'validation_failed') throw err;
      return render(request, reply, { errors: {}, alerts: { errors: { whatsapp: BAD_NUMBER }, values } }, 400);
    }
    return seeOther(reply, `${accountPaths.page}?hecho=${removed ? 'alertas-quitadas' : 'alertas'}#alertas`);
  });
}
