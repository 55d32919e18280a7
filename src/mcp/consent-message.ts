// What the person is shown before anything an assistant prepared is sent: exactly what would be public once a
// leader approves it, what never is, and one question. The same text in a 2025-era elicitation, a 2026-07-28
// input_required round and the website's draft.
import type { ConsentPayload } from '../commands/consent-drafts.ts';
import { categoryLabel } from '../domain/categories.ts';
import { municipalityByCode, municipalityLabel } from '../domain/municipalities.ts';
import { placePromise } from '../domain/public-promise.ts';

/** The one field asked: a yes the person ticks. Anything but accept with true sends nothing. */
export const consentSchema: {
  type: 'object';
  properties: { confirm: { type: 'boolean'; title: string; description: string; default: boolean } };
  required: string[];
} = {
  type: 'object',
  properties: {
    confirm: {
      type: 'boolean',
      title: 'Sí, publicar mi nombre y mi WhatsApp',
      description: 'Solo se publica si el equipo de la emergencia lo aprueba. Sin esta casilla no se envía nada.',
      default: false,
    },
  },
  required: ['confirm'],
};

export function consentMessage(payload: ConsentPayload): string {
  const s = payload.submission;
  const place = municipalityByCode(s.municipalityCode);
  const promise = placePromise({ ...s, municipality: place ? municipalityLabel(place) : null });
  const never = [promise.hidden, 'el documento de identidad'].filter(Boolean).join(' ni ');
  const lines = [
    `Un asistente preparó ${s.type === 'request' ? 'esta solicitud de ayuda' : 'este ofrecimiento de ayuda'} a su nombre.`,
    'Si el equipo de la emergencia lo aprueba, se publicará:',
    `- Título: ${s.title}`,
    s.description ? `- Descripción: ${s.description}` : '',
    `- Categoría: ${categoryLabel(s.category)}`,
    s.type === 'request' && s.quantityRequired !== undefined
      ? `- Cantidad: ${s.quantityRequired} ${s.unit ?? ''}`.trimEnd()
      : '',
    promise.shown ? `- Lugar: ${promise.shown}` : '',
    `- Nombre de contacto: ${s.contactName}`,
    `- WhatsApp de contacto: ${s.contactWhatsapp}`,
    `No se publica nunca: ${never}.`,
    payload.editToken ? 'Es un cambio de un envío anterior: reemplaza lo que se envió antes.' : '',
    '¿Acepta que se publiquen su nombre y su WhatsApp con este envío? Puede retirarlo cuando quiera.',
  ];
  return lines.filter(Boolean).join('\n');
}
