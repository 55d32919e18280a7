// The leader's emergencies with what waits in each; admins can also open a new emergency, set the public contact
// of each emergency's team (shown on /privacidad and on every record page) and close one.
import { formatNumber } from '../../domain/number-format.ts';
import type { EmergencyRow } from '../../queries/emergencies.ts';
import { type Html, html } from '../html.ts';
import { type Errors, input } from './controls.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';

/** A contact the admin typed and the problem with it, shown again beside that emergency's field. */
export interface ContactForm {
  slug: string;
  value: string;
  error: string;
}

/** One field per emergency, so ids carry the slug: several forms share the page. */
function contactForm(e: EmergencyRow, csrf: string, retry: ContactForm | null): Html {
  const id = `contacto-${e.slug}`;
  const value = retry ? retry.value : (e.public_contact ?? '');
  return html`<details${retry ? html` open` : ''}><summary>Contacto público del equipo</summary><form method="post" action="/panel/emergencias/${e.slug}/contacto">${csrfField(csrf)}
<p class="field"><label for="${id}">Teléfono, correo o dirección</label>
<input id="${id}" name="contact" type="text" maxlength="200" value="${value}" aria-describedby="${id}-ayuda${retry ? html` ${id}-error` : ''}"${retry ? html` aria-invalid="true"` : ''}>
<small id="${id}-ayuda">Se publica en /privacidad y en cada registro de esta emergencia. Vacío lo quita.</small>${
    retry ? html`<strong class="error" id="${id}-error">${retry.error}</strong>` : ''
  }</p>
<button type="submit">Guardar contacto</button></form></details>`;
}

export function homePage(
  frame: ConsoleFrame,
  emergencies: (EmergencyRow & { pending: number })[],
  admin: { values: Record<string, string>; errors: Errors } | null,
  contactRetry: ContactForm | null = null,
): Html {
  const csrf = frame.user?.csrf ?? '';
  return consolePage(
    { ...frame, current: 'home' },
    html`${
      emergencies.length === 0
        ? html`<p>Su cuenta todavía no tiene emergencias asignadas. Pida a la administración que le asigne una.</p>`
        : html`<ul class="cards">${emergencies.map(
            (e) => html`<li class="card"><h2><a href="${panelPaths.inbox(e.slug)}">${e.name}</a></h2>
<p>${e.status === 'active' ? 'Activa' : 'Cerrada'} · <code>${e.slug}</code></p>
<p><a href="${panelPaths.inbox(e.slug)}"><strong>${formatNumber(e.pending)}</strong> pendientes de revisión</a></p>
${e.public_contact ? html`<p>Contacto público: ${e.public_contact}</p>` : ''}
${admin ? contactForm(e, csrf, contactRetry?.slug === e.slug ? contactRetry : null) : ''}
${
  admin && e.status === 'active'
    ? html`<details><summary>Cerrar esta emergencia</summary><form method="post" action="/panel/emergencias/${e.slug}/cerrar">${csrfField(csrf)}
<p>Una emergencia cerrada deja de recibir publicaciones y sale de las listas públicas por defecto.</p>
<p><label class="choice"><input type="checkbox" name="confirmar" value="si" required> Confirmo que la emergencia terminó</label></p>
<button type="submit" class="danger">Cerrar emergencia</button></form></details>`
    : ''
}</li>`,
          )}</ul>`
    }
${
  admin
    ? html`<section class="card"><h2>Nueva emergencia</h2>
<form method="post" action="/panel/emergencias">${csrfField(csrf)}
${input({ name: 'slug', label: 'Identificador (slug)', value: admin.values.slug, errors: admin.errors, required: true, help: 'minúsculas, números y guiones, ej. inundacion-mocoa-2026' })}
${input({ name: 'name', label: 'Nombre', value: admin.values.name, errors: admin.errors, required: true })}
${input({ name: 'latitude', label: 'Latitud (opcional)', value: admin.values.latitude, errors: admin.errors, inputmode: 'decimal' })}
${input({ name: 'longitude', label: 'Longitud (opcional)', value: admin.values.longitude, errors: admin.errors, inputmode: 'decimal' })}
<p><button type="submit">Crear emergencia</button></p></form></section>`
    : ''
}`,
  );
}
