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
}</li>`,
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
