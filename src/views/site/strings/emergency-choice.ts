// Strings shared by the pages that show one emergency's data at a time: choosing it, and a bad choice.
export const emergencyChoice = {
  dataDevelopers: { es: 'Cómo usar la API', en: 'How to use the API' },
  badRequestTitle: { es: 'Consulta no válida', en: 'Invalid query' },
  badRequest: {
    es: 'El parámetro «{param}» no es válido. Use los enlaces de esta página.',
    en: 'The parameter “{param}” is not valid. Use the links of this page.',
  },
  unknownTitle: { es: 'Emergencia no encontrada', en: 'Emergency not found' },
  unknown: {
    es: 'No existe una emergencia con el identificador «{slug}».',
    en: 'No emergency has the identifier “{slug}”.',
  },
} as const;
