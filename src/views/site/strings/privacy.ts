// Strings of /privacidad: in plain words for the people whose data it is; programs' details are on /desarrolladores.
export const privacy = {
  title: { es: 'Privacidad', en: 'Privacy' },
  summary: {
    es: 'Quién responde por sus datos, qué se publica de cada envío, cuándo, qué no se publica nunca, cuánto tiempo se guardan y cómo retirar su publicación o pedir que se corrijan o se borren.',
    en: 'Who answers for your data, what is published of each submission, when, what never is, how long they are kept, and how to withdraw your submission or have your data corrected or deleted.',
  },
  controllerTitle: { es: 'Responsable del tratamiento', en: 'Data controller' },
  controllerName: {
    es: 'Responde por sus datos la organización que opera este sitio: {name}.',
    en: 'The organisation running this site answers for your data: {name}.',
  },
  controllerContact: { es: 'Cómo contactarla: {contact}', en: 'How to reach it: {contact}' },
  controllerNameUnset: {
    es: 'La organización que opera este sitio aún no ha indicado su nombre.',
    en: 'The organisation running this site has not given its name yet.',
  },
  controllerOnlyContactUnset: {
    es: 'Aún no ha indicado cómo contactarla: mientras tanto, escriba o llame al equipo de su emergencia (abajo).',
    en: 'It has not said how to reach it yet: meanwhile, write to or call your emergency’s team (below).',
  },
  controllerUnset: {
    es: 'El responsable aún no está configurado: la organización que opera este sitio todavía no ha dicho quién es ni cómo contactarla. Mientras tanto, escriba o llame al equipo de su emergencia (abajo): ellos atienden sus preguntas y sus pedidos sobre sus datos.',
    en: 'The controller is not configured yet: the organisation running this site has not yet said who it is nor how to reach it. Meanwhile, write to or call your emergency’s team (below): they answer your questions and requests about your data.',
  },
  reviewTitle: { es: 'Nada se publica sin revisión', en: 'Nothing is published without review' },
  review: {
    es: 'Cada solicitud u ofrecimiento llega primero al equipo de la emergencia. Solo cuando una persona del equipo lo revisa y lo aprueba aparece en el mapa y en las listas. Un envío rechazado no se muestra nunca. Si su envío repite una necesidad que ya está publicada, el equipo puede unirlo a esa publicación: no se publica ni cuenta como rechazado, le avisamos con el enlace de la publicación que la sigue, y sus datos de contacto no se copian a ella.',
    en: 'Every request or offer first reaches the emergency’s team. Only when someone on the team reviews and approves it does it appear on the map and in the lists. A rejected submission is never shown. If your submission repeats a need already published, the team may join it to that one: it is not published and does not count as rejected, we tell you with the link of the record that follows it, and your contact details are not copied to it.',
  },
  publicTitle: { es: 'Qué se publica al aprobarse', en: 'What is published once approved' },
  public1: {
    es: 'El título, la descripción, la categoría, la urgencia, el lugar (ver abajo) y las cantidades.',
    en: 'The title, description, category, urgency, place (see below) and quantities.',
  },
  public2: {
    es: 'El nombre de contacto y el número de WhatsApp, solo en los registros aprobados y solo porque la persona que envió dio su autorización al enviar. Los de un envío en revisión, rechazado o retirado no se publican.',
    en: 'The contact name and WhatsApp number, only on approved records and only because the person who sent it gave their consent when sending. Those of a submission under review, rejected or withdrawn are not published.',
  },
  public3: {
    es: 'La historia del registro: cuándo se recibió, cuándo lo verificó el equipo de la emergencia y sus cambios de estado.',
    en: 'The record’s history: when it was received, when the emergency team verified it, and its status changes.',
  },
  public4: {
    es: 'Lo publicado se puede consultar y copiar libremente, también desde otros programas: así llega la ayuda a más gente.',
    en: 'What is published can be read and copied freely, also by other programs: that is how aid reaches more people.',
  },
  placeTitle: {
    es: 'El lugar de una solicitud: aproximado salvo que se pida lo contrario',
    en: 'Where a request is: approximate unless asked otherwise',
  },
  place1: {
    es: 'Una solicitud de ayuda suele venir de una casa. Por eso, de cada solicitud se publica un punto aproximado (el centro de un cuadro de unos 300 metros que contiene el lugar enviado), el barrio o vereda y el municipio. La dirección y el punto exacto no se publican.',
    en: 'A request for help usually comes from a home. So for each request an approximate point is published (the centre of a square of about 300 metres that holds the place sent), with the neighbourhood or village and the municipality. The address and the exact point are not published.',
  },
  place2: {
    es: 'El punto aproximado es siempre el mismo para el mismo lugar, así que buscar muchas veces no lo afina. La distancia que se muestra se mide hasta ese punto, nunca hasta la casa.',
    en: 'The approximate point is always the same for the same place, so searching many times does not sharpen it. The distance shown is measured to that point, never to the home.',
  },
  place3: {
    es: 'Quien pide ayuda puede marcar «Mostrar mi ubicación exacta», por ejemplo para una escuela o un albergue: entonces se publican la dirección y el punto tal cual. El equipo de la emergencia siempre ve el lugar exacto, para coordinar la entrega; quien lleva la ayuda lo confirma por WhatsApp. Lo mismo vale para quien ofrece ayuda: su ofrecimiento se publica en un punto aproximado, salvo que marque «Mostrar la ubicación exacta» (por ejemplo, una tienda o un punto de recogida). Los centros de acopio se publican con su lugar exacto, para que la gente llegue. Una ruta que recoge en el ofrecimiento de una persona muestra ese mismo punto aproximado; la dirección solo la recibe el voluntario que el equipo acepta.',
    en: 'Whoever asks for help may tick “Show my exact location”, for example for a school or a shelter: then the address and the point are published as they are. The emergency team always sees the exact place, to coordinate delivery; whoever carries the aid confirms it over WhatsApp. The same holds for whoever offers help: their offer is published at an approximate point, unless they tick “Show the exact location” (for example a shop or a pickup point). Collection centres are published at their exact place, so people can find them. A route that picks up at a person’s offer shows that same approximate point; only the volunteer the team accepts is given the address.',
  },
  placeCredit: {
    es: 'Los nombres de los municipios son los del DANE (DIVIPOLA, licencia CC BY-SA 4.0).',
    en: 'Municipality names are DANE’s (DIVIPOLA, CC BY-SA 4.0 licence).',
  },
  neverTitle: { es: 'Qué no se publica nunca', en: 'What is never published' },
  never1: {
    es: 'El documento de identidad que se puede dar en el formulario de solicitud: nunca es público. Solo lo ve el equipo de esa emergencia, para verificar la solicitud.',
    en: 'The identity document the request form may carry: it is never public. Only that emergency’s team sees it, to verify the request.',
  },
  never2: {
    es: 'El contacto de los voluntarios que llevan ayuda en las rutas logísticas.',
    en: 'The contact of the volunteers who carry aid along logistics routes.',
  },
  never3: {
    es: 'Los motivos de rechazo, las notas internas, los correos de los líderes y los enlaces privados de los centros.',
    en: 'Rejection reasons, internal notes, leaders’ e-mails and the centres’ private links.',
  },
  never4: {
    es: 'Los datos de los centros de acopio y de su inventario no incluyen datos de personas.',
    en: 'The data of collection centres and their inventory include nothing about persons.',
  },
  retentionTitle: { es: 'Cuánto tiempo guardamos sus datos', en: 'How long we keep your data' },
  retentionIdentity: {
    es: {
      one: 'El documento de identidad se borra {n} día después de que el equipo decide (aprueba o rechaza) la solicitud.',
      other:
        'El documento de identidad se borra {n} días después de que el equipo decide (aprueba o rechaza) la solicitud.',
    },
    en: {
      one: 'The identity document is erased {n} day after the team decides on (approves or rejects) the request.',
      other: 'The identity document is erased {n} days after the team decides on (approves or rejects) the request.',
    },
  },
  retentionRejected: {
    es: {
      one: 'Los datos personales de un envío rechazado se borran {n} día después del rechazo. Hasta entonces, de su número de WhatsApp guardamos solo una huella hecha con una clave que solo tiene este servicio (no permite leer el número), para avisar al equipo si llega otro envío del mismo número a la misma emergencia.',
      other:
        'Los datos personales de un envío rechazado se borran {n} días después del rechazo. Hasta entonces, de su número de WhatsApp guardamos solo una huella hecha con una clave que solo tiene este servicio (no permite leer el número), para avisar al equipo si llega otro envío del mismo número a la misma emergencia.',
    },
    en: {
      one: 'The personal data of a rejected submission are erased {n} day after the rejection. Until then, of its WhatsApp number we keep only a fingerprint made with a key only this service holds (the number cannot be read from it), to tell the team when another submission from that number reaches the same emergency.',
      other:
        'The personal data of a rejected submission are erased {n} days after the rejection. Until then, of its WhatsApp number we keep only a fingerprint made with a key only this service holds (the number cannot be read from it), to tell the team when another submission from that number reaches the same emergency.',
    },
  },
  retentionAfterClose: {
    es: {
      one: 'Los datos personales de un registro completado, o de una emergencia cerrada, se borran {n} día después.',
      other: 'Los datos personales de un registro completado, o de una emergencia cerrada, se borran {n} días después.',
    },
    en: {
      one: 'The personal data of a completed record, or of a closed emergency, are erased {n} day later.',
      other: 'The personal data of a completed record, or of a closed emergency, are erased {n} days later.',
    },
  },
  retentionWithdrawn: {
    es: 'Los de una publicación que usted retira se borran en el momento.',
    en: 'Those of a submission you withdraw are erased at once.',
  },
  retentionWhat: {
    es: 'Datos personales son su nombre, su WhatsApp, su documento, su dirección, su barrio o vereda y el punto exacto; de los textos que usted o el equipo escribieron se quitan su nombre, su número y su dirección. Lo que queda (la categoría, las cantidades, el municipio y las fechas) no dice quién es usted y sirve para las cifras de la emergencia.',
    en: 'Personal data are your name, WhatsApp, document, address, neighbourhood and exact point; your name, number and address are taken out of the texts you or the team wrote. What remains (category, quantities, municipality and dates) does not say who you are and serves the emergency’s figures.',
  },
  retentionBackups: {
    es: 'Las copias de seguridad de la base de datos, que evitan perder las solicitudes si falla un equipo, se guardan cifradas o en un lugar privado y nunca más tiempo que el último plazo de arriba; si alguna vez se restaura una, se vuelve a borrar todo lo que se retiró o se borró después de la copia.',
    en: 'Backups of the database, which keep the requests from being lost if a machine fails, are stored encrypted or in a private place and never longer than the last period above; should one ever be restored, everything withdrawn or erased after it was taken is erased again.',
  },
  noticesTitle: { es: 'Avisos en su teléfono', en: 'Notices on your phone' },
  notices: {
    es: 'Si envió por WhatsApp o SMS, le avisamos por ese medio cuando su envío se aprueba o no se publica y cuando alguien se compromete a llevarle ayuda; si alguien dice que ya entregó, le preguntamos si llegó (responda RECIBIDO o NO LLEGÓ). Si envió el formulario web y marcó «Recibir avisos en este número», le enviamos un código de 6 dígitos a ese número; si lo escribe en la página del recibo, queda comprobado que el número es suyo y le avisamos igual. Del código solo guardamos una huella, que vence a los 15 minutos, y cuándo se envió y se comprobó; nada de esto se publica y se borra con su número. Para que nadie use el formulario contra un número ajeno, un número recibe como mucho 3 códigos en 24 horas: para contarlos guardamos durante ese día una huella del número hecha con una clave que solo tiene este servicio, que no permite leerlo. Si no marca la casilla, no le escribimos.',
    en: 'If you sent it by WhatsApp or SMS, we tell you there when your submission is approved or not published and when someone pledges to bring you help; if someone says they delivered, we ask whether it arrived (answer RECIBIDO or NO LLEGÓ). If you used the web form and ticked «Recibir avisos en este número», we send a 6-digit code to that number; typed on the receipt page, it proves the number is yours and you are told the same way. Of the code we keep only a fingerprint, which expires after 15 minutes, and when it was sent and proved; none of it is ever published, and it goes with your number. So that nobody can turn the form against someone else’s number, a number gets at most 3 codes in 24 hours: to count them we keep, for that day, a fingerprint of the number made with a key only this service holds, from which the number cannot be read. If you leave the box unticked, we do not write to you.',
  },
  withdrawTitle: { es: 'Retirar su publicación', en: 'Withdrawing your submission' },
  withdraw: {
    es: 'Puede retirar su solicitud u ofrecimiento cuando quiera en {link}, con el código de recibo que le dimos al enviar y su número de WhatsApp (si envió por WhatsApp o SMS, escriba allí «retirar» y el código, y responda SI cuando le preguntemos). Sale del sitio de inmediato y se borran su nombre, su WhatsApp, su documento, su dirección, su barrio y el punto exacto, todo lo que escribió (título, descripción, lo que pidió u ofreció) y los mensajes de su conversación. No se puede deshacer.',
    en: 'You may withdraw your request or offer whenever you wish at {link}, with the receipt code you got when sending and your WhatsApp number (if you sent it by WhatsApp or SMS, write «retirar» and the code there, and answer SI when asked). It leaves the site at once and your name, WhatsApp, document, address, neighbourhood and exact point are erased, with everything you wrote (title, description, what you asked for or offered) and the messages of your conversation. It cannot be undone.',
  },
  withdrawNoCode: {
    es: 'Del código de recibo guardamos solo una huella: no podemos volver a mostrárselo, ni nadie que lea nuestra base de datos. Solo se lo damos a quien envió (en la respuesta al enviar, en la página del recibo durante 10 minutos en el mismo navegador, o en su mensaje de WhatsApp o SMS). Si lo perdió, el equipo de su emergencia puede generarle uno nuevo y enviárselo por WhatsApp o SMS, o leérselo por teléfono; el anterior deja de servir. También puede pedirles a ellos o al responsable del tratamiento que la retiren (abajo).',
    en: 'Of the receipt code we keep only a fingerprint: we cannot show it to you again, nor can anyone who reads our database. We give it only to whoever sent the submission (in the answer when sending, on the receipt page for 10 minutes in the same browser, or in your WhatsApp or SMS message). If you lost it, your emergency’s team can issue a new one and send it by WhatsApp or SMS, or read it to you by phone; the old one stops working. You may also ask them or the data controller to withdraw it (below).',
  },
  rightsTitle: {
    es: 'Sus derechos (Ley 1581 de 2012, habeas data)',
    en: 'Your rights (Ley 1581 de 2012, habeas data)',
  },
  rightsIntro: {
    es: 'La Ley 1581 de 2012 protege sus datos personales en Colombia. Usted tiene derecho a:',
    en: 'Colombia’s Ley 1581 de 2012 protects your personal data. You have the right to:',
  },
  right1: {
    es: 'Conocer qué datos suyos tenemos y para qué se usan.',
    en: 'Know which of your data we hold and what they are used for.',
  },
  right2: {
    es: 'Actualizar sus datos, por ejemplo un número o una cantidad que cambió.',
    en: 'Update your data, for example a number or a quantity that changed.',
  },
  right3: {
    es: 'Rectificar un dato equivocado.',
    en: 'Rectify a wrong detail.',
  },
  right4: {
    es: 'Suprimir sus datos: pedir que se borren.',
    en: 'Erase your data: ask for them to be deleted.',
  },
  right5: {
    es: 'Revocar la autorización que dio para publicar su nombre y su WhatsApp.',
    en: 'Revoke the consent you gave to publish your name and WhatsApp.',
  },
  right6: {
    es: 'Quejarse ante la Superintendencia de Industria y Comercio si su solicitud no se atiende.',
    en: 'Complain to the Superintendencia de Industria y Comercio if your request is not answered.',
  },
  howToAsk: {
    es: 'Cómo pedirlo: para retirar su publicación use {link}. Para lo demás, escriba al responsable del tratamiento ({contact}) o al equipo de su emergencia (abajo). Diga su nombre, el número de WhatsApp con el que envió y qué quiere conocer, corregir o borrar. La ley da 10 días hábiles para responder una consulta y 15 para un reclamo.',
    en: 'How to ask: to withdraw your submission use {link}. For anything else, write to the data controller ({contact}) or to your emergency’s team (below). Give your name, the WhatsApp number you sent with, and what you want to know, correct or delete. The law allows 10 working days to answer a query and 15 for a claim.',
  },
  howToAskNoContact: {
    es: 'Cómo pedirlo: para retirar su publicación use {link}. Para lo demás, escriba o llame al equipo de su emergencia (abajo). Diga su nombre, el número de WhatsApp con el que envió y qué quiere conocer, corregir o borrar. La ley da 10 días hábiles para responder una consulta y 15 para un reclamo.',
    en: 'How to ask: to withdraw your submission use {link}. For anything else, write to or call your emergency’s team (below). Give your name, the WhatsApp number you sent with, and what you want to know, correct or delete. The law allows 10 working days to answer a query and 15 for a claim.',
  },
  teamsTitle: { es: 'Cómo contactar al equipo de cada emergencia', en: 'How to reach each emergency’s team' },
  teamsNone: { es: 'No hay ninguna emergencia activa en este momento.', en: 'There is no active emergency right now.' },
  teamContact: { es: '{name}: {contact}', en: '{name}: {contact}' },
  teamNoContact: {
    es: '{name}: el equipo aún no ha publicado un contacto; escriba al responsable del tratamiento.',
    en: '{name}: the team has not published a contact yet; write to the data controller.',
  },
  teamNoContactAtAll: {
    es: '{name}: el equipo aún no ha publicado un contacto.',
    en: '{name}: the team has not published a contact yet.',
  },
  lostCode: {
    es: '¿Tiene un código y no sabe para qué sirve, o quiere ver su envío? Escríbalo en {link}. Si lo perdió, escriba o llame al equipo de su emergencia (abajo): le dan uno nuevo.',
    en: 'Do you hold a code and do not know what it is for, or want to see your submission? Type it at {link}. If you lost it, write to or call your emergency’s team (below): they give you a new one.',
  },
  lostCodeLink: { es: 'Tengo un código', en: 'I have a code' },
  openData: {
    es: 'Lo que se publica se puede descargar, sin teléfonos ni documentos, en {link}.',
    en: 'What is published can be downloaded, without phone numbers or documents, at {link}.',
  },
  openDataLink: { es: 'Datos abiertos', en: 'Open data' },
} as const;
