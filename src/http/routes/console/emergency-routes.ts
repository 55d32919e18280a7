// The console's home (the user's emergencies) and, for admins, opening and closing emergencies and setting the
// public contact of each emergency's team.
import type { FastifyInstance } from 'fastify';
import { closeEmergency } from '../../../commands/close-emergency.ts';
import { createEmergency } from '../../../commands/create-emergency.ts';
import { setEmergencyContact } from '../../../commands/set-emergency-contact.ts';
import type { Context } from '../../../context.ts';
import { AppError, type ErrorDetail, errorMessage } from '../../../errors.ts';
import { type ConsoleUser, consoleActor, emergenciesFor } from '../../../queries/console-session.ts';
import { pendingCountsFor } from '../../../queries/pending-counts.ts';
import type { Errors } from '../../../views/console/controls.ts';
import { type ContactForm, homePage } from '../../../views/console/home-page.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { field } from '../../forms/form-body.ts';
import { errorsByField } from '../../forms/form-errors.ts';
import { formCoordinate } from '../../forms/submission-form.ts';
import { checkForm, currentUser, flashFrom, frameFor, seeOther, sendPage } from './guard.ts';

function requireAdmin(user: ConsoleUser): void {
  if (user.role !== 'admin') throw new AppError('forbidden');
}

export function emergencyRoutes(app: FastifyInstance, ctx: Context): void {
  const home = async (
    user: ConsoleUser,
    flash: string | null,
    form?: { values: Record<string, string>; errors: Errors },
    contactRetry: ContactForm | null = null,
  ) => {
    const emergencies = await emergenciesFor(ctx, user);
    // A leader limited to some places counts theirs (queries/pending-counts.ts).
    const counts = await pendingCountsFor(
      ctx,
      user,
      emergencies.map((e) => e.id),
    );
    const frame = await frameFor(ctx, user, null, flash);
    return homePage(
      { ...frame, title: 'Emergencias' },
      emergencies.map((e) => ({ ...e, pending: counts.get(e.id) ?? 0 })),
      user.role === 'admin' ? (form ?? { values: {}, errors: {} }) : null,
      contactRetry,
    );
  };

  app.get('/', async (request, reply) => sendPage(reply, await home(currentUser(request), flashFrom(request))));

  app.post('/emergencias', async (request, reply) => {
    const user = currentUser(request);
    requireAdmin(user);
    const form = checkForm(ctx, request, user.csrf);
    const values = Object.fromEntries(['slug', 'name', 'latitude', 'longitude'].map((n) => [n, field(form, n).trim()]));
    const coordinate = (name: string) => {
      if (values[name] === '') return undefined;
      const n = formCoordinate(values[name] as string);
      return typeof n === 'number' ? n : Number.NaN;
    };
    try {
      await createEmergency(
        ctx,
        {
          slug: values.slug as string,
          name: values.name as string,
          latitude: coordinate('latitude'),
          longitude: coordinate('longitude'),
        },
        consoleActor(user),
      );
    } catch (err) {
      if (!(err instanceof AppError) || (err.status !== 400 && err.code !== 'invalid_state')) throw err;
      const details = Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
      const errors =
        err.code === 'invalid_state'
          ? { slug: 'Ya existe una emergencia con ese identificador.' }
          : details.length > 0
            ? errorsByField(details)
            : { slug: errorMessage(err.code, 'es') };
      return sendPage(reply, await home(user, null, { values, errors }), 400);
    }
    return seeOther(reply, `${panelPaths.home}?hecho=creada`);
  });

  app.post<{ Params: { slug: string } }>('/emergencias/:slug/cerrar', async (request, reply) => {
    const user = currentUser(request);
    requireAdmin(user);
    const form = checkForm(ctx, request, user.csrf);
    if (field(form, 'confirmar') !== 'si') {
      throw new AppError('validation_failed', [
        { field: 'confirmar', code: 'required', message: 'Marque la casilla para confirmar que quiere cerrarla.' },
      ]);
    }
    await closeEmergency(ctx, request.params.slug, consoleActor(user));
    return seeOther(reply, `${panelPaths.home}?hecho=cerrada`);
  });

  app.post<{ Params: { slug: string } }>('/emergencias/:slug/contacto', async (request, reply) => {
    const user = currentUser(request);
    requireAdmin(user);
    const form = checkForm(ctx, request, user.csrf);
    const contact = field(form, 'contact');
    try {
      await setEmergencyContact(ctx, request.params.slug, contact, consoleActor(user));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'validation_failed') throw err;
      const details = Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
      const error = details[0]?.message ?? errorMessage(err.code, 'es');
      const retry = { slug: request.params.slug, value: contact, error };
      return sendPage(reply, await home(user, null, undefined, retry), 400);
    }
    return seeOther(reply, `${panelPaths.home}?hecho=guardado`);
  });
}
