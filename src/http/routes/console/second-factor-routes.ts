// "Segundo factor" on "Mi cuenta": set one up (QR code and secret), confirm it with a code (the recovery codes are
// shown once, in that answer), and turn it off with a code. Turning it off is counted by the sign-in's throttle.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  confirmSecondFactor,
  secondFactorKey,
  secondFactorRequired,
  startSecondFactor,
  turnOffSecondFactor,
  waitingSecondFactor,
} from '../../../commands/second-factor.ts';
import { countedCodeAttempt } from '../../../commands/second-factor-attempts.ts';
import type { Context } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { type ConsoleUser, consoleActor } from '../../../queries/console-session.ts';
import { secondFactorStatus } from '../../../queries/second-factor-status.ts';
import { accountPaths } from '../../../views/console/account-page.ts';
import { throttledMessage } from '../../../views/console/login-page.ts';
import { qrSvg } from '../../../views/console/qr-code.ts';
import {
  recoveryCodesPage,
  type SecondFactorView,
  secondFactorPaths,
  setupPage,
} from '../../../views/console/second-factor-pages.ts';
import { field } from '../../forms/form-body.ts';
import { checkForm, currentUser, frameFor, seeOther, sendPage } from './guard.ts';

const WRONG_CODE = 'El código no es válido. Escriba el que muestra la aplicación ahora.';

/** What "Mi cuenta" shows about the factor. */
export async function secondFactorView(ctx: Context, user: ConsoleUser): Promise<SecondFactorView> {
  const status = await secondFactorStatus(ctx, user.accountId);
  if (status.state === 'on') return { state: 'on', since: status.since, recoveryLeft: status.recoveryLeft };
  if (secondFactorKey(ctx.config) === null) return { state: 'unavailable' };
  return { state: 'off', required: secondFactorRequired(ctx.config, user.role) };
}

function holder(user: ConsoleUser) {
  return { id: user.accountId, email: user.email };
}

export function secondFactorRoutes(
  app: FastifyInstance,
  ctx: Context,
  renderAccount: (request: FastifyRequest, reply: FastifyReply, error: string, status: number) => Promise<unknown>,
): void {
  const renderSetup = async (request: FastifyRequest, reply: FastifyReply, error: string | null, status = 200) => {
    const user = currentUser(request);
    const setup = await waitingSecondFactor(ctx, holder(user));
    if (!setup) return seeOther(reply, `${accountPaths.page}#segundo-factor`);
    const [frame, qr] = await Promise.all([
      frameFor(ctx, user, null),
      qrSvg(setup.uri, 'Código QR para la aplicación de autenticación'),
    ]);
    const view = {
      csrf: user.csrf,
      action: secondFactorPaths.confirm,
      secret: setup.secret,
      qr,
      error,
      required: false,
    };
    return sendPage(reply, setupPage(frame, view), status);
  };

  app.post('/cuenta/segundo-factor', async (request, reply) => {
    const user = currentUser(request);
    checkForm(ctx, request, user.csrf);
    await startSecondFactor(ctx, holder(user), consoleActor(user));
    return seeOther(reply, secondFactorPaths.setup);
  });

  app.get('/cuenta/segundo-factor', (request, reply) => renderSetup(request, reply, null));

  app.post('/cuenta/segundo-factor/confirmar', async (request, reply) => {
    const user = currentUser(request);
    const form = checkForm(ctx, request, user.csrf);
    let codes: string[];
    try {
      codes = await confirmSecondFactor(ctx, holder(user), field(form, 'code'), consoleActor(user));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'invalid_credentials') throw err;
      return renderSetup(request, reply, WRONG_CODE, err.status);
    }
    // Shown in this answer only: never in a redirect, a link or a log.
    return sendPage(reply, recoveryCodesPage(await frameFor(ctx, user, null), codes, accountPaths.page));
  });

  app.post('/cuenta/segundo-factor/quitar', async (request, reply) => {
    const user = currentUser(request);
    const form = checkForm(ctx, request, user.csrf);
    try {
      await countedCodeAttempt(ctx, { email: user.email, address: request.ip }, () =>
        turnOffSecondFactor(ctx, holder(user), field(form, 'code'), consoleActor(user)),
      );
    } catch (err) {
      if (!(err instanceof AppError) || (err.code !== 'invalid_credentials' && err.code !== 'login_throttled')) {
        throw err;
      }
      const retryAfter = (err as AppError & { retryAfter?: number }).retryAfter;
      if (retryAfter) reply.header('retry-after', retryAfter);
      return renderAccount(request, reply, retryAfter ? throttledMessage(retryAfter) : WRONG_CODE, err.status);
    }
    return seeOther(reply, `${accountPaths.page}?hecho=segundo-factor-quitado#segundo-factor`);
  });
}
