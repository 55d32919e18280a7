// The second step of signing in, outside any session: the code after the password, or setting up the factor that
// REQUIRE_2FA asks for. The step has its own short-lived cookie; only a finished step sets the session cookie.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { provesMaskedToken } from '../../../auth/csrf-mask.ts';
import { secondFactorKey, startSecondFactor } from '../../../commands/second-factor.ts';
import { PENDING_MINUTES, SESSION_HOURS, type SignedIn } from '../../../commands/sign-in.ts';
import { signInWithCode, signInWithNewFactor } from '../../../commands/sign-in-second-step.ts';
import type { Context } from '../../../context.ts';
import type { SignInStep } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { loadPendingSignIn, type PendingSignIn } from '../../../queries/pending-sign-in.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { throttledMessage } from '../../../views/console/login-page.ts';
import { qrSvg } from '../../../views/console/qr-code.ts';
import {
  codeStepPage,
  recoveryCodesPage,
  secondFactorPaths,
  setupPage,
} from '../../../views/console/second-factor-pages.ts';
import { field } from '../../forms/form-body.ts';
import { formBody } from '../../request-values.ts';
import { sameOrigin, seeOther, sendPage } from './guard.ts';
import { type ConsoleCookies, clearCookie, setCookie } from './session-cookie.ts';

const WRONG_CODE = 'El código no es válido. Escriba el que muestra la aplicación ahora, o un código de recuperación.';
const WRONG_SETUP_CODE =
  'El código no es válido. Revise que la hora del teléfono sea la correcta y escriba el que muestra ahora.';

/** The cookie of a sign-in waiting for its second step, named after the session's (with its __Host- prefix). */
export function pendingCookie(cookies: ConsoleCookies): string {
  return `${cookies.session}_paso`;
}

/** After a right password: the step's cookie, then its page; or the whole session when nothing is owed. */
export function continueSignIn(
  reply: FastifyReply,
  cookies: ConsoleCookies,
  session: SignedIn & { pending: SignInStep | null },
  next: string,
) {
  if (session.pending === null) {
    setCookie(reply, cookies, cookies.session, session.token, SESSION_HOURS * 3600);
    return seeOther(reply, next);
  }
  setCookie(reply, cookies, pendingCookie(cookies), session.token, PENDING_MINUTES[session.pending] * 60);
  return seeOther(reply, session.pending === 'code' ? secondFactorPaths.code : secondFactorPaths.signInSetup);
}

export function secondFactorSignInRoutes(app: FastifyInstance, ctx: Context, cookies: ConsoleCookies): void {
  // A malformed TOTP_KEY stops the start here (ConfigError), not at some leader's first sign-in.
  secondFactorKey(ctx.config);
  const pending = (request: FastifyRequest, step: SignInStep) =>
    loadPendingSignIn(ctx, request.cookies[pendingCookie(cookies)], step);

  /** A form of this step: its cookie's row, from our own page. Without one the person starts over. */
  const posted = async (request: FastifyRequest, step: SignInStep) => {
    const form = formBody(request);
    const found = await pending(request, step);
    if (!found) return null;
    if (!sameOrigin(ctx, request) || !provesMaskedToken(field(form, '_csrf'), found.csrf))
      throw new AppError('csrf_failed');
    return { form, found };
  };

  const finish = (reply: FastifyReply, session: SignedIn) => {
    clearCookie(reply, cookies, pendingCookie(cookies));
    setCookie(reply, cookies, cookies.session, session.token, SESSION_HOURS * 3600);
  };

  const renderSetup = async (reply: FastifyReply, found: PendingSignIn, error: string | null, status = 200) => {
    const setup = await startSecondFactor(ctx, found.account, `panel:${found.account.email}`);
    const qr = await qrSvg(setup.uri, 'Código QR para la aplicación de autenticación');
    const page = setupPage(null, {
      csrf: found.csrf,
      action: secondFactorPaths.signInSetup,
      secret: setup.secret,
      qr,
      error,
      required: true,
    });
    return sendPage(reply, page, status);
  };

  app.get(secondFactorPaths.code, async (request, reply) => {
    const found = await pending(request, 'code');
    if (!found) return seeOther(reply, panelPaths.signIn);
    return sendPage(reply, codeStepPage({ csrf: found.csrf }));
  });

  app.post(secondFactorPaths.code, async (request, reply) => {
    const step = await posted(request, 'code');
    if (!step) return seeOther(reply, panelPaths.signIn);
    try {
      const session = await signInWithCode(ctx, step.found, { code: field(step.form, 'code'), address: request.ip });
      finish(reply, session);
      return seeOther(reply, panelPaths.home);
    } catch (err) {
      if (!(err instanceof AppError) || (err.code !== 'invalid_credentials' && err.code !== 'login_throttled')) {
        throw err;
      }
      const retryAfter = (err as AppError & { retryAfter?: number }).retryAfter;
      if (retryAfter) reply.header('retry-after', retryAfter);
      const error = retryAfter ? throttledMessage(retryAfter) : WRONG_CODE;
      return sendPage(reply, codeStepPage({ csrf: step.found.csrf, error }), err.status);
    }
  });

  app.get(secondFactorPaths.signInSetup, async (request, reply) => {
    const found = await pending(request, 'setup');
    if (!found) return seeOther(reply, panelPaths.signIn);
    return renderSetup(reply, found, null);
  });

  app.post(secondFactorPaths.signInSetup, async (request, reply) => {
    const step = await posted(request, 'setup');
    if (!step) return seeOther(reply, panelPaths.signIn);
    try {
      const done = await signInWithNewFactor(ctx, step.found, { code: field(step.form, 'code'), address: request.ip });
      finish(reply, done.session);
      // Shown in this answer, never through a redirect or a link: the codes exist only on this page.
      return sendPage(reply, recoveryCodesPage(null, done.recoveryCodes, panelPaths.home));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'invalid_credentials') throw err;
      return renderSetup(reply, step.found, WRONG_SETUP_CODE, err.status);
    }
  });
}
