// Admins manage the console's accounts: who leads which emergency, new leaders, turning accounts off.
import type { AccountRow } from '../../queries/accounts.ts';
import type { EmergencyRow } from '../../queries/emergencies.ts';
import { type Html, html } from '../html.ts';
import { type Errors, errorSummary, input, when } from './controls.ts';
import { type ConsoleFrame, consolePage, csrfField } from './layout.ts';

const labels: Record<string, string> = {
  email: 'Correo',
  name: 'Nombre',
  password: 'Contraseña inicial',
  emergencies: 'Emergencias',
};

export function accountsPage(
  frame: ConsoleFrame,
  view: {
    accounts: (AccountRow & { emergencies: string[] })[];
    emergencies: EmergencyRow[];
    values: Record<string, string | string[]>;
    errors: Errors;
    /** Account id -> emergency slug -> the places a leader is limited to there (none: all of it). */
    placeScopes?: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
    /** A refused place form: its field (placeFieldName) -> the message, shown beside that form only. */
    placeErrors?: Errors;
  },
): Html {
  const csrf = csrfField(frame.user?.csrf ?? '');
  const chosen = new Set([view.values.emergencies ?? []].flat());
  return consolePage(
    { ...frame, title: 'Cuentas del panel', current: 'accounts' },
    html`<ul class="cards">${view.accounts.map(
      (a) => html`<li class="card"><h2>${a.name}</h2>
<p class="meta">${a.email} · ${a.role === 'admin' ? 'administración (todas las emergencias)' : `líder de ${a.emergencies.join(', ') || 'ninguna emergencia'}`} · creada ${when(a.created_at)}${a.disabled_at ? html` · <strong class="warn">desactivada</strong>` : ''}</p>
${
  frame.user?.email === a.email
    ? ''
    : html`<form method="post" action="/panel/cuentas/${a.id}/${a.disabled_at ? 'activar' : 'desactivar'}" class="inline">${csrf}<button type="submit" class="${a.disabled_at ? 'secondary' : 'danger'}">${a.disabled_at ? 'Activar' : 'Desactivar'}</button></form>${
        a.disabled_at
          ? ''
          : html` <form method="post" action="/panel/cuentas/${a.id}/clave" class="inline">${csrf}<button type="submit" class="secondary">Enlace para nueva contraseña</button></form>`
      }`
}${a.role === 'admin' ? '' : placeForms(a, view.placeScopes?.get(a.id), view.values, view.placeErrors ?? {}, csrf)}</li>`,
    )}</ul>
<section class="card"><h2>Nuevo líder</h2>
${errorSummary(view.errors, labels)}
<form method="post" action="/panel/cuentas">${csrf}
${input({ name: 'email', label: labels.email as string, type: 'email', value: String(view.values.email ?? ''), errors: view.errors, required: true })}
${input({ name: 'name', label: labels.name as string, value: String(view.values.name ?? ''), errors: view.errors, required: true, maxlength: 100 })}
${input({ name: 'password', label: labels.password as string, type: 'password', errors: view.errors, required: true, help: 'Al menos 12 caracteres y difícil de adivinar; entréguela por un canal privado.' })}
<fieldset id="emergencies"><legend>Emergencias que lidera</legend>${view.emergencies.map(
      (e) =>
        html`<label class="choice"><input type="checkbox" name="emergencies" value="${e.slug}"${chosen.has(e.slug) ? html` checked` : ''}> ${e.name}</label>`,
    )}${view.errors.emergencies ? html`<strong class="error">${view.errors.emergencies}</strong>` : ''}</fieldset>
<p><button type="submit">Crear cuenta</button></p></form></section>`,
  );
}

/** Where a leader's places are typed: one small form per emergency they lead, its error beside it. */
export function placeFieldName(accountId: string, slug: string): string {
  return `lugares:${accountId}:${slug}`;
}

function placeForms(
  account: AccountRow & { emergencies: string[] },
  scopes: ReadonlyMap<string, readonly string[]> | undefined,
  values: Record<string, string | string[]>,
  errors: Errors,
  csrf: Html,
): Html | string {
  if (account.emergencies.length === 0) return '';
  return html`<details class="places"${account.emergencies.some((slug) => errors[placeFieldName(account.id, slug)]) ? html` open` : ''}><summary>Lugares que atiende</summary>${account.emergencies.map(
    (slug) => {
      const name = placeFieldName(account.id, slug);
      const current = scopes?.get(slug) ?? [];
      const typed = values[name];
      return html`<form method="post" action="/panel/cuentas/${account.id}/lugares">${csrf}<input type="hidden" name="emergency" value="${slug}">
${input({ name, label: `En ${slug}`, value: typeof typed === 'string' ? typed : current.join(' '), errors, maxlength: 2000, help: current.length > 0 ? 'Solo ve y decide lo de estos lugares (y lo que no tiene municipio). Déjelo vacío para toda la emergencia.' : 'Toda la emergencia. Escriba municipios (DIVIPOLA, 5 cifras, p. ej. 86001) o departamentos enteros (2 cifras, p. ej. 19) para limitarlo.' })}
<p><button type="submit" class="secondary">Guardar lugares</button></p></form>`;
    },
  )}</details>`;
}
