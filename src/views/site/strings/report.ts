// Strings of /ayudas/:id/reportar (report a published record to its leaders) and its thank-you page.
export const report = {
  link: { es: 'Reportar este registro', en: 'Report this record' },
  title: { es: 'Reportar este registro', en: 'Report this record' },
  summary: {
    es: 'Avise al equipo de la emergencia si «{title}» parece una estafa, ya se resolvió o tiene datos equivocados.',
    en: 'Tell the emergency team if “{title}” looks like a scam, is already solved or has wrong details.',
  },
  intro: {
    es: 'Está reportando «{title}». El reporte llega solo a los líderes de la emergencia, que revisarán el registro. No se publica y no oculta el registro por sí solo.',
    en: 'You are reporting “{title}”. The report reaches only the emergency’s leaders, who will review the record. It is not published and does not hide the record by itself.',
  },
  scamAdvice: {
    es: 'Nunca envíe dinero a una cuenta (Nequi, Daviplata, banco) que no pueda confirmar con la persona que necesita la ayuda.',
    en: 'Never send money to an account (Nequi, Daviplata, bank) you cannot confirm with the person who needs the help.',
  },
  reason: { es: 'Motivo', en: 'Reason' },
  reason_scam: { es: 'Parece una estafa', en: 'Looks like a scam' },
  reason_resolved: { es: 'Ya se resolvió', en: 'Already solved' },
  reason_wrong_data: { es: 'Datos equivocados', en: 'Wrong details' },
  reason_other: { es: 'Otro motivo', en: 'Another reason' },
  reasonError: { es: 'Elija un motivo.', en: 'Choose a reason.' },
  note: { es: 'Nota (opcional)', en: 'Note (optional)' },
  noteHelp: {
    es: 'Qué debe saber el equipo, en un párrafo (hasta 500 caracteres). No escriba datos personales que no hagan falta.',
    en: 'What the team should know, in one paragraph (up to 500 characters). Leave out personal data that is not needed.',
  },
  send: { es: 'Enviar reporte', en: 'Send report' },
  cancel: { es: 'Volver al registro', en: 'Back to the record' },
  rateLimited: {
    es: 'Se enviaron demasiados reportes desde esta conexión. Espere un minuto y envíelo de nuevo.',
    en: 'Too many reports were sent from this connection. Wait a minute and send it again.',
  },
  openForm: { es: 'Abrir el formulario de reporte', en: 'Open the report form' },
  thanksTitle: { es: 'Gracias por reportar', en: 'Thank you for reporting' },
  thanks: {
    es: 'Gracias: el equipo de la emergencia revisará este registro.',
    en: 'Thank you: the emergency team will review this record.',
  },
  thanksSummary: {
    es: 'El reporte llegó al equipo de la emergencia.',
    en: 'The report reached the emergency team.',
  },
  thanksRepeat: {
    es: 'Si ya lo había reportado por el mismo motivo, no hace falta enviarlo otra vez: cuenta una sola vez.',
    en: 'If you had already reported it for the same reason, there is no need to send it again: it counts once.',
  },
  twinApiTitle: { es: 'Lo mismo por la API', en: 'The same through the API' },
  twinApi: {
    es: 'El formulario envía motivo y nota. Por la API (202; el mismo motivo desde la misma dirección cuenta una vez):',
    en: 'The form sends a reason and a note. Through the API (202; the same reason from the same address counts once):',
  },
  twinReasons: { es: 'Motivos (reason):', en: 'Reasons (reason):' },
  twinMcp: {
    es: 'Desde un asistente, la herramienta MCP reportar_registro hace lo mismo.',
    en: 'From an assistant, the MCP tool reportar_registro does the same.',
  },
} as const;
