// The inbox as a leader sees it for a request's filters (console routes share it), and the way back to it after a
// decision: same filters, same page, the next card in view.
import type { FastifyRequest } from 'fastify';
import type { Context } from '../../../context.ts';
import { isTrustedLane } from '../../../domain/trusted-lane.ts';
import { type ConsoleUser, placeScopeIn } from '../../../queries/console-session.ts';
import { duplicateClusters } from '../../../queries/duplicate-clusters.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import type { HelpRow } from '../../../queries/record-in-emergency.ts';
import { flagsFor } from '../../../queries/review-flags.ts';
import {
  INBOX_PAGE,
  type InboxFilterField,
  inboxSources,
  nextInInbox,
  parseInboxFilter,
  reviewInbox,
} from '../../../queries/review-inbox.ts';
import { reviewStats } from '../../../queries/review-stats.ts';
import { backlogSummary } from '../../../views/console/backlog-summary.ts';
import type { Errors } from '../../../views/console/controls.ts';
import type { CardFlag } from '../../../views/console/inbox-card.ts';
import { type InboxParam, type InboxView, inboxHref, inboxParams } from '../../../views/console/inbox-page.ts';
import { reviewFlagLabels } from '../../../views/console/labels.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { type FormBody, field } from '../../forms/form-body.ts';
import { queryRecord } from '../../request-values.ts';

/** Sources listed in the inbox's source filter. */
const SOURCE_OPTIONS = 50;

/** Inbox filter (query parameter) -> the field the shared parser names. */
const filterFields: Record<InboxParam | 'despues', InboxFilterField> = {
  categoria: 'category',
  tipo: 'type',
  urgencia: 'urgency',
  origen: 'source',
  espera: 'olderThanHours',
  despues: 'after',
};

/** Where the inbox stood: its filters, the cursor its page started after, and whether it showed the held batch. */
export interface InboxPlace {
  values: InboxView['values'];
  after: string | null;
  batch: boolean;
}

/** One inbox filter: the last value when repeated, undefined when absent. */
function filterText(query: Record<string, string | string[]>, name: string): string | undefined {
  const value = query[name];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last?.slice(0, 300);
}

function placeFrom(query: Record<string, string | string[]>): InboxPlace {
  const values: InboxView['values'] = {};
  for (const name of inboxParams) values[name] = filterText(query, name);
  return { values, after: filterText(query, 'despues') ?? null, batch: filterText(query, 'lote') === '1' };
}

/** The place a GET names in its query string. */
export function placeOfRequest(request: FastifyRequest): InboxPlace {
  return placeFrom(queryRecord(request));
}

/** The place a decision form carries in `volver` (the inbox's query string); only the inbox's own names are read. */
export function placeOfForm(form: FormBody): InboxPlace {
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(field(form, 'volver').slice(0, 2000))) query[name] = value;
  return placeFrom(query);
}

/** The filters a form carries as fields of their own (taking a batch, rejecting all that match). */
export function placeOfFields(form: FormBody): InboxPlace {
  return { ...placeFrom(form), after: null, batch: false };
}

/** Whether any filter is set: a bulk action on "all that match" needs one. */
export function filtered(place: InboxPlace): boolean {
  return inboxParams.some((name) => (place.values[name] ?? '').trim() !== '');
}

/** The place's filters read by the one parser, with the inbox form's messages by query parameter. */
export function parsedPlace(place: InboxPlace) {
  const result = parseInboxFilter({
    category: place.values.categoria,
    type: place.values.tipo,
    urgency: place.values.urgencia,
    source: place.values.origen,
    olderThanHours: place.values.espera,
    after: place.after ?? undefined,
  });
  const errors: Errors = {};
  for (const [param, name] of Object.entries(filterFields)) {
    const message = result.errors[name];
    if (message) errors[param] = message;
  }
  return { ...result, fieldErrors: errors, valid: Object.keys(errors).length === 0 };
}

/** The inbox page for a place, as this leader sees it; extra carries what a refused or finished bulk form had. */
export async function inboxView(
  ctx: Context,
  user: ConsoleUser,
  emergency: EmergencyRow,
  place: InboxPlace,
  extra: Pick<InboxView, 'bulk' | 'result'> = {},
): Promise<InboxView> {
  const filter = parsedPlace(place);
  const [page, sources, stats] = await Promise.all([
    filter.valid
      ? reviewInbox(ctx, {
          emergencyId: emergency.id,
          filter: {
            ...filter.filter,
            // Cards another leader holds in a batch are not this leader's (urgent and rescue ones stay, marked).
            viewerAccountId: user.accountId,
            ...(place.batch ? { onlyClaimedBy: user.accountId } : {}),
          },
          places: placeScopeIn(user, emergency.id),
          after: filter.after,
          limit: INBOX_PAGE,
          duplicates: true,
        })
      : null,
    inboxSources(ctx, emergency.id, SOURCE_OPTIONS),
    reviewStats(ctx, emergency.id),
  ]);
  const items = page?.items ?? [];
  const found = await flagsFor(
    ctx,
    items.map((i) => i.record),
    new Map(items.map((i) => [i.record.id, i.duplicates.length])),
  );
  const flags = new Map<string, CardFlag[]>(
    [...found].map(([id, kinds]) => [id, kinds.map((code) => ({ code, label: reviewFlagLabels[code] }))]),
  );
  return {
    page,
    now: ctx.now(),
    values: place.values,
    errors: filter.fieldErrors,
    sources,
    after: filter.valid ? place.after : null,
    batch: place.batch,
    flags,
    clusters: duplicateClusters(items).map((c) => c.items.map((i) => i.record.id)),
    trusted: new Set(items.filter((i) => isTrustedLane(i.record)).map((i) => i.record.id)),
    claimedBy: new Map(
      items.flatMap((i) =>
        i.record.claimed_by_name && !i.record.claimed_by_me ? [[i.record.id, i.record.claimed_by_name] as const] : [],
      ),
    ),
    backlog: backlogSummary(stats, (id) => panelPaths.review(emergency.slug, id)),
    ...extra,
  };
}

/**
 * Where a leader goes after deciding on one card: the inbox at the same filters and page, scrolled to the card
 * that followed the decided one (the record as it was before the decision gives its place in the order).
 */
export async function afterDecision(
  ctx: Context,
  user: ConsoleUser,
  emergency: EmergencyRow,
  place: InboxPlace,
  decided: HelpRow,
  done: string,
): Promise<string> {
  const filter = parsedPlace(place);
  const href = inboxHref(emergency.slug, place.values, filter.valid ? place.after : null, place.batch);
  const query = `hecho=${done}&publicacion=${encodeURIComponent(decided.id)}`;
  let anchor = '';
  if (filter.valid) {
    const next = await nextInInbox(ctx, {
      emergencyId: emergency.id,
      filter: {
        ...filter.filter,
        viewerAccountId: user.accountId,
        ...(place.batch ? { onlyClaimedBy: user.accountId } : {}),
      },
      places: placeScopeIn(user, emergency.id),
      after: {
        urgentRank: decided.urgency === 'urgent' ? 0 : 1,
        waitingSince: decided.revision_submitted_at ?? decided.submitted_at,
        id: decided.id,
      },
    });
    if (next) anchor = `#c-${next}`;
  }
  return `${href}${href.includes('?') ? '&' : '?'}${query}${anchor}`;
}
