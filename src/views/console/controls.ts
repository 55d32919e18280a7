// Form controls with their label, help and inline error, so every console form reads the same way.
import { type Html, html } from '../html.ts';

export type Errors = Record<string, string>;

interface Common {
  name: string;
  label: string;
  errors?: Errors;
  help?: string;
  required?: boolean;
}

function describedBy(c: Common): string | null {
  const ids = [c.help ? `${c.name}-ayuda` : null, c.errors?.[c.name] ? `${c.name}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : null;
}

function after(c: Common): Html {
  return html`${c.help ? html`<small id="${c.name}-ayuda">${c.help}</small>` : ''}${
    c.errors?.[c.name] ? html`<strong class="error" id="${c.name}-error">${c.errors[c.name]}</strong>` : ''
  }`;
}

function attrs(c: Common): Html {
  const by = describedBy(c);
  return html`${c.required ? html` required` : ''}${by ? html` aria-describedby="${by}"` : ''}${
    c.errors?.[c.name] ? html` aria-invalid="true"` : ''
  }`;
}

export function input(
  c: Common & { value?: string | null; type?: string; maxlength?: number; step?: string; inputmode?: string },
): Html {
  return html`<p class="field"><label for="${c.name}">${c.label}${c.required ? ' *' : ''}</label>
<input id="${c.name}" name="${c.name}" type="${c.type ?? 'text'}" value="${c.value ?? ''}"${
    c.maxlength ? html` maxlength="${String(c.maxlength)}"` : ''
  }${c.step ? html` step="${c.step}"` : ''}${c.inputmode ? html` inputmode="${c.inputmode}"` : ''}${attrs(c)}>${after(c)}</p>`;
}

export function textarea(c: Common & { value?: string | null; maxlength?: number }): Html {
  return html`<p class="field"><label for="${c.name}">${c.label}${c.required ? ' *' : ''}</label>
<textarea id="${c.name}" name="${c.name}" rows="3"${c.maxlength ? html` maxlength="${String(c.maxlength)}"` : ''}${attrs(c)}>${
    c.value ?? ''
  }</textarea>${after(c)}</p>`;
}

export function select(
  c: Common & { value?: string | null; options: readonly (readonly [string, string])[]; blank?: string },
): Html {
  return html`<p class="field"><label for="${c.name}">${c.label}${c.required ? ' *' : ''}</label>
<select id="${c.name}" name="${c.name}"${attrs(c)}>${c.blank !== undefined ? html`<option value="">${c.blank}</option>` : ''}${c.options.map(
    ([value, label]) =>
      html`<option value="${value}"${value === (c.value ?? '') ? html` selected` : ''}>${label}</option>`,
  )}</select>${after(c)}</p>`;
}

export function errorSummary(errors: Errors, labels: Record<string, string>): Html {
  const entries = Object.entries(errors);
  if (entries.length === 0) return html``;
  return html`<div class="errors" role="alert"><p>Revise estos campos:</p><ul>${entries.map(
    ([name, message]) => html`<li><a href="#${name}">${labels[name] ?? name}</a>: ${message}</li>`,
  )}</ul></div>`;
}

/** A date-time shown in Colombia's time, the way people there read it. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('es-CO', {
    timeZone: 'America/Bogota',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export function ago(iso: string, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `hace ${hours} h`;
  return `hace ${Math.round(hours / 24)} días`;
}
