// The second factor's pages: the code asked after the password, setting up an authenticator (QR code and the secret
// typed in groups), the recovery codes shown once, and the "Segundo factor" section of "Mi cuenta".
import { formatNumber } from '../../domain/number-format.ts';
import { type Html, html } from '../html.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';

export const secondFactorPaths = {
  /** The code after the password, outside any session. */
  code: `${panelPaths.signIn}/codigo`,
  /** Setting up the factor REQUIRE_2FA asks for, right after the password. */
  signInSetup: `${panelPaths.signIn}/segundo-factor`,
  /** From "Mi cuenta". */
  setup: '/panel/cuenta/segundo-factor',
  confirm: '/panel/cuenta/segundo-factor/confirmar',
  remove: '/panel/cuenta/segundo-factor/quitar',
} as const;

/** The secret in groups of four, as authenticators ask for it when typed by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function codeField(options: { label: string; help: string; error?: string | null; recovery: boolean }): Html {
  const describedBy = options.error ? 'code-ayuda code-error' : 'code-ayuda';
  return html`<p class="field"><label for="code">${options.label}</label>
<input id="code" name="code" type="text" required autocomplete="one-time-code"${
    options.recovery ? '' : html` inputmode="numeric"`
  } maxlength="20" aria-describedby="${describedBy}"${options.error ? html` aria-invalid="true"` : ''}>
<small id="code-ayuda">${options.help}</small>${
    options.error ? html`<strong class="error" id="code-error">${options.error}</strong>` : ''
  }</p>`;
}

export function codeStepPage(options: { csrf: string; error?: string | null }): Html {
  return consolePage(
    { title: 'Código de verificación' },
    html`<p>Su cuenta tiene un segundo factor. Abra su aplicación de autenticación y escriba el código de 6 cifras que muestra ahora.</p>
${options.error ? html`<p class="errors" role="alert">${options.error}</p>` : ''}
<form method="post" action="${secondFactorPaths.code}" class="card">${csrfField(options.csrf)}
${codeField({ label: 'Código', help: 'Sin su teléfono, escriba uno de sus códigos de recuperación: cada uno sirve una sola vez.', error: options.error, recovery: true })}
<p><button type="submit">Verificar e ingresar</button></p>
</form>
<p class="note">¿Perdió el teléfono y los códigos de recuperación? Pida a la administración del servicio que quite su segundo factor.</p>`,
  );
}

export interface SetupView {
  csrf: string;
  action: string;
  secret: string;
  qr: Html;
  error?: string | null;
  /** True when REQUIRE_2FA sent the person here right after the password. */
  required: boolean;
}

function setupBody(view: SetupView): Html {
  return html`${
    view.required
      ? html`<p>Para entrar al panel, su cuenta necesita un segundo factor: un código que cambia cada 30 segundos en una aplicación de autenticación de su teléfono (por ejemplo FreeOTP, Aegis o Google Authenticator).</p>`
      : html`<p>Con un segundo factor, su contraseña sola ya no basta para entrar: también hace falta el código que muestra su teléfono.</p>`
  }
${view.error ? html`<p class="errors" role="alert">${view.error}</p>` : ''}
<section class="card"><h2>1. Agregue la cuenta a su aplicación</h2>
<p>Escanee este código QR con la aplicación:</p>
<p class="qr">${view.qr}</p>
<p>O escriba esta clave a mano (tipo «basada en tiempo»):</p>
<p><code id="totp-secret">${groupedSecret(view.secret)}</code></p></section>
<section class="card"><h2>2. Confirme con un código</h2>
<form method="post" action="${view.action}">${csrfField(view.csrf)}
${codeField({ label: 'Código de 6 cifras', help: 'El que muestra la aplicación ahora.', error: view.error, recovery: false })}
<p><button type="submit">Confirmar segundo factor</button></p></form></section>`;
}

export function setupPage(frame: ConsoleFrame | null, view: SetupView): Html {
  const title = 'Configurar segundo factor';
  return frame
    ? consolePage({ ...frame, title, current: 'account' }, setupBody(view))
    : consolePage({ title }, setupBody(view));
}

export function recoveryCodesPage(frame: ConsoleFrame | null, codes: string[], next: string): Html {
  const title = 'Códigos de recuperación';
  const body = html`<p class="flash" role="status">Segundo factor activado.</p>
<section class="card"><h2>Guarde estos códigos</h2>
<p>Si pierde el teléfono, cada código sirve una sola vez en lugar del código de la aplicación. Esta es la única vez que se muestran: anótelos o imprímalos y guárdelos aparte del teléfono.</p>
<ol id="recovery-codes">${codes.map((code) => html`<li><code>${code}</code></li>`)}</ol>
<p><a href="${next}">Ya los guardé: continuar</a></p></section>`;
  return frame ? consolePage({ ...frame, title, current: 'account' }, body) : consolePage({ title }, body);
}

export type SecondFactorView =
  | { state: 'unavailable' }
  | { state: 'off'; required: boolean }
  | { state: 'on'; since: string; recoveryLeft: number; error?: string | null };

export function secondFactorSection(csrf: string, view: SecondFactorView): Html {
  const heading = html`<h2>Segundo factor</h2>`;
  if (view.state === 'unavailable') {
    return html`<section class="card" id="segundo-factor">${heading}
<p class="note">El segundo factor no está disponible en este servicio hasta que quien lo opera configure TOTP_KEY.</p></section>`;
  }
  if (view.state === 'off') {
    return html`<section class="card" id="segundo-factor">${heading}
<p>Ahora entra solo con su contraseña.${view.required ? ' Este servicio le pide un segundo factor.' : ''} Con un segundo factor también hace falta el código de una aplicación de autenticación de su teléfono.</p>
<form method="post" action="${secondFactorPaths.setup}">${csrfField(csrf)}
<p><button type="submit">Configurar segundo factor</button></p></form></section>`;
  }
  return html`<section class="card" id="segundo-factor">${heading}
<p>Activo desde el ${view.since.slice(0, 10)}. Códigos de recuperación sin usar: ${formatNumber(view.recoveryLeft)}.</p>
${view.error ? html`<p class="errors" role="alert">${view.error}</p>` : ''}
<form method="post" action="${secondFactorPaths.remove}">${csrfField(csrf)}
${codeField({ label: 'Código actual, para quitarlo', help: 'El de la aplicación, o un código de recuperación.', error: view.error, recovery: true })}
<p><button type="submit">Quitar segundo factor</button></p></form></section>`;
}
