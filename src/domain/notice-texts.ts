// What people who came by WhatsApp or SMS are told when their submission moves: approved, not published, a pledge
// to their request, a delivery confirmed. Short, in Spanish, never with anyone else's contact details.
import { formatAmount, formatNumber } from './number-format.ts';
import { withoutLinkSchemes } from './text.ts';

/** What a person told of a reported delivery answers from their phone (conversation/commands.ts deliveryAnswer). */
export const DELIVERY_QUESTION = 'Si le llegó, responda RECIBIDO; si no le llegó, responda NO LLEGÓ.';

export type NoticeKind = 'approved' | 'rejected' | 'pledged' | 'reported' | 'released' | 'delivered';

export interface NoticeSubject {
  type: 'request' | 'offer';
  title: string;
  unit: string | null;
}

function amount(quantity: number | null | undefined, unit: string | null): string {
  if (quantity === null || quantity === undefined || quantity <= 0) return '';
  return ` (${formatAmount(quantity, unit)})`;
}

export function noticeText(
  kind: NoticeKind,
  subject: NoticeSubject,
  links: { record: string; status: string },
  quantity?: number | null,
): string {
  const what = subject.type === 'request' ? 'Su solicitud' : 'Su ofrecimiento';
  // The person's own words, echoed to them alone, with no link a phone would draw.
  const title = `«${withoutLinkSchemes(subject.title)}»`;
  switch (kind) {
    case 'approved':
      return `Ayuda Directa: ${what} ${title} fue revisada y ya está publicada: ${links.record}`;
    case 'rejected':
      return (
        `Ayuda Directa: ${what} ${title} no se publicó tras la revisión. Puede escribir de nuevo con más detalles, ` +
        `o consultar con su código en ${links.status}`
      );
    case 'pledged':
      return (
        `Ayuda Directa: alguien se comprometió a llevar ayuda a ${title}${amount(quantity, subject.unit)}. ` +
        `Consulte quién y cuándo con su código en ${links.status}`
      );
    case 'reported':
      return (
        `Ayuda Directa: quien se comprometió con ${title} dice que ya entregó${amount(quantity, subject.unit)}. ` +
        `${DELIVERY_QUESTION} También puede hacerlo con su código en ${links.status}`
      );
    case 'released':
      return (
        `Ayuda Directa: un compromiso con ${title}${amount(quantity, subject.unit)} se canceló o venció; su ` +
        `solicitud sigue publicada. Vea cómo va con su código en ${links.status}`
      );
    case 'delivered':
      return `Ayuda Directa: se confirmó una entrega para ${title}${amount(quantity, subject.unit)}. Gracias por avisar si falta algo.`;
  }
}

/** What happened to a request's pledges since its person was last told, in one message at most once an hour. */
export function pledgeSummaryText(
  subject: NoticeSubject,
  since: string,
  counts: { pledged: number; reported: number; released: number },
  committed: { quantity: number | null; open: number },
  links: { status: string },
): string {
  const parts = [
    counts.pledged > 0
      ? `${formatNumber(counts.pledged)} ${counts.pledged === 1 ? 'compromiso nuevo' : 'compromisos nuevos'}`
      : '',
    counts.reported > 0
      ? `${formatNumber(counts.reported)} ${counts.reported === 1 ? 'entrega avisada' : 'entregas avisadas'}`
      : '',
    counts.released > 0
      ? `${formatNumber(counts.released)} ${counts.released === 1 ? 'compromiso cancelado o vencido' : 'compromisos cancelados o vencidos'}`
      : '',
  ].filter(Boolean);
  const now =
    committed.quantity === null
      ? `${formatNumber(committed.open)} ${committed.open === 1 ? 'compromiso abierto' : 'compromisos abiertos'}`
      : `comprometido ahora: ${formatAmount(committed.quantity, subject.unit)}`;
  const question = counts.reported > 0 ? ` ${DELIVERY_QUESTION}` : '';
  return (
    `Ayuda Directa: novedades de «${withoutLinkSchemes(subject.title)}» desde las ${since}: ${parts.join(', ')}; ` +
    `${now}. Su solicitud sigue publicada.${question} Consulte con su código en ${links.status}`
  );
}

/** The answer to RECIBIDO or NO LLEGÓ: what was settled, to the requester alone. */
export function deliveryAnswerText(
  answer: 'received' | 'not_received',
  subject: NoticeSubject,
  settled: { count: number; quantity: number | null },
  links: { status: string },
): string {
  const title = `«${withoutLinkSchemes(subject.title)}»`;
  if (settled.count === 0) {
    return `Ayuda Directa: ${title} no tiene entregas por confirmar. Consulte con su código en ${links.status}`;
  }
  const deliveries = settled.count === 1 ? 'la entrega' : `las ${settled.count} entregas`;
  if (answer === 'received') {
    return (
      `Ayuda Directa: gracias. Quedó confirmada ${deliveries} a ${title}${amount(settled.quantity, subject.unit)}: ` +
      'ya cuenta como cubierta.'
    );
  }
  return (
    `Ayuda Directa: anotamos que ${deliveries} a ${title} no llegó. Lo que se había reservado vuelve a estar ` +
    'disponible y su solicitud sigue publicada.'
  );
}
