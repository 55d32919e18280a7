// Strings of /datos-abiertos: the downloads, in plain words for people with a spreadsheet, not only for programs.
export const openData = {
  title: { es: 'Datos abiertos', en: 'Open data' },
  summary: {
    es: 'Descargue lo publicado de cada emergencia para abrirlo en Excel o en otro programa, siga los cambios y sepa cómo puede usarlo.',
    en: 'Download what is published of each emergency to open it in Excel or another program, follow the changes and learn how you may use it.',
  },
  intro: {
    es: 'Todo lo que se ve en este sitio (las solicitudes y los ofrecimientos que el equipo de cada emergencia aprobó, con los centros de acopio) se puede descargar y compartir libremente: así la ayuda llega a más gente.',
    en: 'Everything shown on this site (the requests and offers each emergency’s team approved, collection centres included) can be downloaded and shared freely: that is how aid reaches more people.',
  },
  neverTitle: { es: 'Qué no traen nunca', en: 'What they never carry' },
  never: {
    es: 'Los archivos traen solo lo que ya es público en el sitio: nunca un número de teléfono, un documento de identidad ni la dirección de una casa. El lugar de una solicitud es el mismo punto aproximado del mapa.',
    en: 'The files carry only what is already public on the site: never a phone number, an identity document or a home address. A request’s place is the same approximate point as on the map.',
  },
  downloadsTitle: { es: 'Descargas por emergencia', en: 'Downloads by emergency' },
  noneActive: {
    es: 'No hay ninguna emergencia activa en este momento: no hay nada que descargar.',
    en: 'There is no active emergency right now: there is nothing to download.',
  },
  excel: { es: 'Para Excel', en: 'For Excel' },
  excelNote: {
    es: 'una hoja de cálculo en español: se abre con doble clic, con punto y coma entre columnas y coma decimal.',
    en: 'a spreadsheet set to Spanish: it opens with a double click, with semicolons between columns and a decimal comma.',
  },
  csv: { es: 'CSV', en: 'CSV' },
  csvNote: {
    es: 'el mismo contenido con comas, para otros programas y hojas de cálculo en inglés.',
    en: 'the same content with commas, for other programs and spreadsheets set to English.',
  },
  json: { es: 'JSON', en: 'JSON' },
  jsonNote: { es: 'lo mismo para programas.', en: 'the same for programs.' },
  centres: { es: 'Centros de acopio en el mapa (GeoJSON)', en: 'Collection centres on a map (GeoJSON)' },
  centresNote: {
    es: 'los centros y su lugar, para abrirlos en un programa de mapas.',
    en: 'the centres and their place, to open in a mapping program.',
  },
  questions: {
    es: 'Preguntas sobre estos datos: {contact}',
    en: 'Questions about these data: {contact}',
  },
  columnsTitle: { es: 'Qué trae cada archivo', en: 'What each file carries' },
  columns: {
    es: 'Una fila por solicitud u ofrecimiento publicado, de la más antigua a la más nueva: qué se necesita o se ofrece, cuánto falta, la urgencia, el municipio, el barrio y el punto público. La segunda fila lleva etiquetas HXL, el formato que leen las organizaciones humanitarias (como HDX de la ONU), para que otros sistemas entiendan cada columna.',
    en: 'One row per published request or offer, oldest first: what is needed or offered, how much is missing, the urgency, the municipality, the neighbourhood and the public point. The second row carries HXL tags, the format humanitarian organisations read (such as the UN’s HDX), so other systems understand each column.',
  },
  changesTitle: { es: 'Seguir los cambios', en: 'Follow the changes' },
  changes: {
    es: {
      one: 'Para saber qué cambió sin descargar todo otra vez, la lista de cambios dice, en orden, qué se publicó, cambió o salió del sitio. Guarda lo del último {n} día.',
      other:
        'Para saber qué cambió sin descargar todo otra vez, la lista de cambios dice, en orden, qué se publicó, cambió o salió del sitio. Guarda lo de los últimos {n} días.',
    },
    en: {
      one: 'To know what changed without downloading everything again, the list of changes says, in order, what was published, changed or left the site. It keeps the last {n} day.',
      other:
        'To know what changed without downloading everything again, the list of changes says, in order, what was published, changed or left the site. It keeps the last {n} days.',
    },
  },
  changesLink: { es: 'Lista de cambios', en: 'List of changes' },
  licenceTitle: { es: 'Cómo puede usarlos', en: 'How you may use them' },
  licence: {
    es: 'Licencia Creative Commons Atribución-CompartirIgual 4.0 (CC BY-SA 4.0): puede copiarlos, compartirlos y transformarlos, para cualquier fin, si dice de dónde vienen y comparte lo que haga con ellos con la misma licencia.',
    en: 'Creative Commons Attribution-ShareAlike 4.0 licence (CC BY-SA 4.0): you may copy, share and transform them, for any purpose, if you say where they come from and share what you make of them under the same licence.',
  },
  licenceLink: { es: 'Texto de la licencia', en: 'Licence text' },
  credit: {
    es: 'Diga de dónde vienen así: «Ayuda Directa, con los registros revisados por el equipo de cada emergencia».',
    en: 'Say where they come from like this: “Ayuda Directa, with the records reviewed by each emergency’s team”.',
  },
  dane: {
    es: 'Los nombres y códigos de los departamentos y municipios son de la DIVIPOLA del DANE (CC BY-SA 4.0): dé también ese crédito.',
    en: 'The names and codes of departments and municipalities are DANE’s DIVIPOLA (CC BY-SA 4.0): give that credit too.',
  },
  moreTitle: { es: 'Para quien programa', en: 'For programmers' },
  more: {
    es: 'Filtros, columnas una por una y cómo conectar otra aplicación:',
    en: 'Filters, each column one by one and how to connect another application:',
  },
  moreLink: { es: 'Desarrolladores', en: 'Developers' },
} as const;
