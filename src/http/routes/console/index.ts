// The leaders' console: HTML pages and forms in their own scope (form bodies, cookies, CSRF, strict headers).
import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { AppError, errorMessage } from '../../../errors.ts';
import { errorPage } from '../../../views/console/error-page.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { FORM_MEDIA_TYPE_MESSAGE, registerFormBody } from '../../forms/form-body.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { accountRoutes } from './account-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { bulkDecisionRoutes } from './bulk-decision-routes.ts';
import { centerRoutes } from './center-routes.ts';
import { confirmationRoutes } from './confirmation-routes.ts';
import { editLinkRoutes } from './edit-link-routes.ts';
import { emergencyRoutes } from './emergency-routes.ts';
import { attachUser, seeOther, sendPage } from './guard.ts';
import { joinRoutes } from './join-routes.ts';
import { logisticsRoutes } from './logistics-routes.ts';
import { myAccountRoutes } from './my-account-routes.ts';
import { passwordResetRoutes } from './password-reset-routes.ts';
import { placeGuard } from './place-guard.ts';
import { pledgeRoutes } from './pledge-routes.ts';
import { privacyRoutes } from './privacy-routes.ts';
import { recordRoutes } from './record-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { reviewClaimRoutes } from './review-claim-routes.ts';
import { reviewRoutes } from './review-routes.ts';
import { routeClaimRoutes } from './route-claim-routes.ts';
import { secondFactorSignInRoutes } from './second-factor-sign-in-routes.ts';
import { consoleCookies } from './session-cookie.ts';
import { sourceRoutes } from './source-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';

const styles = readFileSync(new URL('../../../views/console/console.css', import.meta.url));
const script = readFileSync(new URL('../../../views/console/console.js', import.meta.url));

const titles: Record<number, string> = {
  400: 'Datos no válidos',
  401: 'No se pudo ingresar',
  403: 'Acceso no permitido',
  404: 'No encontrado',
  409: 'No se pudo hacer el cambio',
  415: 'Tipo de envío no admitido',
  429: 'Demasiados intentos',
};

export async function consoleRoutes(scope: FastifyInstance, ctx: Context, limiters: Limiters): Promise<void> {
  const cookies = consoleCookies(ctx.config);
  // A leader on a phone in the field loads long inboxes: compressed like the site. Compression next to a secret
  // in the page is what BREACH reads, which is why every form carries its CSRF token masked afresh (csrfField).
  await scope.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await scope.register(cookie);
  registerFormBody(scope);
  scope.decorateRequest('consoleUser', null);

  // Pages with private data: never cached, never framed, no referrer leaving the site; scripts only from our own
  // file (consola.js), none inline and no eval, and it may talk to this origin only.
  // (same-origin, not no-referrer: with no-referrer browsers send `Origin: null` on our own forms.)
  scope.addHook('onRequest', async (_request, reply) => {
    reply
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'same-origin');
  });

  scope.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const code = error instanceof AppError ? error.code : error.statusCode === 413 ? 'payload_too_large' : null;
    if (!code) {
      request.log.error({ err: error }, 'console request failed');
      return sendPage(reply, errorPage('Error', errorMessage('internal_error', 'es')), 500);
    }
    const status = error instanceof AppError ? error.status : 413;
    const message = code === 'unsupported_media_type' ? FORM_MEDIA_TYPE_MESSAGE : errorMessage(code, 'es');
    return sendPage(reply, errorPage(titles[status] ?? 'Error', message), status);
  });

  scope.get(panelPaths.styles, { onRequest: limiters.reads }, async (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(styles),
  );

  scope.get(panelPaths.script, { onRequest: limiters.reads }, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(script),
  );

  editLinkRoutes(scope, ctx);
  passwordResetRoutes(scope, ctx, cookies);
  secondFactorSignInRoutes(scope, ctx, cookies);

  await scope.register(async (panel) => {
    panel.addHook('preHandler', async (request, reply) => {
      await attachUser(ctx, cookies, request);
      const open = request.routeOptions.url === panelPaths.signIn || request.routeOptions.url === panelPaths.signOut;
      if (!request.consoleUser && !open) {
        const next = request.method === 'GET' ? `?volver=${encodeURIComponent(request.url)}` : '';
        return seeOther(reply, `${panelPaths.signIn}${next}`);
      }
    });
    authRoutes(panel, ctx, cookies);
    await panel.register(
      async (inner) => {
        inner.setNotFoundHandler((_request, reply) =>
          sendPage(reply, errorPage(titles[404] as string, errorMessage('not_found', 'es')), 404),
        );
        // Before any route: a leader limited to some places touches nothing outside them.
        placeGuard(inner, ctx);
        emergencyRoutes(inner, ctx);
        reviewRoutes(inner, ctx);
        reviewClaimRoutes(inner, ctx);
        bulkDecisionRoutes(inner, ctx);
        joinRoutes(inner, ctx);
        recordRoutes(inner, ctx);
        logisticsRoutes(inner, ctx);
        routeClaimRoutes(inner, ctx);
        pledgeRoutes(inner, ctx);
        confirmationRoutes(inner, ctx);
        centerRoutes(inner, ctx);
        accountRoutes(inner, ctx);
        reportRoutes(inner, ctx);
        myAccountRoutes(inner, ctx);
        sourceRoutes(inner, ctx);
        webhookRoutes(inner, ctx);
        privacyRoutes(inner, ctx);
      },
      { prefix: '/panel' },
    );
  });
}
