// Collection centres in the console: inventory lines and the centres' secret edit links.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createEditLink, renewEditLink, revokeEditLink } from '../../../commands/center-edit-links.ts';
import { removeInventoryLine } from '../../../commands/remove-inventory-line.ts';
import { parseInventoryLine, setInventoryLine } from '../../../commands/set-inventory-line.ts';
import type { Context } from '../../../context.ts';
import { editLinkExpired, editLinkExpiry } from '../../../domain/edit-link-expiry.ts';
import { AppError, detail, type ErrorDetail } from '../../../errors.ts';
import { consoleActor, emergencyFor, placeScopeIn } from '../../../queries/console-session.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import { centerEditLink, centerEditLinks, centerInventoryLines } from '../../../queries/inventory.ts';
import { leaderRecords } from '../../../queries/leader-records.ts';
import type { HelpRow } from '../../../queries/record-in-emergency.ts';
import type { InventoryLine } from '../../../schemas/inventory.ts';
import { centerPage } from '../../../views/console/center-page.ts';
import { centersPage } from '../../../views/console/centers-page.ts';
import { LINE_ID_FIELD, type LineFormState, savedLineMessage } from '../../../views/console/inventory-lines.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { type FormBody, field } from '../../forms/form-body.ts';
import { errorsByField } from '../../forms/form-errors.ts';
import { queryText } from '../../request-values.ts';
import { checkForm, currentUser, flashFrom, frameFor, seeOther, sendPage } from './guard.ts';
import { recordIn } from './review-routes.ts';

const CENTERS_SHOWN = 500;
const lineFields = ['kind', 'category', 'quantity', 'unit', 'note'] as const;

type EmergencyRoute = { Params: { slug: string } };
type CenterRoute = { Params: { slug: string; id: string } };
type LineRoute = { Params: { slug: string; id: string; lineId: string } };
type LinkRoute = { Params: { slug: string; id: string; linkId: string } };

export function lineInput(form: FormBody) {
  return Object.fromEntries(lineFields.map((name) => [name, field(form, name).trim()]));
}

/** The query parameter naming the line just saved; the page looks it up among the centre's own lines. */
const SAVED_LINE = 'guardada';

/** Where a saved line's form goes next: the same page, which then says what was saved. */
export function afterSavedLine(path: string, lineId: string): string {
  return `${path}?${SAVED_LINE}=${encodeURIComponent(lineId)}`;
}

/** "Guardamos 1.500 litros de Agua…" for the line the address names, if it is one of these; nothing is echoed. */
export function savedLineFlash(request: { query: unknown }, lines: InventoryLine[]): string | null {
  const id = queryText(request, SAVED_LINE);
  const line = id === undefined ? undefined : lines.find((l) => l.id === id);
  return line ? savedLineMessage(line) : null;
}

/**
 * Saves a line, from the form that adds one or from a line's own form (which sends the line's key as stored): the
 * saved line's id, or on bad input the form to send back, with the errors to show at the top and beside its fields.
 */
export async function saveLine(
  ctx: Context,
  centerId: string,
  form: FormBody,
  actor: string,
): Promise<{ saved: string } | { problem: LineFormState }> {
  const values = lineInput(form);
  const lineId = field(form, LINE_ID_FIELD).trim() || null;
  try {
    // Checked here, where the form's text is still untyped; the command takes (and checks again) a typed line.
    const line = await setInventoryLine(ctx, centerId, parseInventoryLine(values), actor);
    return { saved: line.id };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'validation_failed') throw err;
    const errors = errorsByField(Array.isArray(err.details) ? (err.details as ErrorDetail[]) : []);
    return { problem: { lineId, values, errors } };
  }
}

export function centerRoutes(app: FastifyInstance, ctx: Context): void {
  const scope = async (request: FastifyRequest<{ Params: { slug: string; id?: string } }>) => {
    const user = currentUser(request);
    const { slug, id } = request.params;
    const emergency = await emergencyFor(ctx, user, slug);
    return { user, emergency, id: id ?? '' };
  };
  const centerIn = async (emergency: EmergencyRow, id: string): Promise<HelpRow> => {
    const center = await recordIn(ctx, emergency, id);
    if (center.review_status !== 'approved' || center.type !== 'offer' || center.collection_center_status === null) {
      throw new AppError('not_found', [detail('id', 'not_a_collection_center', { value: id })]);
    }
    return center;
  };
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    emergency: EmergencyRow,
    center: HelpRow,
    extra: { form?: LineFormState; newLink?: string; status?: number } = {},
  ) => {
    const lines = await centerInventoryLines(ctx, center.id);
    const flash = savedLineFlash(request, lines) ?? flashFrom(request);
    const [links, frame] = await Promise.all([
      centerEditLinks(ctx, center.id),
      frameFor(ctx, currentUser(request), emergency, flash),
    ]);
    const now = ctx.now();
    const days = ctx.config.centerLinkDays;
    const page = centerPage(frame, {
      center,
      lines,
      links: links.map((link) => ({
        link,
        expiresAt: editLinkExpiry(link, days),
        expired: editLinkExpired(link, days, now),
      })),
      linkDays: days,
      form: extra.form,
      newLink: extra.newLink,
    });
    return sendPage(reply, page, extra.status ?? 200);
  };

  app.get<EmergencyRoute>('/e/:slug/centros', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const { rows } = await leaderRecords(
      ctx,
      emergency.id,
      { reviewStatus: 'approved', type: 'offer', centersOnly: true, places: placeScopeIn(user, emergency.id) },
      { limit: CENTERS_SHOWN, offset: 0 },
    );
    const centers = await Promise.all(
      rows.map(async (center) => {
        const lines = await centerInventoryLines(ctx, center.id);
        return { center, lines: lines.length, stale: lines.filter((l) => l.stale).length };
      }),
    );
    return sendPage(reply, centersPage(await frameFor(ctx, user, emergency, flashFrom(request)), centers));
  });

  app.get<CenterRoute>('/e/:slug/centros/:id', async (request, reply) => {
    const { emergency, id } = await scope(request);
    return render(request, reply, emergency, await centerIn(emergency, id));
  });

  app.post<CenterRoute>('/e/:slug/centros/:id/lineas', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    const form = checkForm(ctx, request, user.csrf);
    const center = await centerIn(emergency, id);
    const result = await saveLine(ctx, center.id, form, consoleActor(user));
    if ('problem' in result) return render(request, reply, emergency, center, { form: result.problem, status: 400 });
    return seeOther(reply, afterSavedLine(panelPaths.center(emergency.slug, id), result.saved));
  });

  app.post<LineRoute>('/e/:slug/centros/:id/lineas/:lineId/quitar', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    checkForm(ctx, request, user.csrf);
    const center = await centerIn(emergency, id);
    const { lineId } = request.params;
    await removeInventoryLine(ctx, lineId, consoleActor(user), { centerId: center.id });
    return seeOther(reply, `${panelPaths.center(emergency.slug, id)}?hecho=guardado`);
  });

  app.post<CenterRoute>('/e/:slug/centros/:id/enlaces', async (request, reply) => {
    const { user, emergency, id } = await scope(request);
    checkForm(ctx, request, user.csrf);
    const center = await centerIn(emergency, id);
    const link = await createEditLink(ctx, center.id, consoleActor(user));
    // Shown in this response only (no redirect): the secret is never stored or put in a URL we log.
    return render(request, reply, emergency, center, { newLink: `${ctx.config.baseUrl}/centro/${link.token}` });
  });

  /** The link named in the path, if it belongs to the centre in the path. */
  const linkOf = async (request: FastifyRequest<LinkRoute>) => {
    const { user, emergency, id } = await scope(request);
    checkForm(ctx, request, user.csrf);
    const center = await centerIn(emergency, id);
    const { linkId } = request.params;
    const link = await centerEditLink(ctx, linkId);
    if (!link || link.center_id !== center.id) throw new AppError('edit_link_invalid');
    return { user, back: `${panelPaths.center(emergency.slug, id)}?hecho=guardado`, linkId };
  };

  app.post<LinkRoute>('/e/:slug/centros/:id/enlaces/:linkId/revocar', async (request, reply) => {
    const { user, back, linkId } = await linkOf(request);
    await revokeEditLink(ctx, linkId, consoleActor(user));
    return seeOther(reply, back);
  });

  // Same link, same secret: the centre's staff keep the address they have; only its expiry moves.
  app.post<LinkRoute>('/e/:slug/centros/:id/enlaces/:linkId/renovar', async (request, reply) => {
    const { user, back, linkId } = await linkOf(request);
    await renewEditLink(ctx, linkId, consoleActor(user));
    return seeOther(reply, back);
  });
}
