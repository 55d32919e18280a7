// GET+POST /codigo: one door for every code a person holds. The POST answers with the code's own page (a
// submission's state, a pledge, a route claim), never a redirect, so the code never enters an address; a support
// reference is explained; an unknown code and a malformed one get the same page. Lookups count against the same
// per-address budget as /estado, /compromisos and /mi-ruta (limiters.statusLookups): four doors, one budget.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import type { Lang } from '../../../views/site/document.ts';
import { CODE_FIELD, CODE_PATH, codeFormPage, codeStrings } from '../../../views/site/pages/code-page.ts';
import { formRefusedPage, type LookupProblem } from '../../../views/site/pages/form-controls.ts';
import { field } from '../../forms/form-body.ts';
import { type Limiters, STATUS_LOOKUPS_PER_MINUTE } from '../../plugins/rate-limit.ts';
import { formBody } from '../../request-values.ts';
import { anonymousForms } from './anonymous-form.ts';
import { codeAnswer } from './code-answer.ts';
import { languageOf, sitePage } from './site-page.ts';

export function codePages(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const anonymous = anonymousForms(ctx.config.baseUrl, ctx.config.tileUrl);
  const page = (lang: Lang, problem?: LookupProblem) =>
    codeFormPage({ lang, lookupsPerMinute: STATUS_LOOKUPS_PER_MINUTE, problem });

  sitePage(app, ctx, limiters, CODE_PATH, async (_request, lang) => page(lang));

  app.post(
    CODE_PATH,
    {
      // Counted before the body is read: a refused lookup costs nothing and reveals nothing.
      onRequest: limiters.statusLookups,
      errorHandler: anonymous.rateLimitedPage((request) => page(languageOf(request), 'rate_limited')),
    },
    async (request, reply) => {
      const lang = languageOf(request);
      if (!anonymous.fromOurPages(request)) {
        return anonymous.send(reply, formRefusedPage(lang, CODE_PATH, codeStrings(lang).forbidden));
      }
      // Only a string field counts: a JSON body sent here is read as a form with nothing in it.
      const answer = await codeAnswer(ctx, field(formBody(request), CODE_FIELD), lang);
      return anonymous.send(reply, answer ?? page(lang, 'not_found'));
    },
  );
}
