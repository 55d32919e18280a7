// "Alertas por WhatsApp" on "Mi cuenta": the leader's own number and which alerts it gets (urgent submissions and
// rescues as they arrive, the daily digest), or a line saying WhatsApp is not configured on this service.
import { groupedPhone } from '../../domain/phone.ts';
import { type Html, html } from '../html.ts';
import { type Errors, input } from './controls.ts';
import { csrfField } from './layout.ts';

export interface AlertChoices {
  whatsapp: string;
  urgent: boolean;
  digest: boolean;
}

export interface AlertsView {
  /** Whether this service has WhatsApp's settings (WHATSAPP_*). */
  configured: boolean;
  /** WHATSAPP_TEMPLATE_ALERT, or null when none is approved. */
  template: string | null;
  /** What is saved now; null when this account gets no alerts. */
  current: AlertChoices | null;
  /** What the leader sent, shown again beside an error. */
  values?: AlertChoices;
  errors: Errors;
}

export const alertsPath = '/panel/cuenta/alertas';

function checkbox(name: string, label: string, checked: boolean): Html {
  return html`<label class="choice"><input type="checkbox" name="${name}" value="si"${checked ? html` checked` : ''}> ${label}</label>`;
}

function currentText(current: AlertChoices | null): string {
  if (current === null) return 'Ahora no recibe alertas por WhatsApp.';
  const which = [
    current.urgent ? 'solicitudes urgentes y pedidos de rescate' : null,
    current.digest ? 'resumen diario' : null,
  ]
    .filter(Boolean)
    .join(' y ');
  return `Ahora recibe en ${groupedPhone(current.whatsapp)}: ${which}.`;
}

export function alertsSection(csrf: string, view: AlertsView): Html {
  if (!view.configured) {
    return html`<section class="card" id="alertas"><h2>Alertas por WhatsApp</h2>
<p class="note">WhatsApp no está configurado en este servicio: no se pueden enviar alertas.</p></section>`;
  }
  const shown = view.values ?? view.current ?? { whatsapp: '', urgent: false, digest: false };
  return html`<section class="card" id="alertas"><h2>Alertas por WhatsApp</h2>
<p>${currentText(view.current)}</p>
<p class="note">Fuera de la ventana de 24 horas de WhatsApp (desde su último mensaje al número del servicio), las alertas solo salen como plantilla aprobada (WHATSAPP_TEMPLATE_ALERT${
    view.template ? `: «${view.template}»` : ', que este servicio no tiene configurada'
  }). Su número se usa solo para estas alertas.</p>
<form method="post" action="${alertsPath}">${csrfField(csrf)}
${input({ name: 'whatsapp', label: 'Su número de WhatsApp', type: 'tel', value: shown.whatsapp, maxlength: 30, errors: view.errors, help: 'Por ejemplo +57 300 123 4567.' })}
<fieldset><legend>Quiero recibir</legend>
${checkbox('urgent', 'Solicitudes urgentes y pedidos de rescate, al llegar', shown.urgent)}
${checkbox('digest', 'Resumen diario (7:00)', shown.digest)}</fieldset>
<p class="note">Sin ninguna marcada, deja de recibir alertas y su número se borra.</p>
<p><button type="submit">Guardar alertas</button></p></form></section>`;
}
