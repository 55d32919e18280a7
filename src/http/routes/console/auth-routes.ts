// Sign in and sign out. Signing in always opens a new session: a cookie planted beforehand is worthless.
import type { FastifyInstance } from 'fastify';
import { newToken, sameSecret } from '../../../auth/tokens.ts';
import { signIn } from '../../../commands/sign-in.ts';
import { signOut } from '../../../commands/sign-out.ts';
import type { Context } from '../../../context.ts';
import { AppError, errorMessage } from '../../../errors.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { loginPage, throttledMessage } from '../../../views/console/login-page.ts';
import { field } from '../../forms/form-body.ts';
import { formBody, queryRecord } from '../../request-values.ts';
import { checkForm, sameOrigin, seeOther, sendPage } from './guard.ts';
import { continueSignIn } from './second-factor-sign-in-routes.ts';
import { type ConsoleCookies, clearCookie, setCookie } from './session-cookie.ts';

const SIGN_IN_COOKIE_SECONDS = 60 * 60;

/** Only console paths: the sign-in form never sends anyone to another site. */
function safeNext(raw: string): string | undefined {
  return /^\/panel(\/[A-Za-z0-9/_\-.%?=&]*)?$/.test(raw) && !raw.startsWith('//') ? raw : undefined;
}

export function authRoutes(app: FastifyInstance, ctx: Context, cookies: ConsoleCookies): void {
  app.get(panelPaths.signIn, async (request, reply) => {
    if (request.consoleUser) return seeOther(reply, panelPaths.home);
    const token = newToken();
    setCookie(reply, cookies, cookies.signIn, token, SIGN_IN_COOKIE_SECONDS);
    const query = queryRecord(request);
    const next = safeNext(String(query.volver ?? ''));
    const notice = query.hecho === 'clave' ? 'Contraseña guardada. Ingrese con la nueva.' : null;
    return sendPage(reply, loginPage({ csrf: token, next, notice }));
  });

  app.post(panelPaths.signIn, async (request, reply) => {
    const form = formBody(request);
    const expected = request.cookies[cookies.signIn];
    if (!expected || !sameOrigin(ctx, request) || !sameSecret(field(form, '_csrf'), expected)) {
      throw new AppError('csrf_failed');
    }
    const email = field(form, 'email');
    const next = safeNext(field(form, 'volver'));
    const again = (error: string, status: number) => {
      const token = newToken();
      setCookie(reply, cookies, cookies.signIn, token, SIGN_IN_COOKIE_SECONDS);
      return sendPage(reply, loginPage({ csrf: token, email, error, next }), status);
    };
    try {
      const session = await signIn(ctx, { email, password: field(form, 'password'), address: request.ip });
      clearCookie(reply, cookies, cookies.signIn);
      // A second step, when owed, comes before any session cookie is set.
      return continueSignIn(reply, cookies, session, next ?? panelPaths.home);
    } catch (err) {
      if (err instanceof AppError && (err.code === 'invalid_credentials' || err.code === 'login_throttled')) {
        const retryAfter = (err as AppError & { retryAfter?: number }).retryAfter;
        if (retryAfter) reply.header('retry-after', retryAfter);
        const message = retryAfter ? throttledMessage(retryAfter) : errorMessage(err.code, 'es');
        return again(message, err.status);
      }
      throw err;
    }
  });

  app.post(panelPaths.signOut, async (request, reply) => {
    const user = request.consoleUser;
    if (user) {
      checkForm(ctx, request, user.csrf);
      await signOut(ctx, user.sessionId);
    }
    clearCookie(reply, cookies, cookies.session);
    return seeOther(reply, panelPaths.signIn);
  });
}
