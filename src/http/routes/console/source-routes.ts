// Admins only: registered integrations (list, add, new key, remove after confirming); keys are shown once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addSource, removeSource, rotateSourceKey } from '../../../commands/source-registration.ts';
import { trustSource, untrustSource } from '../../../commands/source-trust.ts';
import type { Context } from '../../../context.ts';
import { AppError, type ErrorDetail, errorMessage } from '../../../errors.ts';
import { consoleActor } from '../../../queries/console-session.ts';
import { getSource, listSourcesWithTrust } from '../../../queries/sources.ts';
import { removeSourcePage, SOURCES_PATH, sourcesPage } from '../../../views/console/sources-page.ts';
import { field } from '../../forms/form-body.ts';
import { checkForm, currentUser, flashFrom, frameFor, seeOther, sendPage } from './guard.ts';

type View = Omit<Parameters<typeof sourcesPage>[1], 'sources'>;
type SourceRoute = { Params: { name: string } };

export function sourceRoutes(app: FastifyInstance, ctx: Context): void {
  const admin = (request: FastifyRequest) => {
    const user = currentUser(request);
    if (user.role !== 'admin') throw new AppError('forbidden');
    return user;
  };
  const render = async (request: FastifyRequest, reply: FastifyReply, view: View, status = 200) => {
    const user = admin(request);
    const [sources, frame] = await Promise.all([
      listSourcesWithTrust(ctx),
      frameFor(ctx, user, null, flashFrom(request)),
    ]);
    return sendPage(reply, sourcesPage(frame, { sources, ...view }), status);
  };
  const nameOf = (request: FastifyRequest<SourceRoute>) => request.params.name;

  app.get('/integraciones', (request, reply) => render(request, reply, { values: {}, errors: {} }));

  app.post('/integraciones', async (request, reply) => {
    const user = admin(request);
    const form = checkForm(ctx, request, user.csrf);
    const name = field(form, 'name').trim();
    try {
      const issued = await addSource(ctx, name, consoleActor(user));
      // Answered here, not after a redirect: the key must not travel in a URL or be kept to show later.
      return render(request, reply, { issued: { ...issued, rotated: false }, values: {}, errors: {} });
    } catch (err) {
      if (!(err instanceof AppError) || (err.code !== 'validation_failed' && err.code !== 'source_exists')) throw err;
      const detail = Array.isArray(err.details) ? (err.details as ErrorDetail[])[0] : undefined;
      const message = err.code === 'source_exists' ? errorMessage('source_exists', 'es') : detail?.message;
      return render(request, reply, { values: { name }, errors: { name: message ?? '' } }, err.status);
    }
  });

  app.post<SourceRoute>('/integraciones/:name/rotar', async (request, reply) => {
    const user = admin(request);
    checkForm(ctx, request, user.csrf);
    const issued = await rotateSourceKey(ctx, nameOf(request), consoleActor(user));
    return render(request, reply, { issued: { ...issued, rotated: true }, values: {}, errors: {} });
  });

  app.get<SourceRoute>('/integraciones/:name/quitar', async (request, reply) => {
    const user = admin(request);
    const source = await getSource(ctx, nameOf(request));
    if (!source) throw new AppError('source_not_found');
    return sendPage(reply, removeSourcePage(await frameFor(ctx, user, null), source.name));
  });

  app.post<SourceRoute>('/integraciones/:name/quitar', async (request, reply) => {
    const user = admin(request);
    checkForm(ctx, request, user.csrf);
    await removeSource(ctx, nameOf(request), consoleActor(user));
    return seeOther(reply, `${SOURCES_PATH}?hecho=guardado`);
  });

  // Trusting only sorts the review (commands/source-trust.ts); own names are refused there, with their reason.
  for (const [action, change] of [
    ['confiar', trustSource],
    ['desconfiar', untrustSource],
  ] as const) {
    app.post<SourceRoute>(`/integraciones/:name/${action}`, async (request, reply) => {
      const user = admin(request);
      checkForm(ctx, request, user.csrf);
      try {
        await change(ctx, nameOf(request), consoleActor(user));
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'validation_failed') throw err;
        const message = (err.details as ErrorDetail[])[0]?.message ?? '';
        return render(request, reply, { values: {}, errors: { name: message } }, err.status);
      }
      return seeOther(reply, `${SOURCES_PATH}?hecho=guardado`);
    });
  }
}
