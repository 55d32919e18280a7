// The page behind a one-time link: the leader chooses a new password, typed twice. Outside the signed-in area.
import { type Html, html } from '../html.ts';
import { type Errors, errorSummary } from './controls.ts';
import { consolePage } from './layout.ts';
import { NEW_PASSWORD_HELP, passwordField } from './password-fields.ts';

/** Every link starts with this fixed prefix, so request logs can hide the secret that follows. */
export const PASSWORD_RESET_PREFIX = '/panel/clave/';

export function passwordResetPath(token: string): string {
  return `${PASSWORD_RESET_PREFIX}${encodeURIComponent(token)}`;
}

const labels: Record<string, string> = { password: 'Contraseña nueva', confirm: 'Repita la contraseña nueva' };

export function passwordResetPage(view: { token: string; csrf: string; email: string; errors: Errors }): Html {
  return consolePage(
    { title: 'Elegir una contraseña nueva' },
    html`<p>Cuenta del panel: <strong>${view.email}</strong>. Este enlace sirve una sola vez; al guardar se cierran todas las sesiones abiertas de la cuenta.</p>
${errorSummary(view.errors, labels)}
<form method="post" action="${passwordResetPath(view.token)}" class="card">
<input type="hidden" name="_csrf" value="${view.csrf}">
${passwordField({ name: 'password', label: labels.password as string, autocomplete: 'new-password', errors: view.errors, help: NEW_PASSWORD_HELP })}
${passwordField({ name: 'confirm', label: labels.confirm as string, autocomplete: 'new-password', errors: view.errors })}
<p><button type="submit">Guardar contraseña</button></p>
</form>`,
  );
}
