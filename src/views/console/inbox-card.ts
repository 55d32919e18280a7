// One card of the review inbox: everything needed to judge a submission without opening it, its selection box
// (carrying the content version shown) and its one-tap decisions.
import { categoryLabel } from '../../domain/categories.ts';
import { municipalityByCode, municipalityLabel } from '../../domain/municipalities.ts';
import { formatAmount } from '../../domain/number-format.ts';
import type { InboxItem } from '../../queries/review-inbox.ts';
import { type Html, html } from '../html.ts';
import { ago, when } from './controls.ts';
import { joinCandidates } from './join-section.ts';
import { duplicateReasonLabels, typeLabels, urgencyLabels } from './labels.ts';
import { panelPaths } from './layout.ts';
import type { Content } from './record-fields.ts';

/** How much of the description a card shows: about two lines on a laptop. */
const EXCERPT = 180;

/** Something a leader should look at before deciding; a flagged card is never pre-selected. */
export interface CardFlag {
  code: string;
  label: string;
}

export interface CardState {
  now: Date;
  /** The inbox's filters and position as a query string, carried back after a decision. */
  back: string;
  flags: readonly CardFlag[];
  /** Pre-selected for "Aprobar seleccionadas": an unflagged card of the leader's batch or of a trusted source. */
  checked: boolean;
  /** Another leader holds it in a batch (urgent and rescue cards stay visible, marked). */
  claimedBy: string | null;
  /** The form the card's controls belong to. */
  form: string;
}

/** The content a decision would publish: a pending revision's, or the submission's. */
export function cardContent(item: InboxItem): Content & { title: string } {
  const record = item.record;
  if (item.isRevision && record.pending_revision) {
    const proposed = JSON.parse(record.pending_revision) as Content;
    return { ...proposed, type: record.type, title: proposed.title ?? record.title };
  }
  return record as Content & { title: string };
}

function excerpt(text: string | null | undefined): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= EXCERPT) return clean;
  const cut = clean.slice(0, EXCERPT);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Where it is and how precisely: the municipality, and whether the point is exact, approximate or missing. */
function place(content: Content): string {
  const m = municipalityByCode(content.municipality_code ?? null);
  const where = m ? municipalityLabel(m) : 'sin municipio';
  const hasPoint = content.latitude != null && content.longitude != null;
  const precision = !hasPoint
    ? 'sin punto exacto'
    : content.exact_location === 1
      ? 'punto exacto'
      : content.type === 'request'
        ? 'punto aproximado, 300 m'
        : 'punto en el mapa';
  return `${where} · ${precision}`;
}

function amount(content: Content): string | null {
  if (content.quantity_required != null) return formatAmount(content.quantity_required, content.unit);
  return content.resource_label ?? null;
}

/** The way it came in: the conversation's channel, or the source that sent it. */
function channel(item: InboxItem): string {
  const record = item.record;
  return record.arrived_by ? `${record.arrived_by} (${record.source})` : record.source;
}

export function inboxCard(slug: string, item: InboxItem, state: CardState): Html {
  const record = item.record;
  const content = cardContent(item);
  const title = content.title ?? record.title;
  const value = `${record.id}:${record.content_version}`;
  const review = `${panelPaths.review(slug, record.id)}${state.back ? `?${state.back}` : ''}`;
  const urgent = record.type === 'request' && content.urgency === 'urgent';
  const quantity = amount(content);
  // A pending submission repeating a published record can be joined to it in one tap.
  const joinable = item.isRevision
    ? []
    : joinCandidates(
        record,
        item.duplicates.map((d) => d.record),
      );
  const decide = panelPaths.review(slug, record.id);
  return html`<li class="card inbox-card${urgent ? ' urgent' : ''}${state.flags.length > 0 ? ' flagged' : ''}" id="c-${record.id}" data-id="${record.id}" data-version="${String(record.content_version)}" data-type="${record.type}"${
    item.duplicates.length > 0 ? html` data-dups="${item.duplicates.map((d) => d.record.id).join(' ')}"` : ''
  }>
<p class="pick"><input type="checkbox" id="sel-${record.id}" name="seleccion" value="${value}"${state.checked ? html` checked` : ''} form="${state.form}"><label for="sel-${record.id}"><span class="sr-only">Seleccionar «${title}»</span></label></p>
<div class="card-body">
<h2><a href="${review}">${title}</a></h2>
<p class="tags">${item.isRevision ? html`<strong class="tag">Revisión de un registro publicado</strong> ` : ''}<span>${typeLabels[record.type]} · ${categoryLabel(content.category ?? record.category)}${
    record.type === 'request' ? ` · ${urgencyLabels[content.urgency ?? record.urgency]}` : ''
  }</span>${state.flags.map((f) => html` <strong class="tag flag" data-flag="${f.code}">${f.label}</strong>`)}${
    state.claimedBy ? html` <strong class="tag claimed">lo está revisando ${state.claimedBy}</strong>` : ''
  }</p>
<p class="excerpt">${excerpt(content.description)}</p>${
    item.duplicates.length > 0
      ? html`
<p class="dups warn">Posible duplicado de ${item.duplicates.map(
          (d, i) =>
            html`${i > 0 ? ', ' : ''}<a href="${panelPaths.compare(slug, record.id, d.record.id)}">«${d.record.title}»</a> (${d.reasons
              .map((r) => duplicateReasonLabels[r])
              .join(' y ')})`,
        )}</p>`
      : ''
  }
</div>
<p class="meta">${quantity ? html`<strong>${quantity}</strong> · ` : ''}${place(content)}<br>${channel(item)} · <time datetime="${item.waitingSince}" title="${when(item.waitingSince)}">${ago(item.waitingSince, state.now)}</time></p>
<p class="card-actions"><button type="submit" form="${state.form}" formaction="${decide}/aprobar" name="version" value="${String(record.content_version)}" data-decision="aprobar">Aprobar<span class="sr-only"> «${title}»</span></button>${joinable.map(
    (kept) =>
      html` <button type="submit" class="secondary" form="${state.form}" formaction="${decide}/unir?conservar=${encodeURIComponent(kept.id)}" name="version" value="${String(record.content_version)}" data-decision="unir">Unir a «${kept.title}»</button>`,
  )} <a class="button secondary" href="${review}#rechazar" data-decision="rechazar">Rechazar<span class="sr-only"> «${title}»</span></a></p>
</li>`;
}
