// Strings of the forms' "Recibir avisos" box and of the receipt's code form: proving the number a form gave.
export const numberProof = {
  // The forms' box
  optIn: { es: 'Recibir avisos en este número', en: 'Get notices on this number' },
  optInHelp: {
    es: 'Le enviaremos un código de 6 dígitos para comprobar que el número es suyo. Llega por {channel}, y después le avisaremos por {channel} cuando su envío sea aprobado o alguien se comprometa a ayudar.',
    en: 'We will send you a 6-digit code to check that the number is yours. It comes by {channel}, and then we will tell you by {channel} when your submission is approved or someone pledges to help.',
  },
  twinOptIn: {
    es: 'En el formulario, la casilla «Recibir avisos en este número» envía un código de 6 dígitos por {channel} al número dado; escrito en la página del recibo, ese número recibe los avisos del envío. La API no envía códigos.',
    en: "On the form, the box «Get notices on this number» sends a 6-digit code by {channel} to the number given; typed on the receipt page, that number gets the submission's notices. The API sends no codes.",
  },
  // The receipt
  title: { es: 'Avisos en su número', en: 'Notices on your number' },
  askCode: {
    es: 'Escriba el código que le enviamos por {channel}',
    en: 'Type the code we sent you by {channel}',
  },
  // No full stop after the hour: Colombia's own format already ends in one («7:15 a. m.»).
  codeHelp: {
    es: 'Son 6 dígitos, válidos hasta las {time}',
    en: 'It is 6 digits, valid until {time}',
  },
  send: { es: 'Comprobar', en: 'Check' },
  proved: {
    es: 'Número comprobado: le avisaremos por {channel}.',
    en: 'Number checked: we will tell you by {channel}.',
  },
  wrong: {
    es: {
      one: 'Ese no es el código. Le queda {n} intento.',
      other: 'Ese no es el código. Le quedan {n} intentos.',
    },
    en: {
      one: 'That is not the code. You have {n} try left.',
      other: 'That is not the code. You have {n} tries left.',
    },
  },
  malformed: {
    es: 'Escriba los 6 dígitos del código, sin letras.',
    en: 'Type the 6 digits of the code, with no letters.',
  },
  spent: {
    es: 'El código venció o se agotaron los intentos: pida un código nuevo.',
    en: 'The code expired or ran out of tries: ask for a new code.',
  },
  newCode: { es: 'Pedir un código nuevo', en: 'Ask for a new code' },
  newCodeSent: {
    es: 'Le enviamos un código nuevo por {channel}.',
    en: 'We sent you a new code by {channel}.',
  },
  capped: {
    es: {
      one: 'Este número ya recibió {n} código en las últimas 24 horas. Para protegerlo no enviamos más: intente mañana.',
      other:
        'Este número ya recibió {n} códigos en las últimas 24 horas. Para protegerlo no enviamos más: intente mañana.',
    },
    en: {
      one: 'This number already got {n} code in the last 24 hours. To protect it we send no more: try tomorrow.',
      other: 'This number already got {n} codes in the last 24 hours. To protect it we send no more: try tomorrow.',
    },
  },
  unavailable: {
    es: 'Ahora no podemos enviar códigos. Puede seguir su envío con el código de recibo en {path}.',
    en: 'We cannot send codes now. You can follow your submission with the receipt code at {path}.',
  },
  backToReceipt: { es: 'Volver al recibo', en: 'Back to the receipt' },
  rateLimited: {
    es: 'Se hicieron demasiados intentos desde su conexión. Espere un minuto e intente de nuevo.',
    en: 'Too many attempts were made from your connection. Wait a minute and try again.',
  },
  twinCode: {
    es: 'Para comprobar el número, el formulario de esta página envía por POST a {path} el campo {field}; para pedir un código nuevo, POST a {again}. Los dos solo se aceptan desde las páginas del sitio.',
    en: "To check the number, this page's form sends the field {field} by POST to {path}; to ask for a new code, POST to {again}. Both are accepted only from the site's own pages.",
  },
} as const;
