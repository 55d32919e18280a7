// Strings of /privacidad.
export const privacy = {
  title: { es: 'Privacidad', en: 'Privacy' },
  summary: {
    es: 'Qué se publica de cada envío, cuándo, y qué no se publica nunca.',
    en: 'What is published of each submission, when, and what never is.',
  },
  reviewTitle: { es: 'Nada se publica sin revisión', en: 'Nothing is published without review' },
  review: {
    es: 'Cada solicitud u ofrecimiento llega a la bandeja del equipo de la emergencia. Solo cuando un líder lo aprueba aparece en el mapa, las listas, la API, el servidor MCP y los feeds. Un envío rechazado no se muestra nunca.',
    en: 'Every request or offer goes to the emergency team’s inbox. Only when a leader approves it does it appear on the map, in the lists, the API, the MCP server and the feeds. A rejected submission is never shown.',
  },
  publicTitle: { es: 'Qué se publica al aprobarse', en: 'What is published once approved' },
  public1: {
    es: 'El título, la descripción, la categoría, la urgencia, el lugar público (ver abajo) y las cantidades.',
    en: 'The title, description, category, urgency, public place (see below) and quantities.',
  },
  public2: {
    es: 'El nombre de contacto y el WhatsApp, solo porque la persona marcó su consentimiento al enviar.',
    en: 'The contact name and WhatsApp, only because the person ticked their consent when sending.',
  },
  public3: {
    es: 'La historia pública del registro: recibido, verificado por el equipo de la emergencia, cambios de estado.',
    en: 'The record’s public history: received, verified by the emergency team, status changes.',
  },
  placeTitle: {
    es: 'El lugar de una solicitud: aproximado salvo que se pida lo contrario',
    en: 'Where a request is: approximate unless asked otherwise',
  },
  place1: {
    es: 'Una solicitud de ayuda suele venir de una casa. Por eso, de cada solicitud se publica un punto aproximado: el centro de una cuadrícula de 0,0027 grados (unos 300 m) que contiene el punto enviado, el barrio o vereda y el municipio. La dirección y el punto exacto no se publican.',
    en: 'A request for help usually comes from a home. So for each request an approximate point is published: the centre of a grid of 0.0027 degrees (about 300 m) that holds the point sent, with the neighbourhood or village and the municipality. The address and the exact point are not published.',
  },
  place2: {
    es: 'El punto aproximado es siempre el mismo para el mismo lugar, así que repetir búsquedas no lo afina. La búsqueda por cercanía y la distancia que se muestra se miden hasta ese punto, nunca hasta la casa: un radio pequeño no permite ubicarla.',
    en: 'The approximate point is always the same for the same place, so repeated searches do not sharpen it. Searches near a place and the distance shown are measured to that point, never to the home: a small radius cannot pin it.',
  },
  place3: {
    es: 'Lo mismo vale en todas partes: mapa, listas, páginas y sus versiones Markdown, la API, el servidor MCP y el destino de las rutas logísticas. La API lo dice en location.precision (exact o approximate).',
    en: 'The same holds everywhere: map, lists, pages and their Markdown versions, the API, the MCP server and the destination of logistics routes. The API says which in location.precision (exact or approximate).',
  },
  place4: {
    es: 'Quien pide ayuda puede marcar «Mostrar mi ubicación exacta» (showExactLocation en la API), por ejemplo para una escuela o un albergue: entonces se publican la dirección y el punto tal cual. Los líderes de la emergencia siempre ven el lugar exacto, para coordinar la entrega; quien lleva la ayuda lo confirma por WhatsApp. Los ofrecimientos y los centros de acopio se publican con su lugar exacto.',
    en: 'Whoever asks for help may tick “Show my exact location” (showExactLocation in the API), for example for a school or a shelter: then the address and the point are published as they are. The emergency’s leaders always see the exact place, to coordinate delivery; whoever carries the aid confirms it over WhatsApp. Offers and collection centres are published with their exact place.',
  },
  placeCredit: {
    es: 'Los nombres y códigos de municipios son la DIVIPOLA del DANE (CC BY-SA 4.0).',
    en: 'Municipality names and codes are DANE’s DIVIPOLA (CC BY-SA 4.0).',
  },
  neverTitle: { es: 'Qué no se publica nunca', en: 'What is never published' },
  never1: {
    es: 'El documento de identidad que se puede dar en el formulario de solicitud: solo lo ven los líderes de esa emergencia.',
    en: 'The identity document the request form may carry: only that emergency’s leaders see it.',
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
    es: 'El feed de lugares y el inventario no llevan datos de personas.',
    en: 'The places feed and the inventory carry no data about persons.',
  },
  changeTitle: { es: 'Cambios y retiro', en: 'Changes and removal' },
  change: {
    es: 'Quien envió desde otra aplicación puede corregir su registro reenviándolo con el mismo origen e identificador; el cambio vuelve a revisión. Para retirar un registro publicado, escriba al equipo de la emergencia.',
    en: 'Whoever sent from another application can correct the record by sending it again with the same source and identifier; the change goes back to review. To remove a published record, write to the emergency team.',
  },
  seeDevelopers: { es: 'Cómo funciona la API', en: 'How the API works' },
} as const;
