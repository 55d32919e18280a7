// The public website: pages and their Markdown twins, forms, static assets; compressed for weak connections.
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { activeEmergencyContacts } from '../../../queries/emergencies.ts';
import { privacyPage } from '../../../views/site/pages/privacy-page.ts';
import { registerFormBody } from '../../forms/form-body.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { codePages } from './code-pages.ts';
import { formPages } from './form-pages.ts';
import { helpChoicePages } from './help-choice-pages.ts';
import { infoPages } from './info-pages.ts';
import { numberProofPages } from './number-proof-pages.ts';
import { pledgePages } from './pledge-pages.ts';
import { publicPages } from './public-pages.ts';
import { reportPages } from './report-pages.ts';
import { routeClaimPages } from './route-claim-pages.ts';
import { sitePage } from './site-page.ts';
import { registerOwnAsset, staticRoutes } from './static-assets.ts';
import { statusPages } from './status-pages.ts';
import { withdrawPages } from './withdraw-pages.ts';

registerOwnAsset('sitio.css');

export async function siteRoutes(scope: FastifyInstance, ctx: Context, limiters: Limiters): Promise<void> {
  await scope.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Only the receipt's code travels in one (receipt-cookie.ts).
  await scope.register(cookie);
  registerFormBody(scope);
  const tiles = new URL(ctx.config.tileUrl.replace(/[{}]/g, '')).origin;
  const policy = [
    "default-src 'self'",
    `img-src 'self' data: ${tiles}`,
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
  scope.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', policy).header('referrer-policy', 'strict-origin-when-cross-origin');
  });
  staticRoutes(scope, limiters);
  sitePage(scope, ctx, limiters, '/privacidad', async (_request, lang) =>
    privacyPage(lang, {
      controllerName: ctx.config.dataControllerName,
      controllerContact: ctx.config.dataControllerContact,
      retention: ctx.config.retention,
      emergencies: await activeEmergencyContacts(ctx),
    }),
  );
  publicPages(scope, ctx, limiters);
  infoPages(scope, ctx, limiters);
  formPages(scope, ctx, limiters);
  helpChoicePages(scope, ctx, limiters);
  numberProofPages(scope, ctx, limiters);
  reportPages(scope, ctx, limiters);
  pledgePages(scope, ctx, limiters);
  routeClaimPages(scope, ctx, limiters);
  statusPages(scope, ctx, limiters);
  withdrawPages(scope, ctx, limiters);
  codePages(scope, ctx, limiters);
}
