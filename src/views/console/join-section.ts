// "Unir a esta publicación": a pending submission that repeats a published record of the same need is joined to it
// (commands/join-duplicate.ts): not published, not rejected, its person told where to follow it. Offered on the
// review page and the compare page, only with published records of the same type to choose from.
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import { type Html, html } from '../html.ts';
import { textarea } from './controls.ts';
import { csrfField, panelPaths } from './layout.ts';

type Candidate = Pick<HelpRow, 'id' | 'type' | 'title' | 'review_status'>;

/** The records a submission may be joined to: published, same type, not itself. */
export function joinCandidates(record: Pick<HelpRow, 'id' | 'type'>, others: readonly Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return others.filter((other) => {
    const fits = other.id !== record.id && other.type === record.type && other.review_status === 'approved';
    if (!fits || seen.has(other.id)) return false;
    seen.add(other.id);
    return true;
  });
}

/** The form, or nothing when the record is not a pending submission or no published duplicate fits. */
export function joinSection(
  slug: string,
  csrf: string,
  record: Pick<HelpRow, 'id' | 'type' | 'review_status' | 'content_version'>,
  others: readonly Candidate[],
  error?: string,
): Html | '' {
  if (record.review_status !== 'pending_review') return '';
  const candidates = joinCandidates(record, others);
  if (candidates.length === 0) return '';
  const action = `${panelPaths.review(slug, record.id)}/unir`;
  const what = record.type === 'request' ? 'solicitud' : 'ofrecimiento';
  return html`<section class="card" id="unir"><h2>Unir a esta publicación</h2>
<p class="note">Si este envío repite una publicación ya publicada, únalo a ella: no se publica ni cuenta como rechazado, y a quien lo envió se le avisa con el enlace de la publicación. Sus datos de contacto no se copian a ella.</p>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post" action="${action}">${csrfField(csrf)}<input type="hidden" name="version" value="${String(record.content_version)}">
<fieldset><legend>Publicación que se conserva (${what} publicada)</legend>${candidates.map(
    (c, i) =>
      html`<p><label><input type="radio" name="conservar" value="${c.id}"${i === 0 ? html` checked` : ''} required> «${c.title}» <a href="${panelPaths.record(slug, c.id)}">ver</a></label></p>`,
  )}</fieldset>
${textarea({ name: 'note', label: 'Nota para los líderes (opcional)', maxlength: 300, help: 'Solo la ven los líderes.' })}
<p><button type="submit">Unir a esta publicación</button></p></form></section>`;
}

/**
 * For the inbox: one form that joins the selected pending cards of a duplicate cluster to one published record. Each
 * card carries the version shown (`seleccion` = id:version); one changed since is skipped and listed.
 */
export function clusterJoinForm(
  slug: string,
  csrf: string,
  cards: readonly Pick<HelpRow, 'id' | 'type' | 'title' | 'review_status' | 'content_version'>[],
  others: readonly Candidate[],
): Html | '' {
  const pending = cards.filter((c) => c.review_status === 'pending_review');
  const first = pending[0];
  if (!first) return '';
  const candidates = joinCandidates(first, others);
  if (candidates.length === 0) return '';
  return html`<form method="post" action="${panelPaths.inbox(slug)}/unir-seleccionados" class="card join-cluster">${csrfField(csrf)}
<fieldset><legend>Unir estos envíos</legend>${pending
    .filter((c) => c.type === first.type)
    .map(
      (c) =>
        html`<p><label><input type="checkbox" name="seleccion" value="${c.id}:${String(c.content_version)}"> «${c.title}»</label></p>`,
    )}</fieldset>
<fieldset><legend>a la publicación</legend>${candidates.map(
    (c, i) =>
      html`<p><label><input type="radio" name="conservar" value="${c.id}"${i === 0 ? html` checked` : ''} required> «${c.title}»</label></p>`,
  )}</fieldset>
<p><button type="submit">Unir los seleccionados</button></p></form>`;
}

/** What a bulk join did: the joined ones, and the skipped ones with why. */
export function joinResultSection(
  slug: string,
  kept: Pick<HelpRow, 'id' | 'title'>,
  result: {
    decided: { id: string; title: string }[];
    skipped: { id: string; title: string | null; reason: string }[];
  },
): Html {
  const why: Record<string, string> = {
    stale_version: 'cambió desde que la vio: revísela de nuevo',
    not_pending: 'ya no espera revisión',
    not_found: 'no está en esta emergencia',
  };
  return html`<section class="card" role="status"><h2>Unidas a «${kept.title}»: ${String(result.decided.length)}</h2>
${result.decided.length > 0 ? html`<ul>${result.decided.map((r) => html`<li>${r.title}</li>`)}</ul>` : ''}
${
  result.skipped.length > 0
    ? html`<h3>No se unieron: ${String(result.skipped.length)}</h3><ul>${result.skipped.map(
        (s) =>
          html`<li><a href="${panelPaths.review(slug, s.id)}">${s.title ?? s.id}</a>: ${why[s.reason] ?? s.reason}</li>`,
      )}</ul>`
    : ''
}
<p><a href="${panelPaths.inbox(slug)}">Volver a la bandeja</a> · <a href="${panelPaths.record(slug, kept.id)}">Ver la publicación</a></p></section>`;
}
