// Password inputs with the autocomplete hint password managers need, their help and inline error.
import { type Html, html } from '../html.ts';
import type { Errors } from './controls.ts';

export const NEW_PASSWORD_HELP =
  'Al menos 12 caracteres y difícil de adivinar: mejor una frase de varias palabras poco comunes, sin su nombre ni su correo.';

export function passwordField(c: {
  name: string;
  label: string;
  autocomplete: 'current-password' | 'new-password';
  errors: Errors;
  help?: string;
}): Html {
  const error = c.errors[c.name];
  const by = [c.help ? `${c.name}-ayuda` : null, error ? `${c.name}-error` : null].filter(Boolean).join(' ');
  return html`<p class="field"><label for="${c.name}">${c.label} *</label>
<input id="${c.name}" name="${c.name}" type="password" autocomplete="${c.autocomplete}" maxlength="200" required${
    by ? html` aria-describedby="${by}"` : ''
  }${error ? html` aria-invalid="true"` : ''}>${c.help ? html`<small id="${c.name}-ayuda">${c.help}</small>` : ''}${
    error ? html`<strong class="error" id="${c.name}-error">${error}</strong>` : ''
  }</p>`;
}
