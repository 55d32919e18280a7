// Who is asking (session cookie), whether a form really came from our page (CSRF), and how pages are sent.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { provesMaskedToken } from '../../../auth/csrf-mask.ts';
import { missingControllerSettings } from '../../../config.ts';
import type { Context } from '../../../context.ts';
import { ownOrigin } from '../../../contract/own-origin.ts';
import { AppError } from '../../../errors.ts';
import { type ConsoleUser, emergenciesFor, loadConsoleUser } from '../../../queries/console-session.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import { pendingCountsFor } from '../../../queries/pending-counts.ts';
import { openReportTotal } from '../../../queries/report-inbox.ts';
import type { ConsoleFrame } from '../../../views/console/layout.ts';
import type { Html } from '../../../views/html.ts';
import { type FormBody, field } from '../../forms/form-body.ts';
import { formBody, queryText } from '../../request-values.ts';
import type { ConsoleCookies } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    consoleUser: ConsoleUser | null;
  }
}

export function sendPage(reply: FastifyReply, page: Html, status = 200) {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').send(page.value);
}

/** 303 so the browser follows with a GET: reloading the result never repeats the decision. */
export function seeOther(reply: FastifyReply, location: string) {
  return reply.code(303).header('location', location).send();
}

export async function attachUser(ctx: Context, cookies: ConsoleCookies, request: FastifyRequest) {
  request.consoleUser = await loadConsoleUser(ctx, request.cookies[cookies.session]);
}

export function currentUser(request: FastifyRequest): ConsoleUser {
  const user = request.consoleUser;
  if (!user) throw new AppError('forbidden');
  return user;
}

/** The signed-in user when an administrator; 403 for a leader, before any form is read. */
export function adminUser(request: FastifyRequest): ConsoleUser {
  const user = currentUser(request);
  if (user.role !== 'admin') throw new AppError('forbidden');
  return user;
}

/**
 * A state-changing form must carry the session's token, masked as our pages write it (csrfField), and must not come
 * from another site. A script's fetch or sendBeacon sends the same masked token in `x-csrf-token` instead.
 */
export function checkForm(ctx: Context, request: FastifyRequest, expected: string): FormBody {
  const form = formBody(request);
  if (!sameOrigin(ctx, request) || !provesMaskedToken(sentToken(request, form), expected)) {
    throw new AppError('csrf_failed');
  }
  return form;
}

/** The form's `_csrf` field, or else the `x-csrf-token` header (one value: a repeated header proves nothing). */
function sentToken(request: FastifyRequest, form: FormBody): string | undefined {
  const fromForm = field(form, '_csrf');
  if (fromForm !== '') return fromForm;
  const header = request.headers['x-csrf-token'];
  return typeof header === 'string' ? header : undefined;
}

/** The form came from one of our pages: Origin (when the browser sends one) names this service. */
export function sameOrigin(ctx: Context, request: FastifyRequest): boolean {
  if (!ownOrigin(ctx.config.baseUrl).origin(request.headers.origin)) return false;
  return request.headers['sec-fetch-site'] !== 'cross-site';
}

export async function frameFor(
  ctx: Context,
  user: ConsoleUser,
  emergency: EmergencyRow | null,
  flash?: string | null,
): Promise<ConsoleFrame> {
  const counts = await pendingCountsFor(ctx, user, emergency ? [emergency.id] : undefined);
  const pending = emergency
    ? (counts.get(emergency.id) ?? 0)
    : user.role === 'admin'
      ? [...counts.values()].reduce((a, b) => a + b, 0)
      : (await emergenciesFor(ctx, user)).reduce((sum, e) => sum + (counts.get(e.id) ?? 0), 0);
  return {
    title: '',
    user: { name: user.name, email: user.email, csrf: user.csrf, isAdmin: user.role === 'admin' },
    pending,
    openReports: await openReportTotal(ctx, user, emergency),
    emergency: emergency ? { slug: emergency.slug, name: emergency.name, status: emergency.status } : undefined,
    flash: flash ?? null,
    controllerMissing: user.role === 'admin' ? missingControllerSettings(ctx.config) : [],
  };
}

const flashes: Record<string, string> = {
  aprobada: 'Publicación aprobada: ya es pública.',
  corregida: 'Correcciones guardadas y publicadas.',
  rechazada: 'Publicación rechazada. No se mostrará.',
  estado: 'Estado actualizado; ya se ve en la API y en las páginas.',
  cubierto: 'Cantidad cubierta actualizada.',
  creada: 'Emergencia creada.',
  cerrada: 'Emergencia cerrada: ya no recibe publicaciones.',
  guardado: 'Cambios guardados.',
  borrada: 'Datos personales borrados. La publicación se retiró de todas las páginas públicas.',
  respuesta: 'Respuesta puesta en la cola de envío: sale en unos segundos.',
  'respuesta-plantilla':
    'Respuesta puesta en la cola de envío: sale como plantilla aprobada, porque la ventana de 24 horas está cerrada.',
};

/** Messages after a redirect come from a fixed list: nothing a link carries is echoed. */
export function flashFrom(request: { query: unknown }): string | null {
  const key = queryText(request, 'hecho');
  return key !== undefined && Object.hasOwn(flashes, key) ? (flashes[key] ?? null) : null;
}
