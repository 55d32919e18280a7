// What a leader sees when something cannot be done: the reason in Spanish, the request's reference to tell the team,
// and a way back.
import { type Html, html } from '../html.ts';
import { REFERENCE_SLOT, referenceLabel } from '../request-reference.ts';
import { consolePage, panelPaths } from './layout.ts';

export function errorPage(title: string, message: string): Html {
  return consolePage(
    { title },
    html`<p>${message}</p><p>${referenceLabel.es}: <code>${REFERENCE_SLOT}</code></p><p><a href="${panelPaths.home}">Volver al panel</a></p>`,
  );
}
