// What people who came by WhatsApp or SMS are told when their submission moves: approved, not published, a pledge
// to their request, a delivery confirmed. Short, in Spanish, never with anyone else's contact details.
export type NoticeKind = 'approved' | 'rejected' | 'pledged' | 'reported' | 'delivered';

export interface NoticeSubject {
  type: 'request' | 'offer';
  title: string;
  unit: string | null;
}

function amount(quantity: number | null | undefined, unit: string | null): string {
  if (quantity === null || quantity === undefined || quantity <= 0) return '';
  return ` (${quantity}${unit ? ` ${unit}` : ''})`;
}

export function noticeText(
  kind: NoticeKind,
  subject: NoticeSubject,
  links: { record: string; status: string },
  quantity?: number | null,
): string {
  const what = subject.type === 'request' ? 'Su solicitud' : 'Su ofrecimiento';
  const title = `«${subject.title}»`;
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
        `Si llegó, confírmelo con su código en ${links.status}; si no llegó, dígalo allí mismo.`
      );
    case 'delivered':
      return `Ayuda Directa: se confirmó una entrega para ${title}${amount(quantity, subject.unit)}. Gracias por avisar si falta algo.`;
  }
}
