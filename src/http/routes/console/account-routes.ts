// Admins only: the console's accounts, new leaders, turning accounts off and on, one-time password links.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAccount } from '../../../commands/create-account.ts';
import { createPasswordReset } from '../../../commands/password-resets.ts';
import { setAccountDisabled } from '../../../commands/set-account-disabled.ts';
import { setPlaceScope } from '../../../commands/set-place-scope.ts';
import type { Context } from '../../../context.ts';
import { AppError, type ErrorDetail, errorMessage, errorStatus } from '../../../errors.ts';
import { accountsWithEmergencies } from '../../../queries/accounts.ts';
import { consoleActor } from '../../../queries/console-session.ts';
import { allEmergencies } from '../../../queries/emergencies.ts';
import { placeScopesOfAccounts, typedPlaces } from '../../../queries/place-scope.ts';
import { accountsPage, placeFieldName } from '../../../views/console/accounts-page.ts';
import type { Errors } from '../../../views/console/controls.ts';
import { passwordResetPath } from '../../../views/console/password-reset-page.ts';
import { resetLinkPage } from '../../../views/console/reset-link-page.ts';
import { field } from '../../forms/form-body.ts';
import { errorsByField } from '../../forms/form-errors.ts';
import { checkForm, currentUser, flashFrom, frameFor, seeOther, sendPage } from './guard.ts';

type AccountRoute = { Params: { id: string } };

export function accountRoutes(app: FastifyInstance, ctx: Context): void {
  const admin = (request: FastifyRequest) => {
    const user = currentUser(request);
    if (user.role !== 'admin') throw new AppError('forbidden');
    return user;
  };
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    form: { values: Record<string, string | string[]>; errors: Errors; placeErrors?: Errors } = {
      values: {},
      errors: {},
    },
    status = 200,
  ) => {
    const user = admin(request);
    const [accounts, emergencies, frame, placeScopes] = await Promise.all([
      accountsWithEmergencies(ctx),
      allEmergencies(ctx),
      frameFor(ctx, user, null, flashFrom(request)),
      placeScopesOfAccounts(ctx),
    ]);
    const page = accountsPage(frame, {
      accounts,
      emergencies,
      placeScopes,
      ...form,
    });
    return sendPage(reply, page, status);
  };

  app.get('/cuentas', (request, reply) => render(request, reply));

  app.post('/cuentas', async (request, reply) => {
    const user = admin(request);
    const form = checkForm(ctx, request, user.csrf);
    const emergencies = [form.emergencies ?? []].flat();
    const values = { email: field(form, 'email'), name: field(form, 'name'), emergencies };
    // The list only offers existing emergencies: another slug comes from an altered form and is named beside it.
    const known = new Set((await allEmergencies(ctx)).map((e) => e.slug));
    if (emergencies.some((slug) => !known.has(slug))) {
      const errors = { emergencies: errorMessage('unknown_emergency', 'es') };
      return render(request, reply, { values, errors }, errorStatus('unknown_emergency'));
    }
    try {
      await createAccount(
        ctx,
        { ...values, password: field(form, 'password'), role: 'leader', emergencySlugs: emergencies },
        consoleActor(user),
      );
    } catch (err) {
      if (!(err instanceof AppError) || (err.status !== 400 && err.status !== 409)) throw err;
      const details = Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
      const errors =
        err.code === 'account_exists' ? { email: errorMessage('account_exists', 'es') } : errorsByField(details);
      return render(request, reply, { values, errors }, err.status);
    }
    return seeOther(reply, '/panel/cuentas?hecho=guardado');
  });

  // The link is shown once, in this answer (never stored in clear, never sent again): no redirect.
  app.post<AccountRoute>('/cuentas/:id/clave', async (request, reply) => {
    const user = admin(request);
    checkForm(ctx, request, user.csrf);
    const { id } = request.params;
    if (id === user.accountId) throw new AppError('forbidden');
    const issued = await createPasswordReset(ctx, { accountId: id }, consoleActor(user));
    const frame = await frameFor(ctx, user, null);
    const page = resetLinkPage(frame, {
      name: issued.account.name,
      email: issued.account.email,
      url: `${ctx.config.baseUrl}${passwordResetPath(issued.token)}`,
      expiresAt: issued.expiresAt,
    });
    return sendPage(reply, page);
  });

  // A leader limited to some municipalities or departments of one emergency; an empty field lifts the limit.
  app.post<AccountRoute>('/cuentas/:id/lugares', async (request, reply) => {
    const user = admin(request);
    const form = checkForm(ctx, request, user.csrf);
    const { id } = request.params;
    const slug = field(form, 'emergency');
    const name = placeFieldName(id, slug);
    const typed = field(form, name);
    try {
      await setPlaceScope(
        ctx,
        { account: { id }, emergencySlug: slug, places: typedPlaces(typed) },
        consoleActor(user),
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 400) throw err;
      const details = Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
      const message = details[0]?.message ?? errorMessage(err.code, 'es');
      return render(request, reply, { values: { [name]: typed }, errors: {}, placeErrors: { [name]: message } }, 400);
    }
    return seeOther(reply, '/panel/cuentas?hecho=guardado');
  });

  for (const [action, disabled] of [
    ['desactivar', true],
    ['activar', false],
  ] as const) {
    app.post<AccountRoute>(`/cuentas/:id/${action}`, async (request, reply) => {
      const user = admin(request);
      checkForm(ctx, request, user.csrf);
      const { id } = request.params;
      if (id === user.accountId) throw new AppError('forbidden');
      await setAccountDisabled(ctx, id, disabled, consoleActor(user));
      return seeOther(reply, '/panel/cuentas?hecho=guardado');
    });
  }
}
