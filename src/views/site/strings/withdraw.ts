// Strings of /retirar: a person takes their own submission off the site with its receipt code and their WhatsApp.
export const withdraw = {
  // The form
  title: { es: 'Retirar mi publicación', en: 'Withdraw my submission' },
  summary: {
    es: 'Con el código de recibo y su número de WhatsApp puede retirar su solicitud u ofrecimiento: sale del sitio y se borran sus datos personales.',
    en: 'With the receipt code and your WhatsApp number you can withdraw your request or offer: it leaves the site and your personal data are erased.',
  },
  intro: {
    es: 'Escriba el código de recibo que le dimos al enviar (por ejemplo K7P-42Q-X9M-D3R) y el número de WhatsApp que dio en el formulario. Antes de retirar le mostramos cuál es el envío y le pedimos confirmar.',
    en: 'Type the receipt code you got when sending (for example K7P-42Q-X9M-D3R) and the WhatsApp number you gave on the form. Before withdrawing we show you which submission it is and ask you to confirm.',
  },
  introWithCode: {
    es: 'Su código ya está escrito. Falta solo el número de WhatsApp que dio al enviar: antes de retirar le mostramos cuál es el envío y le pedimos confirmar.',
    en: 'Your code is already filled in. Only the WhatsApp number you gave when sending is missing: before withdrawing we show you which submission it is and ask you to confirm.',
  },
  whatsapp: { es: 'Su número de WhatsApp', en: 'Your WhatsApp number' },
  whatsappHelp: {
    es: 'El mismo que dio al enviar. Un número de Colombia se escribe como siempre, ej. 311 555 0199; uno de otro país, con + y el código del país.',
    en: 'The one you gave when sending. A Colombian number is written as usual, e.g. 311 555 0199; one from another country with + and the country code.',
  },
  next: { es: 'Continuar', en: 'Continue' },
  notFound: {
    es: 'No encontramos un envío con ese código y ese número.',
    en: 'We did not find a submission with that code and that number.',
  },
  notFoundHelp: {
    es: 'Revise el código y el número y escríbalos de nuevo. Si la publicación ya fue retirada, tampoco aparece.',
    en: 'Check the code and the number and type them again. A submission already withdrawn does not appear either.',
  },
  rateLimited: {
    es: 'Se hicieron demasiados intentos desde su conexión. Espere un minuto e intente de nuevo.',
    en: 'Too many attempts were made from your connection. Wait a minute and try again.',
  },
  forbidden: { es: 'Abrir el formulario para retirar', en: 'Open the withdrawal form' },
  lostCode: {
    es: 'Si perdió el código, pida al equipo de su emergencia que retire su publicación: vea los contactos en {link}.',
    en: 'If you lost the code, ask your emergency’s team to withdraw your submission: see the contacts at {link}.',
  },
  privacyLink: { es: 'Privacidad', en: 'Privacy' },
  private: {
    es: 'El código y el número viajan solo dentro del formulario, nunca en la dirección de la página.',
    en: 'The code and the number travel only inside the form, never in the page’s address.',
  },

  // The confirmation
  confirmTitle: { es: 'Confirme que quiere retirar', en: 'Confirm the withdrawal' },
  confirmSummary: {
    es: 'Revise que sea su envío y confirme: al retirarlo sale del sitio y se borran sus datos personales.',
    en: 'Check it is your submission and confirm: once withdrawn it leaves the site and your personal data are erased.',
  },
  confirmIntro: { es: 'Este es el envío que va a retirar:', en: 'This is the submission you are about to withdraw:' },
  fieldTitle: { es: 'Título', en: 'Title' },
  fieldType: { es: 'Tipo', en: 'Type' },
  fieldEmergency: { es: 'Emergencia', en: 'Emergency' },
  fieldPublic: { es: '¿Es público ahora?', en: 'Is it public now?' },
  publicYes: { es: 'Sí, está publicado', en: 'Yes, it is published' },
  publicNo: { es: 'No, no está publicado', en: 'No, it is not published' },
  typeRequest: { es: 'Solicitud de ayuda', en: 'Request for help' },
  typeOffer: { es: 'Ofrecimiento de ayuda', en: 'Offer of help' },
  whatHappensTitle: { es: 'Qué pasa al retirarlo', en: 'What happens when you withdraw it' },
  happens1: {
    es: 'Sale del sitio de inmediato: del mapa, de las listas y de los datos abiertos.',
    en: 'It leaves the site at once: the map, the lists and the open data.',
  },
  happens2: {
    es: 'Se borran su nombre, su WhatsApp, su documento, su dirección y el punto exacto.',
    en: 'Your name, WhatsApp, document, address and exact point are erased.',
  },
  happens3: {
    es: 'No se puede deshacer. Si después necesita ayuda o quiere ayudar, haga un envío nuevo.',
    en: 'It cannot be undone. If you later need help or want to help, send a new submission.',
  },
  confirm: { es: 'Sí, retirar mi publicación', en: 'Yes, withdraw my submission' },
  cancel: { es: 'No retirar y volver al inicio', en: 'Do not withdraw, back to the home page' },

  // Done
  doneTitle: { es: 'Publicación retirada', en: 'Submission withdrawn' },
  doneSummary: {
    es: 'Retiramos su publicación y borramos sus datos personales.',
    en: 'We withdrew your submission and erased your personal data.',
  },
  done: {
    es: 'Retiramos su publicación: ya no aparece en el sitio, y borramos su nombre, su WhatsApp, su documento, su dirección y el punto exacto.',
    en: 'We withdrew your submission: it no longer appears on the site, and we erased your name, WhatsApp, document, address and exact point.',
  },
  doneCode: {
    es: 'El código de recibo ya no sirve. Si necesita ayuda o quiere ayudar de nuevo, haga un envío nuevo.',
    en: 'The receipt code no longer works. If you need help or want to help again, send a new submission.',
  },
  home: { es: 'Volver al inicio', en: 'Back to the home page' },

  // The twin
  twinTitle: { es: 'Cómo funciona el retiro', en: 'How withdrawing works' },
  twinForm: {
    es: 'El formulario envía dos campos, `codigo` y `whatsapp`, por `POST /retirar` (`application/x-www-form-urlencoded`), y solo desde las páginas de este sitio: un envío desde otro origen se rechaza (403). Van en el cuerpo, nunca en la dirección.',
    en: 'The form sends two fields, `codigo` and `whatsapp`, with `POST /retirar` (`application/x-www-form-urlencoded`), and only from this site’s pages: a post from another origin is refused (403). They travel in the body, never in the address.',
  },
  twinSteps: {
    es: 'Sin el campo `confirmar` la respuesta es la página de confirmación (título, tipo, emergencia y si es público); con `confirmar=1` el envío se retira y sus datos personales se borran. Un código o un número equivocados reciben la misma respuesta (404), sin decir cuál de los dos falló.',
    en: 'Without the `confirmar` field the answer is the confirmation page (title, kind, emergency and whether it is public); with `confirmar=1` the submission is withdrawn and its personal data erased. A wrong code or a wrong number get the same answer (404), never saying which of the two failed.',
  },
  twinLimit: {
    es: {
      one: 'Cada dirección puede hacer {n} intento por minuto; después la respuesta es 429 hasta el minuto siguiente.',
      other:
        'Cada dirección puede hacer {n} intentos por minuto; después la respuesta es 429 hasta el minuto siguiente.',
    },
    en: {
      one: 'Each address may make {n} attempt a minute; after that the answer is 429 until the next minute.',
      other: 'Each address may make {n} attempts a minute; after that the answer is 429 until the next minute.',
    },
  },
  twinApi: {
    es: 'Quien envió por la API también puede retirar con la clave de edición (`editToken`) del primer 202: `DELETE /api/public/v1/help/{id}` con `Authorization: Bearer <editToken>`.',
    en: 'Whoever submitted through the API may also withdraw with the edit token (`editToken`) of the first 202: `DELETE /api/public/v1/help/{id}` with `Authorization: Bearer <editToken>`.',
  },
} as const;
