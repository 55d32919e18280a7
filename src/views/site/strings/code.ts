// Strings of /codigo: one door for every code a person holds (receipt, pledge, route), and the support reference.
export const code = {
  title: { es: 'Tengo un código', en: 'I have a code' },
  summary: {
    es: 'Escriba cualquier código que le dimos y le mostramos lo suyo: su envío, su compromiso o su ruta.',
    en: 'Type any code we gave you and we show you what it is for: your submission, your pledge or your route.',
  },
  intro: {
    es: 'Sirve cualquiera de nuestros códigos: el de recibo de una solicitud o un ofrecimiento, el de un compromiso («Voy a llevar») o el de una ruta que ofreció llevar. No hace falta saber cuál es.',
    en: 'Any of our codes works: the receipt code of a request or an offer, a pledge code ("I will bring it") or the code of a route you offered to carry. You need not know which one it is.',
  },
  field: { es: 'Su código', en: 'Your code' },
  fieldHelp: {
    es: 'Doce letras y números, por ejemplo K7P-42Q-X9M-D3R. Puede escribirlo en minúsculas, con espacios o sin guiones.',
    en: 'Twelve letters and digits, for example K7P-42Q-X9M-D3R. You may type it in lower case, with spaces or without dashes.',
  },
  send: { es: 'Abrir', en: 'Open' },
  notFound: { es: 'No encontramos ese código.', en: 'We did not find that code.' },
  notFoundHelp: {
    es: 'Revise cada letra y número con calma y escríbalo de nuevo. Si lo perdió, pídale al equipo de la emergencia uno nuevo.',
    en: 'Check each letter and digit calmly and type it again. If you lost it, ask the emergency team for a new one.',
  },
  rateLimited: {
    es: 'Se hicieron demasiadas consultas desde su conexión. Espere un minuto e intente de nuevo.',
    en: 'Too many lookups were made from your connection. Wait a minute and try again.',
  },
  forbidden: { es: 'Abrir Tengo un código', en: 'Open I have a code' },
  private: {
    es: 'Su código es privado, como una clave: quien lo tenga puede ver y cambiar lo suyo. No lo comparta con desconocidos; nadie del equipo se lo va a pedir por mensaje.',
    en: 'Your code is private, like a password: whoever has it can see and change what is yours. Do not share it with strangers; nobody from the team will ask you for it in a message.',
  },
  referenceHint: {
    es: 'Si una página de error le mostró una «Referencia» (REF- y diez números), también puede escribirla aquí y le decimos qué hacer con ella.',
    en: 'If an error page showed you a "Reference" (REF- and ten digits), you may type it here too and we tell you what to do with it.',
  },

  // A support reference typed as a code
  referenceTitle: { es: 'Esto es una referencia, no un código', en: 'This is a reference, not a code' },
  referenceSummary: {
    es: 'La referencia ayuda al equipo de la emergencia a encontrar qué falló. No abre nada.',
    en: 'The reference helps the emergency team find what went wrong. It opens nothing.',
  },
  referenceIntro: {
    es: 'Escribió {reference}: es la referencia de un error que vio en una de nuestras páginas. No abre su envío ni su compromiso y no es un secreto.',
    en: 'You typed {reference}: it is the reference of an error you saw on one of our pages. It opens neither your submission nor your pledge, and it is not a secret.',
  },
  referenceWhat: {
    es: 'Si el problema sigue, léasela al equipo de la emergencia y dígale qué estaba haciendo: con ella encuentran qué pasó.',
    en: 'If the problem goes on, read it out to the emergency team and tell them what you were doing: with it they find what happened.',
  },
  contactsTitle: { es: 'Cómo contactar a cada equipo', en: 'How to reach each team' },
  noContact: { es: 'todavía sin contacto publicado', en: 'no public contact yet' },
  contactsWhere: {
    es: 'Los contactos de cada emergencia también están en {link}.',
    en: 'Each emergency’s contacts are also on {link}.',
  },
  privacyLink: { es: 'la página de privacidad', en: 'the privacy page' },
  referenceNever: {
    es: 'Nunca le dé al equipo sus códigos de doce letras: la referencia basta.',
    en: 'Never give the team your twelve-letter codes: the reference is enough.',
  },
  another: { es: 'Escribir otro código', en: 'Type another code' },

  // The twin
  twinTitle: { es: 'Cómo funciona', en: 'How it works' },
  twinForm: {
    es: 'El formulario envía un solo campo, `codigo`, por `POST /codigo` (`application/x-www-form-urlencoded`), y solo desde las páginas de este sitio: un envío desde otro origen se rechaza (403). La respuesta es la página que corresponde al código (el estado del envío, el compromiso o la ruta), nunca una redirección: el código va en el cuerpo, nunca en la dirección. Un código desconocido y uno mal escrito reciben la misma respuesta (404).',
    en: 'The form sends one field, `codigo`, with `POST /codigo` (`application/x-www-form-urlencoded`), and only from this site’s pages: a post from another origin is refused (403). The answer is the page the code belongs to (the submission’s state, the pledge or the route), never a redirect: the code travels in the body, never in the address. An unknown code and a mistyped one get the same answer (404).',
  },
  twinLimit: {
    es: {
      one: 'Cada dirección puede hacer {n} consulta por minuto, compartida con /estado, /compromisos y /mi-ruta; después la respuesta es 429 hasta el minuto siguiente.',
      other:
        'Cada dirección puede hacer {n} consultas por minuto, compartidas con /estado, /compromisos y /mi-ruta; después la respuesta es 429 hasta el minuto siguiente.',
    },
    en: {
      one: 'Each address may make {n} lookup a minute, shared with /estado, /compromisos and /mi-ruta; after that the answer is 429 until the next minute.',
      other:
        'Each address may make {n} lookups a minute, shared with /estado, /compromisos and /mi-ruta; after that the answer is 429 until the next minute.',
    },
  },
} as const;
