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
    es: 'El título, la descripción, la categoría, la urgencia, el lugar y las cantidades.',
    en: 'The title, description, category, urgency, place and quantities.',
  },
  public2: {
    es: 'El nombre de contacto y el WhatsApp, solo porque la persona marcó su consentimiento al enviar.',
    en: 'The contact name and WhatsApp, only because the person ticked their consent when sending.',
  },
  public3: {
    es: 'La historia pública del registro: recibido, verificado por el equipo de la emergencia, cambios de estado.',
    en: 'The record’s public history: received, verified by the emergency team, status changes.',
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
