// "Mi cuenta": every signed-in leader or admin can change their own password.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changePassword } from '../../../commands/change-password.ts';
import type { Context } from '../../../context.ts';
import { AppError, type ErrorDetail, errorMessage } from '../../../errors.ts';
import { consoleActor } from '../../../queries/console-session.ts';
import { accountPage, accountPaths } from '../../../views/console/account-page.ts';
import type { Errors } from '../../../views/console/controls.ts';
import { throttledMessage } from '../../../views/console/login-page.ts';
import { field } from '../../forms/form-body.ts';
import { errorsByField } from '../../forms/form-errors.ts';
import { queryText } from '../../request-values.ts';
import { checkForm, currentUser, frameFor, seeOther, sendPage } from './guard.ts';

const DONE = 'Contraseña cambiada. Sus sesiones en otros equipos se cerraron.';

export function myAccountRoutes(app: FastifyInstance, ctx: Context): void {
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    form: { errors: Errors; notice?: string | null } = { errors: {} },
    status = 200,
  ) => {
    const user = currentUser(request);
    const done = queryText(request, 'hecho') === 'clave';
    const frame = await frameFor(ctx, user, null, done ? DONE : null);
    const page = accountPage(frame, { role: user.role, emergencies: user.emergencySlugs, ...form });
    return sendPage(reply, page, status);
  };

  app.get('/cuenta', (request, reply) => render(request, reply));

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
}
