// "Mi cuenta": who is signed in, changing one's own password (the other sessions end, this one stays), and one's
// own second factor and WhatsApp alerts.
import { type Html, html } from '../html.ts';
import { type AlertsView, alertsPath, alertsSection } from './alerts-section.ts';
import { type Errors, errorSummary } from './controls.ts';
import { type ConsoleFrame, consolePage, csrfField } from './layout.ts';
import { NEW_PASSWORD_HELP, passwordField } from './password-fields.ts';
import { type SecondFactorView, secondFactorSection } from './second-factor-pages.ts';

export const accountPaths = { page: '/panel/cuenta', password: '/panel/cuenta/clave', alerts: alertsPath } as const;

const labels: Record<string, string> = {
  current: 'Contraseña actual',
  password: 'Contraseña nueva',
  confirm: 'Repita la contraseña nueva',
};

export function accountPage(
  frame: ConsoleFrame,
  view: {
    role: 'admin' | 'leader';
    emergencies: string[];
    errors: Errors;
    notice?: string | null;
    alerts: AlertsView;
    secondFactor: SecondFactorView;
  },
): Html {
  const user = frame.user;
  return consolePage(
    { ...frame, title: 'Mi cuenta', current: 'account' },
    html`<section class="card"><h2>${user?.name ?? ''}</h2>
<p class="meta">${user?.email ?? ''} · ${
      view.role === 'admin'
        ? 'administración (todas las emergencias)'
        : `líder de ${view.emergencies.join(', ') || 'ninguna emergencia'}`
    }</p></section>
<section class="card"><h2>Cambiar contraseña</h2>
${view.notice ? html`<p class="errors" role="alert">${view.notice}</p>` : ''}
${errorSummary(view.errors, labels)}
<p>Al guardar, se cierran sus sesiones en otros equipos; esta sigue abierta.</p>
<form method="post" action="${accountPaths.password}">${csrfField(user?.csrf ?? '')}
${passwordField({ name: 'current', label: labels.current as string, autocomplete: 'current-password', errors: view.errors })}
${passwordField({ name: 'password', label: labels.password as string, autocomplete: 'new-password', errors: view.errors, help: NEW_PASSWORD_HELP })}
${passwordField({ name: 'confirm', label: labels.confirm as string, autocomplete: 'new-password', errors: view.errors })}
<p><button type="submit">Cambiar contraseña</button></p></form></section>
${secondFactorSection(user?.csrf ?? '', view.secondFactor)}
${alertsSection(user?.csrf ?? '', view.alerts)}`,
  );
}
