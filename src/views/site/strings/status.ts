// Strings of /estado (a submission's state, looked up by its receipt code) and of the code on the receipt page.
export const status = {
  // The form
  title: { es: 'Consultar mi envío', en: 'Check my submission' },
  summary: {
    es: 'Escriba el código de recibo de su envío para saber si ya se publicó. No se muestra el contenido del envío.',
    en: 'Type your submission’s receipt code to find out whether it has been published. Its content is not shown.',
  },
  intro: {
    es: 'El código de recibo aparece en la página que se abre después de enviar una solicitud o un ofrecimiento, por ejemplo K7P-42Q-X9M-D3R. El código de un compromiso o de una ruta también sirve aquí: le mostramos lo suyo.',
    en: 'The receipt code is on the page that opens after sending a request or an offer, for example K7P-42Q-X9M-D3R. A pledge or route code works here too: we show you what it is for.',
  },
  code: { es: 'Código de recibo', en: 'Receipt code' },
  codeHelp: {
    es: 'Doce letras y números. Puede escribirlo en minúsculas, con espacios o sin guiones.',
    en: 'Twelve letters and digits. You may type it in lower case, with spaces or without dashes.',
  },
  send: { es: 'Consultar', en: 'Check' },
  notFound: { es: 'No encontramos ese código.', en: 'We did not find that code.' },
  notFoundHelp: {
    es: 'Revise que tenga las doce letras y números y escríbalo de nuevo.',
    en: 'Check that it has all twelve letters and digits and type it again.',
  },
  rateLimited: {
    es: 'Se hicieron demasiadas consultas desde su conexión. Espere un minuto y consulte de nuevo.',
    en: 'Too many lookups were made from your connection. Wait a minute and check again.',
  },
  forbidden: { es: 'Abrir la consulta', en: 'Open the lookup' },
  private: {
    es: 'La consulta muestra solo el estado, el tipo de envío y la emergencia (y, si alguien se comprometió a llevarle ayuda, cómo contactarle): nunca lo que usted escribió ni sus datos. El código es privado: no lo comparta con desconocidos.',
    en: 'The lookup shows only the state, the kind of submission and the emergency (and, when someone pledged to bring you help, how to reach them): never what you wrote nor your details. The code is private: do not share it with strangers.',
  },

  // The answer
  resultTitle: { es: 'Estado de su envío', en: 'Your submission’s state' },
  resultSummary: {
    es: 'Dónde está su envío: en revisión, publicado o no publicado.',
    en: 'Where your submission stands: under review, published or not published.',
  },
  state: { es: 'Estado', en: 'State' },
  type: { es: 'Tipo', en: 'Type' },
  emergency: { es: 'Emergencia', en: 'Emergency' },
  typeRequest: { es: 'Solicitud de ayuda', en: 'Request for help' },
  typeOffer: { es: 'Ofrecimiento de ayuda', en: 'Offer of help' },
  statePending: {
    es: 'Su envío está en revisión: el equipo de la emergencia todavía no lo ha revisado. Aún no es público.',
    en: 'Your submission is under review: the emergency team has not reviewed it yet. It is not public yet.',
  },
  statePendingShort: { es: 'En revisión', en: 'Under review' },
  statePublished: {
    es: 'Publicado: el equipo de la emergencia aprobó su envío y ya es público.',
    en: 'Published: the emergency team approved your submission and it is public now.',
  },
  stateRevision: {
    es: 'Publicado; sus últimos cambios están en revisión del equipo de la emergencia.',
    en: 'Published; your latest changes are under review by the emergency team.',
  },
  statePublishedShort: { es: 'Publicado', en: 'Published' },
  stateNotPublished: {
    es: 'No publicado: el equipo de la emergencia revisó su envío y no lo publicó.',
    en: 'Not published: the emergency team reviewed your submission and did not publish it.',
  },
  stateNotPublishedShort: { es: 'No publicado', en: 'Not published' },
  seeRecord: { es: 'Ver el registro publicado', en: 'See the published record' },
  another: { es: 'Escribir otro código', en: 'Type another code' },
  withdraw: {
    es: '¿Quiere quitar su envío del sitio y borrar sus datos? Con el mismo código y su WhatsApp: ',
    en: 'Want to take your submission off the site and erase your details? With the same code and your WhatsApp: ',
  },
  withdrawLink: { es: 'Retirar mi publicación', en: 'Withdraw my submission' },
  withdrawTitle: { es: '¿Ya no quiere que esté publicada?', en: 'No longer want it published?' },
  withdrawHelp: {
    es: 'Retirarla la quita del sitio y borra sus datos. Su código ya va incluido: solo le pediremos el número de WhatsApp que dio al enviar, y antes de retirar le pedimos confirmar.',
    en: 'Withdrawing takes it off the site and erases your details. Your code goes along: we only ask for the WhatsApp number you gave when sending, and we ask you to confirm before withdrawing.',
  },
  withdrawRequest: { es: 'Retirar esta solicitud', en: 'Withdraw this request' },
  withdrawOffer: { es: 'Retirar este ofrecimiento', en: 'Withdraw this offer' },
  currentTitle: { es: '¿Sigue vigente?', en: 'Is it still current?' },
  current_current: {
    es: 'Confirmada como vigente el {date}. Si algo cambia, díganos aquí.',
    en: 'Confirmed as current on {date}. If anything changes, tell us here.',
  },
  current_to_confirm: {
    es: 'Por confirmar: nadie la confirma desde el {date}. Díganos si sigue vigente; si no, saldrá de las listas.',
    en: 'To confirm: nobody has confirmed it since {date}. Tell us whether it is still current; otherwise it will leave the lists.',
  },
  current_expired: {
    es: 'Venció: sin confirmar desde el {date}, ya no aparece en las listas ni en el mapa. Si sigue vigente, confírmelo y vuelve a aparecer.',
    en: 'Expired: unconfirmed since {date}, it no longer shows in the lists or on the map. If it is still current, confirm it and it shows again.',
  },
  stillCurrent: { es: 'Sigue vigente', en: 'Still current' },
  alreadyHelped: { es: 'Ya me ayudaron', en: 'I already got help' },
  notNeeded: { es: 'Ya no lo necesito', en: 'I no longer need it' },
  offerNotNeeded: { es: 'Ya no lo ofrezco', en: 'I no longer offer it' },
  confirmedNotice_current: {
    es: 'Gracias: quedó confirmada como vigente.',
    en: 'Thank you: it is confirmed as current.',
  },
  confirmedNotice_closed: {
    es: 'Gracias: quedó marcada como completada y sale de las necesidades abiertas.',
    en: 'Thank you: it is marked as completed and leaves the open needs.',
  },
  pledgesTitle: { es: 'Quién va a llevar ayuda', en: 'Who is bringing help' },
  pledgesIntro: {
    es: 'Estas personas se comprometieron a llevar parte de lo que necesita. Sus datos son privados: úselos solo para coordinar la entrega. Cuando algo llegue, confírmelo aquí; si le dijeron que se entregó y no llegó, dígalo.',
    en: 'These people pledged to bring part of what you need. Their details are private: use them only to coordinate the delivery. When something arrives, confirm it here; if you were told it was delivered and it did not arrive, say so.',
  },
  pledgeLine: { es: '{name}: {what}, para el {date}', en: '{name}: {what}, by {date}' },
  pledgeSomething: { es: 'algo de lo que necesita', en: 'some of what you need' },
  pledgeUnconverted: {
    es: '{amount} (sin convertir: otra unidad que la de su solicitud, un líder dice cuánto equivale)',
    en: '{amount} (not converted: another unit than your request’s, a leader says what it is worth)',
  },
  pledge_open: { es: 'Comprometido: aún no llega', en: 'Promised: not there yet' },
  pledge_reported: {
    es: 'Entregado según quien lo llevó, sin confirmar: confírmelo si llegó',
    en: 'Delivered as the bringer says, not confirmed: confirm it if it arrived',
  },
  pledge_delivered: { es: 'Entregado', en: 'Delivered' },
  pledge_cancelled: { es: 'Cancelado', en: 'Cancelled' },
  pledge_expired: { es: 'Venció sin confirmarse', en: 'Expired unconfirmed' },
  pledge_disputed: { es: 'Marcado como no recibido', en: 'Marked as not received' },
  pledgeArrived: { es: 'Ya llegó', en: 'It arrived' },
  pledgeNotArrived: { es: 'No llegó', en: 'It did not arrive' },
  pledgeWhatsapp: { es: 'Escribir por WhatsApp', en: 'Message on WhatsApp' },
  pledgeDone_deliver: {
    es: 'Gracias: la entrega quedó confirmada y suma a lo cubierto.',
    en: 'Thank you: the delivery is confirmed and adds to what is covered.',
  },
  pledgeDone_dispute: {
    es: 'Quedó marcado que no llegó; el equipo de la emergencia lo verá.',
    en: 'It is marked as not received; the emergency team will see it.',
  },
  pledgeProblem: {
    es: 'Ese compromiso ya cambió (se entregó, se canceló o venció). Vea abajo cómo está ahora.',
    en: 'That pledge has already changed (delivered, cancelled or expired). See below how it stands now.',
  },

  // The twin
  twinTitle: { es: 'Cómo funciona la consulta', en: 'How the lookup works' },
  twinForm: {
    es: 'El formulario envía un solo campo, `codigo`, por `POST /estado` (`application/x-www-form-urlencoded`), y solo desde las páginas de este sitio: un envío desde otro origen se rechaza (403). El código va en el cuerpo, nunca en la dirección, para que no quede en registros ni en el historial del navegador.',
    en: 'The form sends one field, `codigo`, with `POST /estado` (`application/x-www-form-urlencoded`), and only from this site’s pages: a post from another origin is refused (403). The code travels in the body, never in the address, so that it stays out of logs and browser history.',
  },
  twinAnswer: {
    es: 'La respuesta es una página con el estado (en revisión; publicado, con el enlace al registro; o no publicado), el tipo de envío y el nombre de la emergencia. Un código desconocido y uno mal escrito reciben la misma respuesta: «No encontramos ese código» (404). Un código de compromiso o de ruta abre su propia página, como en `/codigo`.',
    en: 'The answer is a page with the state (under review; published, with the link to the record; or not published), the kind of submission and the emergency’s name. An unknown code and a mistyped one get the same answer: “We did not find that code” (404). A pledge or route code opens its own page, as on `/codigo`.',
  },
  twinLimit: {
    es: {
      one: 'Cada dirección puede hacer {n} consulta por minuto; después la respuesta es 429 hasta el minuto siguiente.',
      other:
        'Cada dirección puede hacer {n} consultas por minuto; después la respuesta es 429 hasta el minuto siguiente.',
    },
    en: {
      one: 'Each address may make {n} lookup a minute; after that the answer is 429 until the next minute.',
      other: 'Each address may make {n} lookups a minute; after that the answer is 429 until the next minute.',
    },
  },
  twinApi: {
    es: 'Quien envía por la API o por MCP recibe el código en `receiptCode`: en el 202 de `POST /api/public/v1/help` y en el resultado de `publicar_solicitud` y `publicar_ofrecimiento`. Entrégueselo solo a la persona que hizo el envío.',
    en: 'Whoever submits through the API or MCP gets the code in `receiptCode`: in the 202 of `POST /api/public/v1/help` and in the result of `publicar_solicitud` and `publicar_ofrecimiento`. Give it only to the person who made the submission.',
  },

  // The receipt page
  receiptCode: { es: 'Su código de recibo', en: 'Your receipt code' },
  receiptCodeHelp: {
    es: 'Guárdelo: con este código puede consultar en {path} si su envío ya se publicó. Es privado, como una clave: no lo comparta con desconocidos. Por seguridad, esta página lo muestra solo ahora, al enviar.',
    en: 'Keep it: with this code you can check at {path} whether your submission has been published. It is private, like a password: do not share it with strangers. For your safety this page shows it only now, right after sending.',
  },
  share: { es: 'Guardar o compartir por WhatsApp', en: 'Save or share on WhatsApp' },
  shareMessage: {
    es: 'Mi código de recibo de Ayuda Directa es {code}. Para ver si mi envío ya se publicó, escribo el código en {url}',
    en: 'My Ayuda Directa receipt code is {code}. To see whether my submission has been published, I type the code at {url}',
  },
  checkLink: { es: 'Consultar el estado con el código', en: 'Check the state with the code' },
  receiptCodeDoor: {
    es: '¿Tiene un código nuestro y no recuerda para qué sirve? Escríbalo en ',
    en: 'Have one of our codes and do not remember what it is for? Type it at ',
  },
  receiptCodeDoorLink: { es: 'Tengo un código', en: 'I have a code' },
} as const;
