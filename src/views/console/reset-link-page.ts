// Shown once to the admin who asked: the one-time link for a leader to choose a new password.
import { type Html, html } from '../html.ts';
import { when } from './controls.ts';
import { type ConsoleFrame, consolePage } from './layout.ts';

export function resetLinkPage(
  frame: ConsoleFrame,
  view: { name: string; email: string; url: string; expiresAt: string },
): Html {
  return consolePage(
    { ...frame, title: 'Enlace para una contraseña nueva', current: 'accounts' },
    html`<section class="card"><h2>${view.name}</h2>
<p class="meta">${view.email}</p>
<p class="field"><label for="enlace">Enlace de un solo uso</label>
<input id="enlace" type="text" readonly value="${view.url}" aria-describedby="enlace-ayuda">
<small id="enlace-ayuda">Vale hasta ${when(view.expiresAt)} (24 horas) y sirve una sola vez. Entréguelo por un canal de confianza (en persona, llamada o mensaje directo); no se volverá a mostrar. Al usarlo se cierran todas las sesiones de la cuenta; un enlace nuevo anula los anteriores.</small></p>
<p><a href="/panel/cuentas">Volver a las cuentas</a></p></section>`,
  );
}
