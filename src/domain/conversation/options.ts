// The options each question offers, with their stable choice ids ('type:request', 'cat:agua', 'mun:86001'…).
import { type Category, categoryLabel } from '../categories.ts';
import { municipalityByCode, municipalityLabel } from '../municipalities.ts';
import type { HelpType } from '../statuses.ts';
import type { Option } from './answers.ts';
import { NO_WORDS, YES_WORDS } from './answers.ts';
import { clip } from './clean-text.ts';
import type { ConversationEnv, Medium } from './types.ts';

export const typeOptions: Option[] = [
  { id: 'type:request', title: 'Necesito ayuda', words: ['necesito', 'pedir ayuda', 'solicitar'] },
  { id: 'type:offer', title: 'Quiero ayudar', words: ['ayudar', 'ofrecer', 'ofrezco', 'puedo ayudar', 'donar'] },
];

/** The 10 most recent emergencies (a WhatsApp list holds 10 rows). */
export function emergencyOptions(env: ConversationEnv): Option[] {
  return env.emergencies.slice(-10).map((e) => ({ id: `emer:${e.slug}`, title: e.name, words: [e.slug] }));
}

/** true when the list names every category: a category added to the service that no menu offers does not compile. */
type NamesEvery<L extends readonly Category[]> = [Exclude<Category, L[number]>] extends [never] ? true : false;

/** Most common first: the first 9 make the first page of a WhatsApp list, the rest the second. */
const REQUEST_ORDER = [
  ...['alimentos', 'agua', 'medicamentos', 'salud', 'refugio', 'higiene', 'panales', 'ropa', 'rescate'],
  ...['mascotas', 'transporte', 'herramientas', 'voluntariado', 'acopio', 'otro'],
] as const satisfies readonly Category[];
const OFFER_ORDER = [
  ...['alimentos', 'agua', 'medicamentos', 'ropa', 'higiene', 'transporte', 'voluntariado', 'acopio', 'herramientas'],
  ...['panales', 'mascotas', 'salud', 'refugio', 'rescate', 'otro'],
] as const satisfies readonly Category[];
true satisfies NamesEvery<typeof REQUEST_ORDER>;
true satisfies NamesEvery<typeof OFFER_ORDER>;
const CATEGORY_ORDER: Record<HelpType, readonly Category[]> = { request: REQUEST_ORDER, offer: OFFER_ORDER };
const FIRST_PAGE = 9;

/** Other words people use for a category. */
const CATEGORY_WORDS: Partial<Record<Category, string[]>> = {
  alimentos: ['comida', 'mercado', 'mercados', 'alimento', 'comidas'],
  agua: ['agua potable'],
  medicamentos: ['medicinas', 'medicina', 'remedios', 'droga', 'medicamento'],
  higiene: ['aseo', 'kit de aseo', 'kits de aseo'],
  panales: ['panal'],
  mascotas: ['animales', 'mascota'],
  salud: ['medico', 'atencion medica', 'enfermeria'],
  refugio: ['albergue', 'alojamiento', 'techo', 'vivienda', 'carpa', 'carpas'],
  transporte: ['vehiculo', 'carro', 'camion', 'lancha'],
  herramientas: ['herramienta'],
  voluntariado: ['voluntario', 'voluntarios', 'voluntaria', 'mano de obra'],
  acopio: ['centro de acopio', 'acopio'],
  rescate: ['rescatar', 'emergencia medica'],
  otro: ['otra', 'otros', 'otras'],
};

function categoryOption(category: Category): Option {
  return {
    id: `cat:${category}`,
    title: categoryLabel(category),
    words: [category, ...(CATEGORY_WORDS[category] ?? [])],
  };
}

/** Every category, for a typed name whatever page is shown. */
export const allCategoryOptions: Option[] = CATEGORY_ORDER.request.map(categoryOption);

/**
 * Numbered lines list every category; tappable choices (at most ten) show 9 and "Otra categoría", then the rest and
 * "Volver".
 */
export function categoryOptions(type: HelpType, medium: Medium, page: 'more' | undefined): Option[] {
  const order = CATEGORY_ORDER[type];
  if (!medium.choices) return order.map(categoryOption);
  if (page === 'more') {
    return [...order.slice(FIRST_PAGE).map(categoryOption), { id: 'cat:back', title: 'Volver', words: ['atras'] }];
  }
  return [
    ...order.slice(0, FIRST_PAGE).map(categoryOption),
    { id: 'cat:more', title: 'Otra categoría', description: 'Ver más opciones', words: ['mas', 'ver mas', 'otra'] },
  ];
}

export const urgencyOptions: Option[] = [
  {
    id: 'urg:urgent',
    title: 'Urgente',
    label: 'Urgente: riesgo para la vida o la salud',
    description: 'Riesgo para la vida o la salud',
    words: ['muy urgente', 'emergencia'],
  },
  { id: 'urg:needed', title: 'Se necesita pronto', words: ['pronto', 'necesario'] },
  { id: 'urg:stable', title: 'Puede esperar', words: ['esperar', 'no es urgente'] },
];

export function municipalityOptions(codes: readonly string[]): Option[] {
  return codes.flatMap((code) => {
    const m = municipalityByCode(code);
    if (!m) return [];
    // Candidates share their name: the department tells them apart on a button, and typed picks one.
    return [{ id: `mun:${code}`, title: m.departmentName, label: municipalityLabel(m), description: clip(m.name, 72) }];
  });
}

export const skipOption = (title: string): Option => ({ id: 'skip', title, words: [] });

export const profileOption = (name: string): Option => ({ id: 'name:profile', title: name, words: YES_WORDS });

export const consentOptions: Option[] = [
  { id: 'yes', title: 'Sí, acepto', words: YES_WORDS },
  { id: 'no', title: 'No', words: NO_WORDS },
];

export const confirmOptions: Option[] = [
  { id: 'send', title: 'Enviar', words: ['enviar', 'envie', 'envielo', 'enviela', ...YES_WORDS] },
  { id: 'restart', title: 'Empezar de nuevo', words: ['de nuevo', 'reiniciar', 'corregir', 'volver a empezar'] },
];
