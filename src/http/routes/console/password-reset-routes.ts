// /panel/clave/:token: the one-time link where a leader chooses a new password. The secret in the link is the
// credential, so these routes sit outside the signed-in area; a cookie-paired token still guards the form.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { newToken, sameSecret } from '../../../auth/tokens.ts';
import { resolvePasswordReset, usePasswordReset } from '../../../commands/password-resets.ts';
import type { Context } from '../../../context.ts';
import { AppError, type ErrorDetail } from '../../../errors.ts';
import type { Errors } from '../../../views/console/controls.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { PASSWORD_RESET_PREFIX, passwordResetPage } from '../../../views/console/password-reset-page.ts';
import { field } from '../../forms/form-body.ts';
import { errorsByField } from '../../forms/form-errors.ts';
import { formBody } from '../../request-values.ts';
import { sameOrigin, seeOther, sendPage } from './guard.ts';
import { type ConsoleCookies, clearCookie, setCookie } from './session-cookie.ts';

const FORM_COOKIE_SECONDS = 60 * 60;

type TokenRoute = { Params: { token: string } };

export function passwordResetRoutes(app: FastifyInstance, ctx: Context, cookies: ConsoleCookies): void {
  const cookieName = `${cookies.secure ? '__Host-' : ''}ayuda_panel_clave`;
  const render = (reply: FastifyReply, token: string, email: string, errors: Errors = {}, status = 200) => {
    const csrf = newToken();
    setCookie(reply, cookies, cookieName, csrf, FORM_COOKIE_SECONDS);
    return sendPage(reply, passwordResetPage({ token, csrf, email, errors }), status);
  };

  app.get<TokenRoute>(`${PASSWORD_RESET_PREFIX}:token`, async (request, reply) => {
    const { token } = request.params;
    const { account } = await resolvePasswordReset(ctx, token);
    return render(reply, token, account.email);
  });

  app.post<TokenRoute>(`${PASSWORD_RESET_PREFIX}:token`, async (request, reply) => {
    const { token } = request.params;
    // A spent or expired link says so before anything else.
    const { account } = await resolvePasswordReset(ctx, token);
    const form = formBody(request);
    const expected = request.cookies[cookieName];
    if (!expected || !sameOrigin(ctx, request) || !sameSecret(field(form, '_csrf'), expected)) {
      throw new AppError('csrf_failed');
    }
    try {
      await usePasswordReset(ctx, token, { password: field(form, 'password'), confirm: field(form, 'confirm') });
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 400) throw err;
      const details = Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
      return render(reply, token, account.email, errorsByField(details), 400);
    }
    clearCookie(reply, cookies, cookieName);
    return seeOther(reply, `${panelPaths.signIn}?hecho=clave`);
  });
}
