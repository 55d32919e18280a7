// The frame of every console page: header with the pending count, navigation, sign-out form.
import { maskToken } from '../../auth/csrf-mask.ts';
import { formatNumber } from '../../domain/number-format.ts';
import { type Html, html } from '../html.ts';

export interface ConsoleFrame {
  title: string;
  /**
   * The top bar's words for a page opened from outside the console (a centre's edit link): what it edits, with no
   * link into a console its reader has no account for. Absent: the console's name, linking to its home.
   */
  heading?: string;
  /** Absent on the sign-in page. */
  user?: { name: string; email: string; csrf: string; isAdmin: boolean };
  /** Decisions waiting in the emergency shown, or in all the user's emergencies. */
  pending?: number;
  /** Open reports from the public in the emergency shown, or in all the user's emergencies. */
  openReports?: number;
  emergency?: { slug: string; name: string; status: string };
  flash?: string | null;
  /**
   * Administrators only: the settings naming who answers for the personal data that are still unset
   * (DATA_CONTROLLER_NAME, DATA_CONTROLLER_CONTACT); a banner on every page until both are set.
   */
  controllerMissing?: string[];
  /** Loads the console's script: only the pages it serves (the review inbox), never a page reached by a secret link. */
  script?: boolean;
  current?:
    | 'inbox'
    | 'records'
    | 'centers'
    | 'logistics'
    | 'pledges'
    | 'to_confirm'
    | 'digest'
    | 'home'
    | 'accounts'
    | 'sources'
    | 'webhooks'
    | 'account'
    | 'reports'
    | 'privacy';
}

export const panelPaths = {
  home: '/panel',
  signIn: '/panel/entrar',
  signOut: '/panel/salir',
  styles: '/panel/estilos.css',
  /** The console's one script (console.js): CSP allows scripts from this origin only, none inline. */
  script: '/panel/consola.js',
  inbox: (slug: string) => `/panel/e/${encodeURIComponent(slug)}`,
  review: (slug: string, id: string) => `/panel/e/${encodeURIComponent(slug)}/revisar/${encodeURIComponent(id)}`,
  compare: (slug: string, a: string, b: string) =>
    `/panel/e/${encodeURIComponent(slug)}/comparar?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`,
  records: (slug: string) => `/panel/e/${encodeURIComponent(slug)}/registros`,
  record: (slug: string, id: string) => `/panel/e/${encodeURIComponent(slug)}/registros/${encodeURIComponent(id)}`,
  centers: (slug: string) => `/panel/e/${encodeURIComponent(slug)}/centros`,
  center: (slug: string, id: string) => `/panel/e/${encodeURIComponent(slug)}/centros/${encodeURIComponent(id)}`,
  logistics: (slug: string) => `/panel/e/${encodeURIComponent(slug)}/logistica`,
  reports: (slug: string) => `/panel/e/${encodeURIComponent(slug)}/reportes`,
  /** Who said «voy a llevar», with their contact, and the actions on each pledge. */
  pledges: (slug: string) => `/panel/e/${encodeURIComponent(slug)}/compromisos`,
  pledge: (slug: string, id: string) => `/panel/e/${encodeURIComponent(slug)}/compromisos/${encodeURIComponent(id)}`,
  /** Published records nobody has confirmed lately (por confirmar) or that expired for it. */
  toConfirm: (slug: string) => `/panel/e/${encodeURIComponent(slug)}/por-confirmar`,
  /** Where a leader's confirmation of one record posts (`/confirmar` or `/cerrar`). */
  confirmation: (slug: string, id: string) => `/panel/e/${encodeURIComponent(slug)}/vigencia/${encodeURIComponent(id)}`,
  /** What needs a nudge today: overdue pledges, stale routes, needs about to expire and expired. */
  digest: (slug: string) => `/panel/e/${encodeURIComponent(slug)}/resumen`,
  /** Administrators: what the service holds about a WhatsApp number, and erasing it. */
  privacy: '/panel/datos-personales',
};

/**
 * Every form's `_csrf` field, and the only place a page writes the session's token: masked afresh each time
 * (csrf-mask.ts), so a compressed page never repeats the same secret bytes (BREACH). checkForm unmasks it.
 */
export function csrfField(csrf: string): Html {
  return html`<input type="hidden" name="_csrf" value="${maskToken(csrf)}">`;
}

/** What an administrator must set so /privacidad names who answers for the data; nothing for anyone else. */
function controllerBanner(frame: ConsoleFrame): Html {
  const missing = frame.user?.isAdmin ? (frame.controllerMissing ?? []) : [];
  if (missing.length === 0) return html``;
  return html`<section class="warn aviso-responsable" role="note" aria-label="Responsable de los datos sin configurar">
<p><strong>Falta el responsable de los datos personales.</strong> La página de privacidad le dice al público que el responsable aún no está configurado y lo envía al equipo de cada emergencia.</p>
<p>Configure ${missing.map((name, i) => html`${i > 0 ? ' y ' : ''}<code>${name}</code>`)} (el nombre de la organización y cómo contactarla) y reinicie el servicio.</p>
</section>`;
}

export function consolePage(frame: ConsoleFrame, body: Html): Html {
  const { user, emergency, pending } = frame;
  const link = (key: ConsoleFrame['current'], href: string, label: string | Html) =>
    html`<a href="${href}"${frame.current === key ? html` aria-current="page"` : ''}>${label}</a>`;
  return html`<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${frame.title} · ${frame.heading ? 'Ayuda Directa' : 'Panel de Ayuda Directa'}</title>
<link rel="stylesheet" href="${panelPaths.styles}">
${frame.script ? html`<script src="${panelPaths.script}" defer></script>` : ''}
</head>
<body>
<header class="top">
  ${frame.heading ? html`<span class="brand">${frame.heading}</span>` : html`<a class="brand" href="${panelPaths.home}">Panel de Ayuda Directa</a>`}
  ${
    user
      ? html`<span class="who">${user.name}${user.isAdmin ? ' (administración)' : ''}</span>
  <span class="pending" role="status">Pendientes de revisión: <strong>${formatNumber(pending ?? 0)}</strong></span>
  ${!emergency && frame.openReports ? html`<span class="pending">Reportes abiertos: <strong>${formatNumber(frame.openReports)}</strong></span>` : ''}
  <form method="post" action="${panelPaths.signOut}" class="inline">${csrfField(user.csrf)}<button type="submit" class="link">Salir</button></form>`
      : ''
  }
</header>
${
  user
    ? html`<nav class="main" aria-label="Panel">
  ${link('home', panelPaths.home, 'Emergencias')}
  ${user.isAdmin ? link('accounts', '/panel/cuentas', 'Cuentas') : ''}
  ${link('account', '/panel/cuenta', 'Mi cuenta')}
  ${user.isAdmin ? link('sources', '/panel/integraciones', 'Integraciones') : ''}
  ${user.isAdmin ? link('webhooks', '/panel/webhooks', 'Webhooks') : ''}
  ${user.isAdmin ? link('privacy', panelPaths.privacy, 'Datos personales') : ''}
  ${
    emergency
      ? html`${link('inbox', panelPaths.inbox(emergency.slug), html`Bandeja (${formatNumber(pending ?? 0)})`)}
  ${link('digest', panelPaths.digest(emergency.slug), 'Resumen')}
  ${link('records', panelPaths.records(emergency.slug), 'Registros')}
  ${link('to_confirm', panelPaths.toConfirm(emergency.slug), 'Por confirmar')}
  ${link('centers', panelPaths.centers(emergency.slug), 'Centros de acopio')}
  ${link('logistics', panelPaths.logistics(emergency.slug), 'Logística')}
  ${link('pledges', panelPaths.pledges(emergency.slug), 'Compromisos')}
  ${link('reports', panelPaths.reports(emergency.slug), html`Reportes (${formatNumber(frame.openReports ?? 0)})`)}`
      : ''
  }
</nav>`
    : ''
}
<main>
${emergency ? html`<p class="crumb">${emergency.name}${emergency.status === 'closed' ? ' · cerrada' : ''}</p>` : ''}
${controllerBanner(frame)}
<h1>${frame.title}</h1>
${frame.flash ? html`<p class="flash" role="status">${frame.flash}</p>` : ''}
${body}
</main>
</body>
</html>`;
}
