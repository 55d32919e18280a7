// Strings of /centros (collection centres and inventory).
import { age } from './age.ts';
import { emergencyChoice } from './emergency-choice.ts';
export const centres = {
  ...emergencyChoice,
  title: { es: 'Centros de acopio', en: 'Collection centres' },
  titleIn: { es: 'Centros de acopio: {emergency}', en: 'Collection centres: {emergency}' },
  summary: {
    es: 'Qué tiene y qué necesita cada centro de acopio publicado, con la antigüedad de cada dato.',
    en: 'What each published collection centre has and needs, with the age of every figure.',
  },
  summaryIn: {
    es: 'Qué tiene y qué necesita cada centro de acopio de {emergency}, con la antigüedad de cada dato.',
    en: 'What each collection centre of {emergency} has and needs, with the age of every figure.',
  },
  intro: {
    es: {
      one: 'Cada centro declara lo que tiene y lo que le falta. Una cantidad sin actualizar hace más de 1 hora puede que ya no esté: confirme con el centro antes de ir.',
      other:
        'Cada centro declara lo que tiene y lo que le falta. Una cantidad sin actualizar hace más de {n} horas puede que ya no esté: confirme con el centro antes de ir.',
    },
    en: {
      one: 'Each centre declares what it has and what it lacks. A quantity not updated for more than 1 hour may no longer be there: check with the centre before you go.',
      other:
        'Each centre declares what it has and what it lacks. A quantity not updated for more than {n} hours may no longer be there: check with the centre before you go.',
    },
  },
  chooseIntro: {
    es: 'Hay varias emergencias activas. Elija de cuál quiere ver los centros de acopio:',
    en: 'Several emergencies are active. Choose whose collection centres to see:',
  },
  noneActive: {
    es: 'No hay emergencias activas en este momento.',
    en: 'No emergency is active right now.',
  },
  noCentres: {
    es: 'Esta emergencia todavía no tiene centros de acopio publicados.',
    en: 'This emergency has no published collection centres yet.',
  },
  centresCount: {
    es: { one: '1 centro publicado.', other: '{n} centros publicados.' },
    en: { one: '1 published centre.', other: '{n} published centres.' },
  },
  lines: {
    es: { one: '1 línea', other: '{n} líneas' },
    en: { one: '1 line', other: '{n} lines' },
  },
  have: { es: 'Tiene', en: 'Has' },
  need: { es: 'Necesita', en: 'Needs' },
  nothingDeclared: { es: 'Nada declarado.', en: 'Nothing declared.' },
  status: { es: 'Estado', en: 'Status' },
  address: { es: 'Dirección', en: 'Address' },
  noAddress: { es: 'Sin dirección publicada', en: 'No published address' },
  record: { es: 'Ficha', en: 'Record' },
  recordLink: { es: 'Ver la ficha del centro', en: 'See the centre’s record' },
  statusFull: { es: 'Lleno: no recibe más donaciones por ahora', en: 'Full: takes no more donations for now' },
  statusNeedsVolunteers: { es: 'Necesita voluntarios', en: 'Needs volunteers' },
  statusNeedsResources: { es: 'Necesita recursos', en: 'Needs supplies' },
  statusUnknown: { es: 'Sin estado', en: 'No status' },
  updated: { es: 'actualizado {age}', en: 'updated {age}' },
  stale: {
    es: {
      one: 'Puede que ya no esté: sin actualizar hace más de 1 hora',
      other: 'Puede que ya no esté: sin actualizar hace más de {n} horas',
    },
    en: {
      one: 'May no longer be there: not updated for more than 1 hour',
      other: 'May no longer be there: not updated for more than {n} hours',
    },
  },
  ...age,
  whoHasTitle: { es: '¿Quién tiene…?', en: 'Who has…?' },
  whoHasIntro: {
    es: 'Vea qué centros ya tienen algo antes de comprarlo o llevarlo:',
    en: 'See which centres already have something before you buy or bring it:',
  },
  whoHas: { es: '¿Quién tiene {category}?', en: 'Who has {category}?' },
  whoNeeds: { es: '¿Quién necesita {category}?', en: 'Who needs {category}?' },
  whoHasNone: {
    es: 'Ningún centro declara tener {category}.',
    en: 'No centre declares having {category}.',
  },
  whoNeedsNone: {
    es: 'Ningún centro declara necesitar {category}.',
    en: 'No centre declares needing {category}.',
  },
  allCentres: { es: 'Ver todos los centros', en: 'See every centre' },
  dataTitle: { es: 'Datos abiertos', en: 'Open data' },
  dataJson: { es: 'Este inventario en JSON', en: 'This inventory as JSON' },
  dataPlaces: { es: 'Centros en GeoJSON (feed aid-places)', en: 'Centres as GeoJSON (aid-places feed)' },
  apiCall: {
    es: {
      one: 'Los mismos datos con la API (JSON, sin clave). Cada línea trae updatedAt, hoursSinceUpdate y stale (true tras más de 1 hora sin actualizar):',
      other:
        'Los mismos datos con la API (JSON, sin clave). Cada línea trae updatedAt, hoursSinceUpdate y stale (true tras más de {n} horas sin actualizar):',
    },
    en: {
      one: 'The same data from the API (JSON, no key). Every line carries updatedAt, hoursSinceUpdate and stale (true after more than 1 hour without an update):',
      other:
        'The same data from the API (JSON, no key). Every line carries updatedAt, hoursSinceUpdate and stale (true after more than {n} hours without an update):',
    },
  },
  back: { es: 'Volver a los centros de acopio', en: 'Back to the collection centres' },
} as const;
