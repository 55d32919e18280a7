// /centro/:token: a centre's own staff keep its inventory from a phone; the secret in the link is the key.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveEditLink } from '../../../commands/center-edit-links.ts';
import { removeInventoryLine } from '../../../commands/remove-inventory-line.ts';
import type { Context } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { centerInventoryLines } from '../../../queries/inventory.ts';
import type { HelpRow } from '../../../queries/record-in-emergency.ts';
import { editLinkPage } from '../../../views/console/edit-link-page.ts';
import type { LineFormState } from '../../../views/console/inventory-lines.ts';
import { formBody } from '../../request-values.ts';
import { afterSavedLine, savedLineFlash, saveLine } from './center-routes.ts';
import { flashFrom, sameOrigin, seeOther, sendPage } from './guard.ts';

type LinkRoute = { Params: { token: string } };
type LineRoute = { Params: { token: string; lineId: string } };

export function editLinkRoutes(app: FastifyInstance, ctx: Context): void {
  const path = (token: string) => `/centro/${encodeURIComponent(token)}`;
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    center: HelpRow & { editLinkExpiresAt: string },
    token: string,
    extra: { form?: LineFormState; status?: number } = {},
  ) => {
    const lines = await centerInventoryLines(ctx, center.id);
    const page = editLinkPage(center, path(token), {
      lines,
      form: extra.form,
      flash: savedLineFlash(request, lines) ?? flashFrom(request),
      expiresAt: center.editLinkExpiresAt,
    });
    return sendPage(reply, page, extra.status ?? 200);
  };
  /** Who changed it, for the audit log: the link, never its secret. */
  const actor = (center: { editLinkId: string }) => `enlace-centro:${center.editLinkId}`;
  /** The link is the credential; a form from another site is refused all the same. */
  const posted = async (request: FastifyRequest<LinkRoute>) => {
    if (!sameOrigin(ctx, request)) throw new AppError('csrf_failed');
    const { token } = request.params;
    return { token, center: await resolveEditLink(ctx, token), form: formBody(request) };
  };

  app.get<LinkRoute>('/centro/:token', async (request, reply) => {
    const { token } = request.params;
    return render(request, reply, await resolveEditLink(ctx, token), token);
  });

  app.post<LinkRoute>('/centro/:token/lineas', async (request, reply) => {
    const { token, center, form } = await posted(request);
    const result = await saveLine(ctx, center.id, form, actor(center));
    if ('problem' in result) return render(request, reply, center, token, { form: result.problem, status: 400 });
    return seeOther(reply, afterSavedLine(path(token), result.saved));
  });

  app.post<LineRoute>('/centro/:token/lineas/:lineId/quitar', async (request, reply) => {
    const { token, center } = await posted(request);
    const { lineId } = request.params;
    await removeInventoryLine(ctx, lineId, actor(center), { centerId: center.id });
    return seeOther(reply, `${path(token)}?hecho=guardado`);
  });
}
