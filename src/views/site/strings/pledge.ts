// Strings of "Voy a llevar": the pledge form (on a request's page and at /ayudas/:id/comprometer), the page with the
// pledge's code, and /compromisos, where the code confirms a delivery or cancels the pledge.
export const pledge = {
  // The form, on the record page and on its own page
  sectionTitle: { es: 'Voy a llevar', en: 'I will bring it' },
  intro: {
    es: 'Si va a llevar parte de lo que falta, avise aquí: así otras personas ven qué queda sin comprometer y no llevan lo mismo. Lo cubierto cambia solo cuando usted confirme la entrega.',
    en: 'If you will bring part of what is missing, say so here: others then see what nobody has pledged yet and do not bring the same. Covered changes only once you confirm the delivery.',
  },
  introNoQuantity: {
    es: 'Si va a llevar algo de lo que se pide, avise aquí: así otras personas saben que alguien ya va en camino. Coordine los detalles con quien pidió la ayuda por WhatsApp.',
    en: 'If you will bring some of what is asked for, say so here: others then know someone is already on the way. Agree on the details with the person asking over WhatsApp.',
  },
  quantity: { es: 'Cuánto va a llevar', en: 'How much you will bring' },
  quantityUnit: { es: 'Cuánto va a llevar (en {unit})', en: 'How much you will bring (in {unit})' },
  quantityHelp: {
    es: 'Sin comprometer: {open}. Puede llevar solo una parte.',
    en: 'Not yet pledged: {open}. You may bring just part of it.',
  },
  when: { es: 'Cuándo espera entregarlo', en: 'When you expect to deliver it' },
  whenHelp: {
    es: 'Si no confirma la entrega, el compromiso vence {grace} horas después y lo comprometido queda libre para otras personas.',
    en: 'If you do not confirm the delivery, the pledge expires {grace} hours later and what it held is free for others again.',
  },
  when6: { es: 'Hoy (en unas 6 horas)', en: 'Today (in about 6 hours)' },
  when24: { es: 'Mañana (en 24 horas)', en: 'Tomorrow (in 24 hours)' },
  when48: { es: 'En 2 días', en: 'In 2 days' },
  when72: { es: 'En 3 días', en: 'In 3 days' },
  when168: { es: 'En una semana', en: 'In a week' },
  name: { es: 'Su nombre', en: 'Your name' },
  nameHelp: { es: 'De 2 a 100 caracteres.', en: '2 to 100 characters.' },
  whatsapp: { es: 'Su WhatsApp', en: 'Your WhatsApp' },
  whatsappHelp: {
    es: 'Un número de Colombia se escribe como siempre, ej. 311 555 0199; uno de otro país, con + y el código del país.',
    en: 'A Colombian number is written as usual, e.g. 311 555 0199; one from another country with + and the country code.',
  },
  private: {
    es: 'Su nombre y su WhatsApp solo los ven el equipo de la emergencia y quien pidió la ayuda, para coordinar la entrega. Nunca se publican: en la página de la solicitud solo aparece cuánto se comprometió.',
    en: 'Your name and WhatsApp are seen only by the emergency team and the person who asked for help, to coordinate the delivery. They are never published: the request’s page shows only how much was pledged.',
  },
  send: { es: 'Me comprometo a llevarlo', en: 'I pledge to bring it' },
  allCommitted: {
    es: 'Todo lo que falta ya está comprometido: otras personas van a llevarlo. Si un compromiso se cancela o vence, lo que quede libre volverá a aparecer aquí.',
    en: 'Everything missing is already pledged: other people will bring it. If a pledge is cancelled or expires, what it frees will show here again.',
  },
  notPledgeable: {
    es: 'Esta solicitud ya no recibe compromisos: se completó o su emergencia se cerró.',
    en: 'This request takes no more pledges: it was completed or its emergency was closed.',
  },
  manage: {
    es: '¿Ya se comprometió? Confirme la entrega o cancele en {link}.',
    en: 'Already pledged? Confirm the delivery or cancel at {link}.',
  },
  manageLink: { es: 'Mis compromisos', en: 'My pledges' },
  openForm: { es: 'Abrir el formulario «Voy a llevar»', en: 'Open the “I will bring it” form' },
  twinFormLink: {
    es: 'Formulario «Voy a llevar» y cómo comprometerse sin navegador',
    en: '“I will bring it” form, and how to pledge without a browser',
  },

  // The form's own page
  pageTitle: { es: 'Voy a llevar', en: 'I will bring it' },
  pageSummary: {
    es: 'Avise que va a llevar parte de lo que falta a «{title}».',
    en: 'Say you will bring part of what “{title}” is missing.',
  },
  pageIntro: { es: 'Se va a comprometer con la solicitud {link}.', en: 'You are pledging to the request {link}.' },
  backToRecord: { es: 'Volver a la solicitud', en: 'Back to the request' },

  // What can go wrong with the form
  quantityRequired: { es: 'Escriba cuánto va a llevar.', en: 'Type how much you will bring.' },
  quantityInvalid: {
    es: 'Escriba un número mayor que 0, por ejemplo 5.',
    en: 'Type a number greater than 0, for example 5.',
  },
  quantityNotAsked: {
    es: 'Esta solicitud no pide una cantidad: deje este campo vacío.',
    en: 'This request asks for no quantity: leave this field empty.',
  },
  exceeds: {
    es: 'Solo quedan {open} sin comprometer: escriba esa cantidad o menos.',
    en: 'Only {open} are still unpledged: type that much or less.',
  },
  exceedsNone: {
    es: 'Ya no queda nada sin comprometer: otras personas se comprometieron mientras usted escribía.',
    en: 'Nothing is left unpledged: other people pledged while you were typing.',
  },
  whenError: { es: 'Elija cuándo espera entregarlo.', en: 'Choose when you expect to deliver it.' },
  tooManyWhatsapp: {
    es: {
      one: 'Este WhatsApp ya tiene {n} compromiso abierto en esta emergencia. Confírmelo o cancélelo en Mis compromisos antes de hacer otro.',
      other:
        'Este WhatsApp ya tiene {n} compromisos abiertos en esta emergencia. Confirme o cancele alguno en Mis compromisos antes de hacer otro.',
    },
    en: {
      one: 'This WhatsApp already has {n} open pledge in this emergency. Confirm or cancel it in My pledges before making another.',
      other:
        'This WhatsApp already has {n} open pledges in this emergency. Confirm or cancel one in My pledges before making another.',
    },
  },
  tooManyAddress: {
    es: {
      one: 'Desde esta conexión ya hay {n} compromiso abierto en esta emergencia. Confírmelo o cancélelo en Mis compromisos antes de hacer otro.',
      other:
        'Desde esta conexión ya hay {n} compromisos abiertos en esta emergencia. Confirme o cancele alguno en Mis compromisos antes de hacer otro.',
    },
    en: {
      one: 'This connection already holds {n} open pledge in this emergency. Confirm or cancel it in My pledges before making another.',
      other:
        'This connection already holds {n} open pledges in this emergency. Confirm or cancel one in My pledges before making another.',
    },
  },
  dailyLimitWhatsapp: {
    es: {
      one: 'Este WhatsApp ya hizo {n} compromiso u ofrecimiento de ruta en las últimas 24 horas. Inténtelo mañana, o hable con el equipo de la emergencia.',
      other:
        'Este WhatsApp ya hizo {n} compromisos u ofrecimientos de rutas en las últimas 24 horas. Inténtelo mañana, o hable con el equipo de la emergencia.',
    },
    en: {
      one: 'This WhatsApp made {n} pledge or route offer in the last 24 hours. Try again tomorrow, or talk to the emergency’s team.',
      other:
        'This WhatsApp made {n} pledges or route offers in the last 24 hours. Try again tomorrow, or talk to the emergency’s team.',
    },
  },
  dailyLimitAddress: {
    es: {
      one: 'Desde esta conexión ya se hizo {n} compromiso u ofrecimiento de ruta en las últimas 24 horas. Inténtelo mañana, o hable con el equipo de la emergencia.',
      other:
        'Desde esta conexión ya se hicieron {n} compromisos u ofrecimientos de rutas en las últimas 24 horas. Inténtelo mañana, o hable con el equipo de la emergencia.',
    },
    en: {
      one: 'This connection made {n} pledge or route offer in the last 24 hours. Try again tomorrow, or talk to the emergency’s team.',
      other:
        'This connection made {n} pledges or route offers in the last 24 hours. Try again tomorrow, or talk to the emergency’s team.',
    },
  },
  rateLimited: {
    es: 'Se enviaron demasiados formularios seguidos desde su conexión. Espere un minuto y envíe de nuevo.',
    en: 'Too many forms were sent in a row from your connection. Wait a minute and send again.',
  },
  alreadySent: {
    es: 'Este formulario ya se había enviado con otros datos, y ese compromiso sigue igual. Si quiere hacer otro compromiso, revise los datos y envíe de nuevo.',
    en: 'This form had already been sent with other details, and that pledge stays as it was. To make another pledge, check the details and send again.',
  },
  inFlight: {
    es: 'Su compromiso todavía se está registrando. Espere unos segundos y envíe de nuevo: no se registrará dos veces.',
    en: 'Your pledge is still being recorded. Wait a few seconds and send again: it will not be recorded twice.',
  },

  // The answer: the code
  doneTitle: { es: 'Compromiso registrado', en: 'Pledge recorded' },
  doneSummary: {
    es: 'Su compromiso quedó registrado. Guarde el código para confirmar la entrega o cancelar.',
    en: 'Your pledge was recorded. Keep the code to confirm the delivery or cancel.',
  },
  done: { es: 'Gracias: su compromiso quedó registrado.', en: 'Thank you: your pledge was recorded.' },
  codeTitle: { es: 'Su código de compromiso', en: 'Your pledge code' },
  codeHelp: {
    es: 'Guárdelo (anótelo o tómele una foto a la pantalla): con él confirma la entrega o cancela en la página Mis compromisos ({path}). No lo volveremos a mostrar, y es solo suyo: no lo comparta.',
    en: 'Keep it (write it down or take a picture of the screen): with it you confirm the delivery or cancel on the My pledges page ({path}). We will not show it again, and it is yours alone: do not share it.',
  },
  fRequest: { es: 'Solicitud', en: 'Request' },
  fQuantity: { es: 'Lo que va a llevar', en: 'What you will bring' },
  fDelivered: { es: 'Cantidad entregada', en: 'Amount delivered' },
  something: { es: 'Ayuda (la solicitud no pide una cantidad)', en: 'Help (the request asks for no quantity)' },
  fStatus: { es: 'Estado', en: 'Status' },
  fDeliverBy: { es: 'Entregar antes de', en: 'Deliver by' },
  fExpires: { es: 'Si no se confirma, vence el', en: 'If not confirmed, it expires on' },
  nextTitle: { es: 'Qué sigue', en: 'What next' },
  next1: {
    es: 'Coordine la entrega con quien pidió la ayuda: su WhatsApp está en la página de la solicitud.',
    en: 'Agree on the delivery with the person asking: their WhatsApp is on the request’s page.',
  },
  next2: {
    es: 'Cuando entregue, confirme la entrega con el código en Mis compromisos: entonces suma a lo cubierto.',
    en: 'Once delivered, confirm it with the code in My pledges: it then adds to what is covered.',
  },
  next3: {
    es: 'Si no puede llevarlo, cancele allí mismo para que otra persona pueda hacerlo.',
    en: 'If you cannot bring it, cancel there so that someone else can.',
  },

  // /compromisos: the code
  manageTitle: { es: 'Mis compromisos', en: 'My pledges' },
  manageSummary: {
    es: 'Con el código de su compromiso confirme que entregó la ayuda o cancele si ya no puede llevarla.',
    en: 'With your pledge code, confirm that you delivered the help or cancel if you can no longer bring it.',
  },
  manageIntro: {
    es: 'Escriba el código que recibió al comprometerse, por ejemplo K7P-42Q-X9M-D3R. Le mostramos el compromiso y los botones para confirmar la entrega o cancelar.',
    en: 'Type the code you got when pledging, for example K7P-42Q-X9M-D3R. We show you the pledge and the buttons to confirm the delivery or cancel.',
  },
  code: { es: 'Código del compromiso', en: 'Pledge code' },
  codeFieldHelp: {
    es: 'Doce letras y números. Puede escribirlo en minúsculas, con espacios o sin guiones.',
    en: 'Twelve letters and digits. You may type it in lower case, with spaces or without dashes.',
  },
  find: { es: 'Buscar mi compromiso', en: 'Find my pledge' },
  notFound: { es: 'No encontramos ese código.', en: 'We did not find that code.' },
  notFoundHelp: {
    es: 'Revise que tenga las doce letras y números y escríbalo de nuevo.',
    en: 'Check that it has all twelve letters and digits and type it again.',
  },
  lookupsLimited: {
    es: 'Se hicieron demasiados intentos desde su conexión. Espere un minuto e intente de nuevo.',
    en: 'Too many attempts were made from your connection. Wait a minute and try again.',
  },
  codePrivate: {
    es: 'El código viaja solo dentro del formulario, nunca en la dirección de la página.',
    en: 'The code travels only inside the form, never in the page’s address.',
  },
  openManage: { es: 'Abrir Mis compromisos', en: 'Open My pledges' },
  openMine: { es: 'Ver mi compromiso', en: 'See my pledge' },

  // /compromisos: the pledge and its two actions
  pledgeTitle: { es: 'Su compromiso', en: 'Your pledge' },
  pledgeSummary: {
    es: 'Su compromiso, su estado y cómo confirmar la entrega o cancelar.',
    en: 'Your pledge, its status and how to confirm the delivery or cancel.',
  },
  status_open: { es: 'Comprometido: aún no sale', en: 'Promised: not on its way yet' },
  status_reported: {
    es: 'Entregado según usted, sin confirmar: suma a lo cubierto cuando quien pidió la ayuda o un líder lo confirme',
    en: 'Delivered as you said, not yet confirmed: it counts as covered once the requester or a leader confirms it',
  },
  status_delivered: { es: 'Entregado y confirmado', en: 'Delivered and confirmed' },
  status_cancelled: { es: 'Cancelado', en: 'Cancelled' },
  status_expired: { es: 'Venció sin confirmarse', en: 'Expired without confirmation' },
  status_disputed: { es: 'Entrega disputada', en: 'Delivery disputed' },
  deliverTitle: { es: 'Ya entregué', en: 'I delivered it' },
  deliverHelp: {
    es: 'Avise cuando la ayuda haya llegado: lo entregado suma a lo cubierto cuando quien pidió la ayuda o un líder lo confirme.',
    en: 'Say so once the help has arrived: what you delivered counts as covered once the requester or a leader confirms it.',
  },
  deliveredLess: { es: '¿Entregó menos? Escriba cuánto entregó', en: 'Delivered less? Type how much you delivered' },
  deliveredLessUnit: {
    es: '¿Entregó menos? Escriba cuánto entregó (en {unit})',
    en: 'Delivered less? Type how much you delivered (in {unit})',
  },
  deliveredLessHelp: {
    es: 'Déjelo vacío si entregó todo lo comprometido: {quantity}.',
    en: 'Leave it empty if you delivered everything you pledged: {quantity}.',
  },
  deliverButton: { es: 'Ya entregué', en: 'I delivered it' },
  cancelTitle: { es: 'Cancelar', en: 'Cancel' },
  cancelHelp: {
    es: 'Si ya no puede llevarla, cancele: lo que había comprometido vuelve a quedar libre para otras personas.',
    en: 'If you can no longer bring it, cancel: what you pledged is free for others again.',
  },
  cancelButton: { es: 'Cancelar mi compromiso', en: 'Cancel my pledge' },
  closedNote: {
    es: 'Este compromiso ya está cerrado: no se puede confirmar ni cancelar.',
    en: 'This pledge is already closed: it can no longer be confirmed or cancelled.',
  },
  closedNow: {
    es: 'Este compromiso ya estaba cerrado ({status}): no cambió nada.',
    en: 'This pledge was already closed ({status}): nothing changed.',
  },
  deliveredQuantityError: {
    es: 'Escriba un número mayor que 0 y no mayor que {max}, o déjelo vacío si entregó todo.',
    en: 'Type a number greater than 0 and no greater than {max}, or leave it empty if you delivered everything.',
  },
  actionErrors: { es: 'No se registró nada todavía:', en: 'Nothing was recorded yet:' },

  // /compromisos: after an action
  deliveredTitle: { es: 'Entrega registrada', en: 'Delivery recorded' },
  deliveredMessage: {
    es: 'Gracias: la entrega quedó registrada. Suma a lo cubierto cuando quien pidió la ayuda o un líder de la emergencia confirme que llegó.',
    en: 'Thank you: the delivery was recorded. It counts as covered once the requester or a leader of the emergency confirms it arrived.',
  },
  cancelledTitle: { es: 'Compromiso cancelado', en: 'Pledge cancelled' },
  cancelledMessage: {
    es: 'El compromiso quedó cancelado: lo que había comprometido vuelve a estar disponible para otras personas.',
    en: 'The pledge was cancelled: what you had pledged is available for others again.',
  },
  seeRecord: { es: 'Ver la solicitud', en: 'See the request' },
  another: { es: 'Buscar otro compromiso', en: 'Find another pledge' },

  // The twins
  twinApiTitle: { es: 'Lo mismo por la API', en: 'The same through the API' },
  twinForm: {
    es: 'El formulario envía `quantity` (solo si la solicitud pide una cantidad), `deliverWithinHours` (6, 24, 48, 72 o 168; por defecto 48), `contactName` y `contactWhatsapp` por `POST {path}`, con un campo oculto `idempotencyKey`: el mismo formulario enviado otra vez responde el mismo código. La respuesta es una página con el código, nunca una redirección.',
    en: 'The form sends `quantity` (only when the request asks for a quantity), `deliverWithinHours` (6, 24, 48, 72 or 168; 48 by default), `contactName` and `contactWhatsapp` with `POST {path}`, with a hidden `idempotencyKey` field: the same form sent again answers the same code. The answer is a page with the code, never a redirect.',
  },
  twinApi: {
    es: 'Por la API (202; con la cabecera `Idempotency-Key`, repetir la llamada responde lo mismo):',
    en: 'Through the API (202; with an `Idempotency-Key` header, repeating the call answers the same):',
  },
  twinCode: {
    es: 'La respuesta trae `code`: con él se confirma la entrega (`POST /api/public/v1/pledges/confirm` con `{"code": "…", "quantity": 12}`, la cantidad solo si fue menos) o se cancela (`POST /api/public/v1/pledges/cancel` con `{"code": "…"}`). El código es secreto: nunca va en una dirección.',
    en: 'The answer carries `code`: with it the delivery is confirmed (`POST /api/public/v1/pledges/confirm` with `{"code": "…", "quantity": 12}`, the quantity only when it was less) or the pledge is cancelled (`POST /api/public/v1/pledges/cancel` with `{"code": "…"}`). The code is secret: it never goes in an address.',
  },
  twinErrors: {
    es: 'Errores: 400 por campo; 409 `pledge_exceeds_pending` (los detalles dicen cuánto queda sin comprometer) o `not_pledgeable`; 429 `too_many_open_pledges` o `rate_limited`.',
    en: 'Errors: 400 per field; 409 `pledge_exceeds_pending` (details say how much is still unpledged) or `not_pledgeable`; 429 `too_many_open_pledges` or `rate_limited`.',
  },
  twinManageTitle: { es: 'Cómo funciona', en: 'How it works' },
  twinManage: {
    es: 'El formulario envía `codigo` por `POST /compromisos` y la respuesta muestra el compromiso. Confirmar la entrega es `POST /compromisos/entregar` con `codigo` y, si entregó menos, `quantity`; cancelar es `POST /compromisos/cancelar` con `codigo`. El código va siempre en el cuerpo (`application/x-www-form-urlencoded`), nunca en la dirección, y solo desde las páginas de este sitio: un envío desde otro origen se rechaza (403). Un código desconocido recibe 404; un código de recibo o de ruta abre su propia página, como en `/codigo`.',
    en: 'The form sends `codigo` with `POST /compromisos` and the answer shows the pledge. Confirming the delivery is `POST /compromisos/entregar` with `codigo` and, when less was delivered, `quantity`; cancelling is `POST /compromisos/cancelar` with `codigo`. The code always travels in the body (`application/x-www-form-urlencoded`), never in the address, and only from this site’s pages: a post from another origin is refused (403). An unknown code gets 404; a receipt or route code opens its own page, as on `/codigo`.',
  },
  twinManageLimit: {
    es: {
      one: 'Cada dirección puede hacer {n} consulta por minuto (compartida con la consulta de envíos); después la respuesta es 429 hasta el minuto siguiente.',
      other:
        'Cada dirección puede hacer {n} consultas por minuto (compartidas con la consulta de envíos); después la respuesta es 429 hasta el minuto siguiente.',
    },
    en: {
      one: 'Each address may make {n} lookup a minute (shared with the submission lookup); after that the answer is 429 until the next minute.',
      other:
        'Each address may make {n} lookups a minute (shared with the submission lookup); after that the answer is 429 until the next minute.',
    },
  },
  twinManageApi: {
    es: 'Por la API: `POST /api/public/v1/pledges/confirm` con `{"code": "…"}` (y `quantity` si entregó menos) y `POST /api/public/v1/pledges/cancel` con `{"code": "…"}`.',
    en: 'Through the API: `POST /api/public/v1/pledges/confirm` with `{"code": "…"}` (and `quantity` when less was delivered) and `POST /api/public/v1/pledges/cancel` with `{"code": "…"}`.',
  },
} as const;
