// One centre for its leaders: inventory lines, and the secret edit links its own staff use.
import { whatsappUrl } from '../../domain/phone.ts';
import type { EditLinkRow } from '../../queries/inventory.ts';
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import type { InventoryLine } from '../../schemas/inventory.ts';
import { type Html, html } from '../html.ts';
import { when } from './controls.ts';
import { type LineFormState, lineErrors, lineForm, linesSection } from './inventory-lines.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';

/** A link with when it stops working (stored, or creation plus the configured days for older links). */
export interface CenterLinkView {
  link: EditLinkRow;
  expiresAt: string;
  expired: boolean;
}

export interface CenterView {
  center: HelpRow;
  lines: InventoryLine[];
  links: CenterLinkView[];
  /** The line form sent back with problems, if any. */
  form?: LineFormState | null;
  /** CENTER_LINK_DAYS, said beside the links. */
  linkDays: number;
  /** The full address of a link just created: shown this once, never stored. */
  newLink?: string | null;
}

/** What the WhatsApp button sends: short, in the centre's words, with the link and how to keep it. */
function editLinkMessage(centerTitle: string, link: string): string {
  return `Hola. Este es el enlace para actualizar el inventario de «${centerTitle}» en Ayuda Directa, desde el teléfono y sin cuenta: ${link}\nEs privado: no lo comparta fuera del centro.`;
}

/**
 * The link just created, shown to the leader who made it and nowhere else (this response only). The WhatsApp
 * button opens a chat with the centre's published number with the link in the message, ready to send.
 */
function newLinkSection(center: HelpRow, link: string): Html {
  return html`<section class="flash" role="status"><h2>Enlace de edición creado</h2>
<p>Compártalo solo con el personal del centro: quien lo tenga puede cambiar este inventario desde su teléfono, sin cuenta. No se volverá a mostrar.</p>
<p><input readonly value="${link}" aria-label="Enlace de edición"></p>
${
  /\d/.test(center.contact_whatsapp)
    ? html`<p><a class="button" href="${whatsappUrl(center.contact_whatsapp, editLinkMessage(center.title, link))}" rel="noreferrer">Enviar enlace por WhatsApp</a></p>
<p class="note">Se abre WhatsApp con el mensaje listo para el número publicado del centro; revíselo antes de enviarlo.</p>`
    : ''
}</section>`;
}

export function centerPage(frame: ConsoleFrame, view: CenterView): Html {
  const slug = frame.emergency?.slug as string;
  const base = panelPaths.center(slug, view.center.id);
  const forms = {
    saveAction: `${base}/lineas`,
    removeAction: (lineId: string) => `${base}/lineas/${lineId}/quitar`,
    hidden: csrfField(frame.user?.csrf ?? ''),
    state: view.form,
  };
  const hidden = forms.hidden;
  return consolePage(
    { ...frame, title: view.center.title, current: 'centers' },
    html`${view.newLink ? newLinkSection(view.center, view.newLink) : ''}${lineErrors(view.lines, view.form)}
${linesSection(view.lines, forms)}
${lineForm(view.lines, forms)}
<section class="card"><h2>Enlaces de edición para el centro</h2>
${
  view.links.length === 0
    ? html`<p>Este centro no tiene enlaces.</p>`
    : html`<ul>${view.links.map(
        ({ link, expiresAt, expired }) =>
          html`<li>Creado ${when(link.created_at)} por ${link.created_by}${
            link.last_used_at ? ` · usado ${when(link.last_used_at)}` : ' · sin usar'
          }${
            link.revoked_at
              ? ` · revocado ${when(link.revoked_at)}`
              : html` · ${expired ? html`<strong>venció ${when(expiresAt)}</strong>` : `vence ${when(expiresAt)}`} <form method="post" action="${base}/enlaces/${link.id}/renovar" class="inline">${hidden}<button type="submit">Renovar</button></form> <form method="post" action="${base}/enlaces/${link.id}/revocar" class="inline">${hidden}<button type="submit" class="danger">Revocar</button></form>`
          }</li>`,
      )}</ul>`
}
<p>Cada enlace vale ${String(view.linkDays)} días desde que se crea o se renueva; al renovarlo sigue siendo el mismo enlace.</p>
<form method="post" action="${base}/enlaces">${hidden}<button type="submit">Crear un enlace de edición</button></form></section>`,
  );
}
