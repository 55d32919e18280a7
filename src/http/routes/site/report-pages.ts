// GET+POST /ayudas/:id/reportar and GET /ayudas/:id/reporte-enviado: reporting a published record from the website,
// validated by the API's own schema and saved by the API's own command.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reportRecord } from '../../../commands/report-record.ts';
import type { Context } from '../../../context.ts';
import { clientScope } from '../../../domain/client-address.ts';
import { AppError } from '../../../errors.ts';
import { findHelp } from '../../../queries/get-help.ts';
import { parseInput } from '../../../schemas/parse.ts';
import { helpReport } from '../../../schemas/report.ts';
import { type Lang, localized } from '../../../views/site/document.ts';
import { type Errors, formRefusedPage } from '../../../views/site/pages/form-controls.ts';
import { notFoundPage } from '../../../views/site/pages/not-found-page.ts';
import {
  type ReportedRecord,
  reportFormPage,
  reportPath,
  reportStrings,
  reportThanksPage,
  reportThanksPath,
} from '../../../views/site/pages/report-page.ts';
import { field } from '../../forms/form-body.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { formBody } from '../../request-values.ts';
import { anonymousForms } from './anonymous-form.ts';
import { languageOf, type PageRoute, sitePage } from './site-page.ts';

const FORM_PATH = '/ayudas/:id/reportar';
type RecordRoute = PageRoute<typeof FORM_PATH>;

/** The record's id and title when it is published; anything else is "not found", as on its own page. */
async function reportable(ctx: Context, id: string): Promise<ReportedRecord | undefined> {
  const item = await findHelp(ctx, id);
  return item ? { id: item.id, title: item.title } : undefined;
}

/** A textarea's line breaks become spaces: a report's note is one paragraph. */
function oneParagraph(value: string): string {
  return value.replace(/\s*[\r\n\t]+\s*/g, ' ').trim();
}

/** Only string fields count: a JSON body sent here is read as a form with nothing else in it. */
function typed(request: { body: unknown }): { reason: string; note: string } {
  const form = formBody(request);
  return { reason: field(form, 'reason'), note: oneParagraph(field(form, 'note')) };
}

export function reportPages(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const anonymous = anonymousForms(ctx.config.baseUrl, ctx.config.tileUrl);
  const fromOurPages = anonymous.fromOurPages;
  const idOf = (request: FastifyRequest<RecordRoute>) => request.params.id;
  const missing = (id: string, lang: Lang, suffix: string) =>
    notFoundPage(`/ayudas/${encodeURIComponent(id)}/${suffix}`, lang);

  const sendDoc = anonymous.send;

  /** The form again with what was typed and what is wrong; nothing has been written. */
  const again = async (
    request: FastifyRequest<RecordRoute>,
    reply: FastifyReply,
    errors: Errors,
    extra: { status: number; formError?: string },
  ) => {
    const lang = languageOf(request);
    const record = await reportable(ctx, idOf(request));
    if (!record) return sendDoc(reply, missing(idOf(request), lang, 'reportar'));
    const doc = reportFormPage({
      lang,
      record,
      values: typed(request),
      errors,
      baseUrl: ctx.config.baseUrl,
      ...extra,
    });
    return sendDoc(reply, doc);
  };

  sitePage(app, ctx, limiters, FORM_PATH, async (request, lang) => {
    const record = await reportable(ctx, idOf(request));
    if (!record) return missing(idOf(request), lang, 'reportar');
    return reportFormPage({ lang, record, values: {}, errors: {}, baseUrl: ctx.config.baseUrl });
  });

  sitePage(app, ctx, limiters, '/ayudas/:id/reporte-enviado', async (request, lang) => {
    const record = await reportable(ctx, idOf(request));
    return record ? reportThanksPage(record, lang) : missing(idOf(request), lang, 'reporte-enviado');
  });

  app.post<RecordRoute>(
    FORM_PATH,
    {
      // After the body is read, so a refused send can still give the person back what they typed.
      preHandler: limiters.submissions,
      errorHandler: async (error: FastifyError | AppError, request, reply) => {
        if (error instanceof AppError && error.code === 'rate_limited') {
          return again(request, reply, {}, { status: 429, formError: reportStrings(languageOf(request)).rateLimited });
        }
        throw error;
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const t = reportStrings(lang);
      const id = idOf(request);
      if (!fromOurPages(request)) return sendDoc(reply, formRefusedPage(lang, reportPath(id), t.openForm));
      const values = typed(request);
      const body = {
        ...(values.reason ? { reason: values.reason } : {}),
        ...(values.note ? { note: values.note } : {}),
      };
      const parsed = parseInput(helpReport, body, lang);
      if (!parsed.ok) {
        const errors: Errors = {};
        for (const detail of parsed.details) {
          const name = detail.field.split('.')[0] || 'reason';
          errors[name] ??= name === 'reason' ? t.reasonError : detail.message;
        }
        return again(request, reply, errors, { status: 400 });
      }
      try {
        await reportRecord(ctx, id, parsed.value, clientScope(request.ip));
      } catch (err) {
        if (err instanceof AppError && err.code === 'help_not_found')
          return sendDoc(reply, missing(id, lang, 'reportar'));
        throw err;
      }
      // 303: reloading the thank-you page never sends the report again.
      return reply
        .code(303)
        .header('location', localized(reportThanksPath(id.toLowerCase()), lang))
        .send();
    },
  );
}
