// Admins register integrations: names and dates only; a key appears once, right after it is made.
import type { SourceWithTrust } from '../../queries/sources.ts';
import { type Html, html } from '../html.ts';
import { type Errors, errorSummary, input, when } from './controls.ts';
import { type ConsoleFrame, consolePage, csrfField } from './layout.ts';

export const SOURCES_PATH = '/panel/integraciones';
export const sourcePath = (name: string, action: 'rotar' | 'quitar' | 'confiar' | 'desconfiar') =>
  `${SOURCES_PATH}/${encodeURIComponent(name)}/${action}`;

const labels: Record<string, string> = { name: 'Nombre (source)' };

export function sourcesPage(
  frame: ConsoleFrame,
  view: {
    sources: SourceWithTrust[];
    /** Just made or rotated: the only time the key is shown. */
    issued?: { name: string; key: string; rotated: boolean };
    values: { name?: string };
    errors: Errors;
  },
): Html {
  const csrf = csrfField(frame.user?.csrf ?? '');
  const issued = view.issued
    ? html`<section class="card warn" role="status" aria-labelledby="clave-titulo">
<h2 id="clave-titulo">${view.issued.rotated ? 'Clave nueva' : 'Clave'} de ${view.issued.name}</h2>
<p>Cópiela ahora y entréguela por un canal privado: <strong>no se vuelve a mostrar</strong> y el servicio solo guarda su huella.${view.issued.rotated ? ' La clave anterior ya no sirve.' : ''}</p>
<p><code id="clave">${view.issued.key}</code></p>
</section>`
    : '';
  const rows = view.sources.map(
    (
      s,
    ) => html`<tr><th scope="row">${s.name}</th><td>${when(s.createdAt)}</td><td>${s.createdBy}</td><td>${when(s.rotatedAt) || '—'}</td>
<td><form method="post" action="${sourcePath(s.name, 'rotar')}" class="inline">${csrf}<button type="submit" class="secondary">Cambiar clave</button></form>
<a href="${sourcePath(s.name, 'quitar')}">Quitar…</a></td><td>${trustCell(s, csrf)}</td></tr>`,
  );
  return consolePage(
    { ...frame, title: 'Integraciones registradas', current: 'sources' },
    html`${issued}
<p class="note">Una integración registrada envía con su <code>source</code> y la cabecera <code>Authorization: Bearer &lt;clave&gt;</code>:
sin la clave sus envíos se rechazan (401 source_key_required); con ella puede cambiar cualquiera de sus envíos, y cada cambio
espera revisión. Los demás clientes cambian un envío solo con el editToken que recibieron al enviarlo.</p>
<p class="note">Una <strong>fuente confiable</strong> sigue pasando por revisión: sus envíos esperan en el carril «Fuente confiable»
de la bandeja para revisarlos antes. La confianza es de la clave: al cambiarla o quitar la integración hay que volver a marcarla.</p>
${
  view.sources.length === 0
    ? html`<p>No hay integraciones registradas.</p>`
    : html`<table><caption>Integraciones</caption>
<thead><tr><th scope="col">Nombre</th><th scope="col">Registrada</th><th scope="col">Por</th><th scope="col">Clave cambiada</th><th scope="col">Acciones</th><th scope="col">Fuente confiable</th></tr></thead>
<tbody>${rows}</tbody></table>`
}
<section class="card"><h2>Registrar una integración</h2>
${errorSummary(view.errors, labels)}
<form method="post" action="${SOURCES_PATH}">${csrf}
${input({ name: 'name', label: labels.name as string, value: view.values.name ?? '', errors: view.errors, required: true, maxlength: 60, help: 'El valor de source que envía la integración: letras, números y . _ : - (hasta 60).' })}
<p><button type="submit">Registrar y mostrar la clave</button></p></form></section>`,
  );
}

/** Trust is the key's: the state, and the one button that changes it (a POST with the CSRF token). */
function trustCell(source: SourceWithTrust, csrf: Html): Html {
  const trusted = source.trustedAt !== null;
  const state = trusted
    ? html`<strong>Confiable</strong> desde ${when(source.trustedAt)}${source.trustedBy ? html` (${source.trustedBy})` : ''}`
    : html`No`;
  const action = sourcePath(source.name, trusted ? 'desconfiar' : 'confiar');
  const label = trusted ? 'Quitar confianza' : 'Marcar como confiable';
  return html`${state} <form method="post" action="${action}" class="inline">${csrf}<button type="submit" class="secondary">${label}</button></form>`;
}

/** Removing asks first: the integration's sends stop working at once. */
export function removeSourcePage(frame: ConsoleFrame, name: string): Html {
  return consolePage(
    { ...frame, title: `Quitar la integración ${name}`, current: 'sources' },
    html`<section class="card warn"><p>Al quitarla, su clave deja de servir y el nombre <strong>${name}</strong> queda libre.
Sus envíos se conservan; solo los líderes podrán cambiarlos.</p>
<form method="post" action="${sourcePath(name, 'quitar')}">${csrfField(frame.user?.csrf ?? '')}
<p><button type="submit" class="danger">Sí, quitar ${name}</button> <a href="${SOURCES_PATH}">Cancelar</a></p></form></section>`,
  );
}
