// Sign-in form. The hidden token pairs with a cookie so a foreign site cannot sign someone in.
import { type Html, html } from '../html.ts';
import { consolePage, panelPaths } from './layout.ts';

/** "1 minuto", "4 minutos", "1 hora": how long a throttled person waits, rounded up. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes >= 60 && minutes % 60 === 0) return minutes === 60 ? '1 hora' : `${minutes / 60} horas`;
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

export function throttledMessage(seconds: number): string {
  return `Demasiados intentos fallidos. Espere ${waitText(seconds)} antes de intentar de nuevo.`;
}

export function loginPage(options: {
  csrf: string;
  email?: string;
  error?: string | null;
  notice?: string | null;
  next?: string;
}): Html {
  return consolePage(
    { title: 'Ingresar', flash: options.notice ?? null },
    html`<p>Panel para los líderes de cada emergencia: revisar publicaciones, mantener registros, inventarios y rutas.</p>
${options.error ? html`<p class="errors" role="alert">${options.error}</p>` : ''}
<form method="post" action="${panelPaths.signIn}" class="card">
<input type="hidden" name="_csrf" value="${options.csrf}">
${options.next ? html`<input type="hidden" name="volver" value="${options.next}">` : ''}
<p class="field"><label for="email">Correo</label><input id="email" name="email" type="email" autocomplete="username" required value="${options.email ?? ''}"></p>
<p class="field"><label for="password">Contraseña</label><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Ingresar</button></p>
</form>
<p class="note">¿Olvidó su contraseña? Pida a la administración del panel un enlace para elegir una nueva.</p>`,
  );
}
