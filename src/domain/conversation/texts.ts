// Every Spanish text of the intake conversation: short plain sentences, "usted", nothing about WhatsApp on SMS.
import type { HelpType } from '../statuses.ts';
import type { Medium } from './types.ts';

const EXAMPLE_CODE = 'K7P-42Q-X9M-D3R';
const noun = (type: HelpType) => (type === 'request' ? 'solicitud' : 'ofrecimiento');

export const texts = {
  /** short: for a medium of one reply per message, where the first question must fit beside it. */
  welcome: (name: string | undefined, emergency: string | undefined, short = false) =>
    short
      ? `Hola${name ? `, ${name}` : ''}. Ayuda Directa${emergency ? `, emergencia ${emergency}` : ''}. ` +
        'Para salir, escriba cancelar.'
      : `Hola${name ? `, ${name}` : ''}. Esto es Ayuda Directa: une a quien necesita ayuda con quien puede darla` +
        `${emergency ? ` en la emergencia ${emergency}` : ''}. Para salir en cualquier momento, escriba cancelar.`,
  noEmergency: () =>
    'En este momento no hay ninguna emergencia activa en Ayuda Directa, así que no podemos recibir solicitudes ' +
    'ni ofrecimientos. Si hay riesgo para la vida, llame al 123.',
  pickByNumber: () => 'Responda con el número de una opción.',

  askType: () => '¿Qué desea hacer?',
  askEmergency: () => '¿Para cuál emergencia es?',
  askCategory: (type: HelpType) => (type === 'request' ? '¿Qué tipo de ayuda necesita?' : '¿Qué tipo de ayuda ofrece?'),
  askWhat: (type: HelpType) =>
    type === 'request'
      ? '¿Qué necesita? Escríbalo en pocas palabras, por ejemplo: Agua potable para 6 familias. Esto se publica.'
      : '¿Qué ofrece? Escríbalo en pocas palabras, por ejemplo: Camioneta para llevar mercados. Esto se publica.',
  askQuantity: () =>
    '¿Cuánto necesita? Escriba la cantidad y la unidad, por ejemplo: 30 bidones. Si no sabe, escriba no sé.',
  askUrgency: () => '¿Qué tan urgente es?',
  call123: () => 'Si hay riesgo inmediato para la vida, llame ya al 123.',
  rescueIsUrgent: () => 'Si hay riesgo inmediato para la vida, llame ya al 123. Su solicitud queda como urgente.',
  askPlace: (type: HelpType, medium: Medium) => {
    const where = type === 'request' ? '¿Dónde necesita la ayuda?' : '¿Desde dónde ofrece la ayuda?';
    return medium.sharesLocation
      ? `${where} Comparta su ubicación (toque el clip y luego Ubicación) o escriba el municipio, por ejemplo: ` +
          'Mocoa, Putumayo. El punto exacto no se publica, solo una zona aproximada.'
      : `${where} Escriba el municipio, por ejemplo: Mocoa, Putumayo.`;
  },
  askPlacePick: (count: number) =>
    count > 1 ? 'Hay varios municipios con ese nombre. ¿Cuál es?' : '¿Se refiere a este municipio?',
  orOtherMunicipality: () => 'O escriba otro municipio.',
  askNeighborhood: () => '¿En qué barrio o vereda? Esto sí se publica. Si no aplica, escriba no.',
  askAddress: (type: HelpType) =>
    type === 'request'
      ? 'Escriba la dirección o una referencia para llegar, por ejemplo: Calle 8 # 5-21, junto a la escuela. ' +
        'Solo la ven los líderes de la emergencia; no se publica.'
      : 'Si quiere, escriba la dirección o el punto de entrega. Solo la ven los líderes de la emergencia. ' +
        'Si no, escriba no.',
  askName: (withProfile: boolean) =>
    withProfile
      ? '¿Con qué nombre lo publicamos? Responda 1 para usar el de su perfil, o escriba otro nombre.'
      : '¿Con qué nombre lo publicamos? Escriba su nombre o el de su organización.',
  askConsent: (type: HelpType, medium: Medium, name: string) =>
    `Cuando un líder apruebe su ${noun(type)}, se mostrarán públicamente su nombre (${name}) y ` +
    `${medium.numberName}, para que puedan contactarle. La dirección exacta no se publica. ¿Acepta?`,
  askConfirm: (type: HelpType) => `¿Enviamos su ${noun(type)}?`,
  confirmExit: () => 'Para salir sin enviar, escriba cancelar.',
  summaryTitle: (type: HelpType) => `Revise su ${noun(type)}:`,

  summary: {
    emergency: 'Emergencia',
    category: 'Tipo de ayuda',
    what: (type: HelpType) => (type === 'request' ? 'Necesita' : 'Ofrece'),
    detail: 'Detalle',
    quantity: 'Cantidad',
    urgency: 'Urgencia',
    place: 'Lugar',
    point: (near: string) => `ubicación compartida, cerca de ${near}`,
    neighborhood: 'Barrio o vereda',
    address: 'Dirección (solo para líderes)',
    name: 'Nombre',
    contact: (medium: Medium) => `Contacto: ${medium.numberName}`,
    nameAndNumber: (medium: Medium) => `su nombre y ${medium.numberName}`,
    published: (type: HelpType, parts: (string | null)[]) =>
      `Si un líder aprueba su ${noun(type)}, se publica lo que escribió, ${parts.filter(Boolean).join(', ')}.`,
    neverPublished: (hidden: string) => `No se publica nunca: ${hidden}.`,
  },
  urgencyLabels: { urgent: 'Urgente', needed: 'Se necesita pronto', stable: 'Puede esperar' },

  cancelled: () => 'Listo, cancelamos. No se envió nada. Escriba hola cuando quiera empezar de nuevo.',
  nothingToCancel: () => 'No hay nada abierto para cancelar. Escriba hola para empezar.',
  consentRefused: (type: HelpType) =>
    'Entendido. No enviamos nada: sin su permiso para mostrar el nombre y el número no podemos publicar. ' +
    (type === 'request'
      ? 'Si necesita ayuda, llame al 123 o busque a la alcaldía o a los líderes de su comunidad.'
      : 'Puede ofrecer su ayuda directamente a la alcaldía o a la Cruz Roja.') +
    ' Si cambia de opinión, escriba hola.',
  emergencyClosed: () => 'La emergencia que eligió ya no está activa.',

  notUnderstood: () => 'No entendí su respuesta.',
  notText: () => 'Por ahora solo puedo leer mensajes de texto.',
  cancelHint: () => 'Si quiere salir, escriba cancelar.',
  menuHint: () => 'Seguimos con su registro. Para salir, escriba cancelar.',
  resume: () => 'Sigamos con su registro.',
  badCode: (command: 'status' | 'withdraw') =>
    `Ese código no es válido. Los códigos tienen 12 letras y números, como ${EXAMPLE_CODE}. Escriba, por ejemplo: ` +
    `${command === 'status' ? 'estado' : 'retirar'} ${EXAMPLE_CODE}`,

  titleTooShort: () => 'Escriba un poco más: al menos 4 letras.',
  quantityTooBig: () => 'Esa cantidad es demasiado grande: escriba hasta 1.000.000.',
  quantityUnreadable: () => 'No entendí la cantidad. Escriba un número y la unidad, por ejemplo: 30 bidones.',
  pointOutside: () => 'Esa ubicación queda fuera de Colombia continental, la zona donde podemos registrar ayuda.',
  municipalityUnknown: (typed: string) => `No encontré el municipio «${typed}».`,
  municipalityIsDepartment: (department: string, example: string | undefined) =>
    `${department} es un departamento. Escriba también el municipio${example ? `, por ejemplo: ${example}` : ''}.`,
  municipalityOutside: (name: string) => `Por ahora no podemos registrar ayuda en ${name}.`,
  neighborhoodTooShort: () => 'Escriba el nombre del barrio o la vereda, o no si no aplica.',
  neighborhoodTooLong: () => 'Es muy largo. Escriba solo el barrio o la vereda (hasta 80 letras).',
  addressRequired: () => 'Necesitamos la dirección o una referencia para poder llegar. Escriba al menos 4 letras.',
  addressTooShort: () => 'Escriba al menos 4 letras, o no si no quiere dar la dirección.',
  addressTooLong: () => 'Es muy larga. Escriba hasta 180 letras.',
  nameInvalid: () => 'Escriba un nombre de al menos 2 letras.',
  nameTooLong: () => 'Escriba un nombre más corto (hasta 100 letras).',

  receipt: (code: string) =>
    `Recibimos sus datos. Su código es ${code}. Guárdelo: con él puede consultar o retirar su registro.`,
  receiptReview: (code: string, url: string) =>
    'Antes de publicar nada, un líder de la emergencia revisa su registro. ' +
    `Vea cómo va en ${url} o escriba: estado ${code}. Para retirarlo, escriba: retirar ${code}`,
  submitFailed: (reason: string) =>
    `${reason || 'No pudimos guardar su registro.'} Escriba enviar para intentar de nuevo, o cancelar para salir.`,
  statusUnknown: (code: string) =>
    `No encontramos el código ${code} para este número. Revise el código: tiene la forma ${EXAMPLE_CODE}.`,
  statusPending: (type: HelpType, code: string, emergency: string) =>
    `Su ${noun(type)} ${code} (${emergency}) está en revisión: un líder de la emergencia ` +
    `${type === 'request' ? 'la' : 'lo'} revisa antes de publicar${type === 'request' ? 'la' : 'lo'}.`,
  statusPublished: (type: HelpType, code: string, emergency: string, pledges: number) =>
    type === 'request'
      ? `Su solicitud ${code} (${emergency}) está publicada. Compromisos de ayuda recibidos: ${pledges}.`
      : `Su ofrecimiento ${code} (${emergency}) está publicado. Compromisos registrados: ${pledges}.`,
  statusNotPublished: (type: HelpType, code: string, emergency: string) =>
    type === 'request'
      ? `Su solicitud ${code} (${emergency}) no está publicada: fue retirada o un líder no la aprobó.`
      : `Su ofrecimiento ${code} (${emergency}) no está publicado: fue retirado o un líder no lo aprobó.`,
  statusLink: (url: string) => `Más detalles: ${url}`,
  withdrawAsk: (title: string) => `Responda SI para retirar «${title}». Se borrarán su nombre y número.`,
  withdrawGone: () => 'Ese registro ya no se puede retirar: ya estaba retirado.',
  withdrawKept: () => 'No retiramos nada: su registro sigue como estaba.',
  withdrawn: () => 'Listo: retiramos su registro y borramos sus datos. Ya no se muestra públicamente.',
  dailyLimit: (limit: number) =>
    `Este número ya hizo ${limit === 1 ? 'un envío' : `${limit} envíos`} hoy, el máximo por día. Por ahora no ` +
    'recibimos más ni respondemos a sus mensajes; escriba de nuevo mañana.',
  notWithdrawn: (code: string) =>
    `No pudimos retirar ${code}: no hay un registro con ese código para este número, o ya estaba retirado.`,
};
