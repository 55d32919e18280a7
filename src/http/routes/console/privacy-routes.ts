// Administrators only: a person's habeas data request by WhatsApp number. The number travels in POST bodies only
// (never in an address or a log); every answer is no-store, the JSON download too.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eraseByWhatsapp } from '../../../commands/personal-data/erase.ts';
import { exportPersonalData } from '../../../commands/personal-data/export.ts';
import type { PersonalDataExport } from '../../../commands/personal-data/types.ts';
import type { Context } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { consoleActor } from '../../../queries/console-session.ts';
import {
  privacyErasedPage,
  privacyExportPage,
  privacyFormPage,
  WHATSAPP_FIELD,
} from '../../../views/console/privacy-page.ts';
import type { Html } from '../../../views/html.ts';
import { type FormBody, field } from '../../forms/form-body.ts';
import { readErasure } from './erasure-form.ts';
import { adminUser, checkForm, frameFor, sendPage } from './guard.ts';

/** Longer than any number a person types with spaces and dashes: anything longer is not one. */
const WHATSAPP_MAX = 40;

const BAD_NUMBER =
  'Escriba un número de WhatsApp válido: un celular colombiano (3001234567) o un número internacional con + (+57 300 123 4567).';

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/** Paths under the console's /panel prefix: privacyPaths in the view names the same ones in full. */
export function privacyRoutes(app: FastifyInstance, ctx: Context): void {
  const send = (reply: FastifyReply, page: Html, status = 200) => sendPage(noStore(reply), page, status);

  /** The form again with what was typed and why it was refused. */
  const refused = async (request: FastifyRequest, reply: FastifyReply, typed: string) => {
    const frame = await frameFor(ctx, adminUser(request), null);
    const page = privacyFormPage(frame, {
      value: typed.slice(0, WHATSAPP_MAX),
      errors: { [WHATSAPP_FIELD]: BAD_NUMBER },
    });
    return send(reply, page, 400);
  };

  /** The export for the form's number; undefined when the number is not one (the caller shows the form again). */
  const lookUp = async (form: FormBody): Promise<PersonalDataExport | undefined> => {
    const typed = field(form, WHATSAPP_FIELD).trim();
    if (!typed || typed.length > WHATSAPP_MAX) return undefined;
    try {
      return await exportPersonalData(ctx, typed);
    } catch (err) {
      if (err instanceof AppError && err.code === 'validation_failed') return undefined;
      throw err;
    }
  };

  app.get('/datos-personales', async (request, reply) => {
    const frame = await frameFor(ctx, adminUser(request), null);
    return send(reply, privacyFormPage(frame, {}));
  });

  app.post('/datos-personales/consultar', async (request, reply) => {
    const user = adminUser(request);
    const form = checkForm(ctx, request, user.csrf);
    const data = await lookUp(form);
    if (!data) return refused(request, reply, field(form, WHATSAPP_FIELD));
    return send(reply, privacyExportPage(await frameFor(ctx, user, null), { data }));
  });

  app.post('/datos-personales/descargar', async (request, reply) => {
    const user = adminUser(request);
    const form = checkForm(ctx, request, user.csrf);
    const data = await lookUp(form);
    if (!data) return refused(request, reply, field(form, WHATSAPP_FIELD));
    const day = data.generatedAt.slice(0, 10);
    return noStore(reply)
      .code(200)
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="datos-personales-${day}.json"`)
      .send(JSON.stringify(data, null, 2));
  });

  app.post('/datos-personales/borrar', async (request, reply) => {
    const user = adminUser(request);
    const form = checkForm(ctx, request, user.csrf);
    const typed = field(form, WHATSAPP_FIELD).trim();
    const input = readErasure(form);
    if (!input.ok) {
      // The list again, with the erase form's problems beside its fields: nothing was erased.
      const data = await lookUp(form);
      if (!data) return refused(request, reply, typed);
      const page = privacyExportPage(await frameFor(ctx, user, null), { data, erase: input });
      return send(reply, page, 400);
    }
    if (!typed || typed.length > WHATSAPP_MAX) return refused(request, reply, typed);
    let report: Awaited<ReturnType<typeof eraseByWhatsapp>>;
    try {
      report = await eraseByWhatsapp(ctx, typed, consoleActor(user), input.reason);
    } catch (err) {
      if (err instanceof AppError && err.code === 'validation_failed') return refused(request, reply, typed);
      throw err;
    }
    return send(reply, privacyErasedPage(await frameFor(ctx, user, null), report));
  });
}
