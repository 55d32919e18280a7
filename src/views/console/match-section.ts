// "Coincidencias sugeridas" on a leader's record page: the suggestions for the record, each with why, and
// "Proponer": a WhatsApp message ready for each side, which the leader sends (the service sends nothing).
import { whatsappUrl } from '../../domain/phone.ts';
import type { LeaderMatch } from '../../queries/leader-matches.ts';
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import { type Html, html } from '../html.ts';
import { panelPaths } from './layout.ts';

interface Side {
  title: string;
  url: string;
  name: string | null;
  whatsapp: string | null;
}

/** The message to one side of the pair about the other. */
export function proposal(to: Side, other: Side, toIsRequest: boolean, emergency: string): string {
  const greeting = `Hola${to.name ? ` ${to.name}` : ''}, le escribe el equipo de la emergencia ${emergency}.`;
  return toIsRequest
    ? `${greeting} Este ofrecimiento podría cubrir su solicitud «${to.title}»: «${other.title}» ${other.url} ¿Le sirve? Responda a este mensaje.`
    : `${greeting} Su ofrecimiento «${to.title}» podría cubrir esta solicitud: «${other.title}» ${other.url} ¿Puede ayudar? Responda a este mensaje.`;
}

function proposeLinks(subject: Side, match: Side, subjectIsRequest: boolean, emergency: string): Html {
  const links = [
    match.whatsapp
      ? html`<a class="button" rel="noreferrer" href="${whatsappUrl(match.whatsapp, proposal(match, subject, !subjectIsRequest, emergency))}">Proponer a ${match.name ?? 'este registro'}</a>`
      : '',
    subject.whatsapp
      ? html`<a class="button" rel="noreferrer" href="${whatsappUrl(subject.whatsapp, proposal(subject, match, subjectIsRequest, emergency))}">Proponer a ${subject.name ?? 'quien envió este registro'}</a>`
      : '',
  ];
  return links.some((link) => link !== '') ? html`${links}` : html`<span class="meta">sin WhatsApp</span>`;
}

export function matchSection(
  slug: string,
  emergency: string,
  record: HelpRow,
  publicUrl: string,
  matches: LeaderMatch[],
): Html {
  const subjectIsRequest = record.type === 'request';
  const subject: Side = {
    title: record.title,
    url: publicUrl,
    name: record.contact_name || null,
    whatsapp: record.contact_whatsapp || null,
  };
  const heading = subjectIsRequest ? 'Quién podría cubrirla' : 'A quién podría ayudar';
  if (matches.length === 0) {
    return html`<section class="card" id="coincidencias"><h2>Coincidencias sugeridas: ${heading}</h2><p class="meta">Nada publicado de la misma categoría en esta emergencia por ahora.</p></section>`;
  }
  return html`<section class="card" id="coincidencias"><h2>Coincidencias sugeridas: ${heading}</h2>
<p class="meta">La mejor primero (cercanía, urgencia, parte pendiente y espera). Son sugerencias: nada cambia y nadie recibe nada hasta que usted envía el mensaje.</p>
<ul>${matches.map((match) => {
    const side: Side = {
      title: match.title,
      url: match.publicUrl,
      name: match.contactName,
      whatsapp: match.contactWhatsapp,
    };
    return html`<li><a href="${panelPaths.record(slug, match.id)}">${match.title}</a> — ${match.reason} <span class="meta">(puntaje ${match.score.toFixed(2)})</span><br>${proposeLinks(subject, side, subjectIsRequest, emergency)}</li>`;
  })}</ul></section>`;
}
