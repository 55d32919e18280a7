// The demo emergency: a flood in Mocoa (Putumayo) with requests, offers and centres, built by a seeded generator.
import type * as z from 'zod';
import type { Category } from '../domain/categories.ts';
import { distanceKm } from '../domain/distance.ts';
import type { Urgency } from '../domain/statuses.ts';
import type { helpSubmission } from '../schemas/submission.ts';
import { type MobileBlock, mobileNumber, SAMPLE_BLOCKS } from './mobile-blocks.ts';

export type DemoSubmission = z.input<typeof helpSubmission>;

export const DEMO_SOURCE = 'demo';
export const DEMO_ACTOR = 'demo';

export const demoEmergency = {
  slug: 'inundacion-mocoa-2026',
  name: 'Inundación del río Mocoa 2026',
  latitude: 1.1466,
  longitude: -76.6475,
} as const;

/** Keeps every demo place within this distance of the town centre. */
export const DEMO_MAX_KM = 4;

/** Titles of requests made for a public place (a shelter, a community kitchen, a school), shown exactly. */
export const PUBLIC_PLACE = /albergue|olla comunitaria|escuela|colegio/i;

export type DemoFollowUp =
  | { minutesAgo: number; kind: 'coverage'; quantity: number; note: string }
  | { minutesAgo: number; kind: 'status'; status: 'in_process' | 'completed'; note: string };

export type DemoReview =
  | { minutesAgo: number; decision: 'approve' }
  | { minutesAgo: number; decision: 'reject'; reason: string }
  | null;

export interface DemoEntry {
  submission: DemoSubmission;
  submittedMinutesAgo: number;
  review: DemoReview;
  followUps: DemoFollowUp[];
}

export interface DemoPlan {
  emergency: typeof demoEmergency;
  emergencyCreatedMinutesAgo: number;
  entries: DemoEntry[];
}

/** mulberry32: tiny, fast and the same sequence on every machine for a given seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Place {
  name: string;
  latitude: number;
  longitude: number;
  rural?: boolean;
}

// Approximate centres of Mocoa's barrios and nearby veredas.
const barrios: Place[] = [
  { name: 'San Miguel', latitude: 1.142, longitude: -76.656 },
  { name: 'El Progreso', latitude: 1.1385, longitude: -76.652 },
  { name: 'Los Pinos', latitude: 1.154, longitude: -76.644 },
  { name: 'José Homero', latitude: 1.158, longitude: -76.651 },
  { name: 'San Agustín', latitude: 1.14, longitude: -76.66 },
  { name: 'Villa Rosa', latitude: 1.147, longitude: -76.658 },
  { name: 'La Esmeralda', latitude: 1.1345, longitude: -76.647 },
  { name: 'Independencia', latitude: 1.144, longitude: -76.64 },
  { name: 'San Fernando', latitude: 1.16, longitude: -76.642 },
  { name: 'Obrero', latitude: 1.151, longitude: -76.65 },
  { name: 'Pablo VI', latitude: 1.153, longitude: -76.638 },
  { name: 'Naranjito', latitude: 1.136, longitude: -76.658 },
  { name: 'Altos del Afán', latitude: 1.133, longitude: -76.6545 },
  { name: '17 de Julio', latitude: 1.162, longitude: -76.647 },
  { name: 'Los Laureles', latitude: 1.1395, longitude: -76.6635 },
];

const veredas: Place[] = [
  { name: 'Vereda Rumiyaco', latitude: 1.126, longitude: -76.627, rural: true },
  { name: 'Vereda Caliyaco', latitude: 1.169, longitude: -76.664, rural: true },
  { name: 'Vereda San Antonio', latitude: 1.174, longitude: -76.636, rural: true },
  { name: 'Vereda Pueblo Viejo', latitude: 1.123, longitude: -76.668, rural: true },
];

const references = [
  'junto a la escuela',
  'frente a la cancha',
  'al lado de la tienda de don Hernando',
  'diagonal a la iglesia',
  'casa de dos pisos color verde',
  'frente al salón comunal',
  'detrás del puesto de salud',
  'a media cuadra del río',
  'portón azul',
  'esquina de la panadería',
];

const fincas = ['La Esperanza', 'El Diviso', 'Villa Luz', 'La Palmera', 'Buenos Aires', 'El Porvenir'];

const firstNames = [
  'María Fernanda',
  'Luz Dary',
  'Yolanda',
  'Carmen Rosa',
  'Diana Marcela',
  'Sandra Milena',
  'Leidy Johana',
  'Paola Andrea',
  'Gloria Inés',
  'Martha Lucía',
  'Blanca Nubia',
  'Yuli Andrea',
  'Nancy',
  'Doris Amparo',
  'Jorge Hernán',
  'Luis Alfredo',
  'Carlos Arturo',
  'José Vicente',
  'Jhon Jairo',
  'Wilson',
  'Édgar',
  'Fredy Alexander',
  'Juan Camilo',
  'Óscar Iván',
  'Álvaro',
  'Diego Fernando',
  'Brayan Steven',
  'Miguel Ángel',
];

const surnames = [
  'Rojas',
  'Muñoz',
  'Jojoa',
  'Chindoy',
  'Jamioy',
  'Benavides',
  'Guerrero',
  'Burbano',
  'Erazo',
  'Narváez',
  'Rosero',
  'Cuéllar',
  'Pantoja',
  'Bolaños',
  'Meneses',
  'Ordóñez',
  'Zambrano',
  'Patiño',
  'Mutumbajoy',
  'Delgado',
  'Timaná',
  'Cabrera',
];

type Weights = [urgent: number, needed: number, stable: number];

interface RequestTemplate {
  category: Category;
  /** {n} families, {p} people, {barrio} or {vereda} place. */
  titles: string[];
  descriptions: string[];
  resourceLabel?: string;
  unit?: string;
  quantity?: [number, number];
  families?: [number, number];
  perFamily?: number;
  people?: [number, number];
  urgency: Weights;
  rural?: boolean;
}

const requestTemplates: RequestTemplate[] = [
  {
    category: 'agua',
    titles: ['Agua potable para {n} familias', 'Agua potable para {n} familias en el barrio {barrio}'],
    descriptions: [
      'El acueducto no funciona desde la creciente y estamos tomando agua lluvia. Hay niños pequeños.',
      'La tubería se la llevó el río. Las familias están recogiendo agua en baldes de una quebrada.',
    ],
    resourceLabel: 'Bidones de agua de 20 litros',
    unit: 'bidones',
    families: [3, 12],
    perFamily: 3,
    urgency: [6, 3, 1],
  },
  {
    category: 'agua',
    titles: ['Pastillas potabilizadoras para el barrio {barrio}', 'Filtros de agua para la {vereda}'],
    descriptions: [
      'El agua llega turbia y con barro. Necesitamos algo para potabilizarla mientras vuelve el servicio.',
      'Varios vecinos ya tienen diarrea por tomar agua sin hervir.',
    ],
    resourceLabel: 'Pastillas o filtros para potabilizar agua',
    unit: 'sobres',
    quantity: [100, 500],
    people: [20, 120],
    urgency: [3, 5, 2],
  },
  {
    category: 'agua',
    titles: ['Tanque de agua para el albergue del colegio', 'Tanque de reserva para la olla comunitaria'],
    descriptions: ['Somos más de 80 personas en el albergue y solo tenemos canecas pequeñas.'],
    resourceLabel: 'Tanque plástico de 1000 litros',
    unit: 'tanques',
    quantity: [2, 5],
    people: [40, 150],
    urgency: [2, 6, 2],
  },
  {
    category: 'alimentos',
    titles: ['Mercados para {n} familias damnificadas', 'Mercados para {n} familias del barrio {barrio}'],
    descriptions: [
      'El agua se entró a las casas y se perdió toda la comida. Quedamos con lo que teníamos puesto.',
      'Somos familias de la misma cuadra; la creciente nos dañó la nevera y la despensa.',
    ],
    resourceLabel: 'Mercados con arroz, granos, aceite, panela y enlatados',
    unit: 'mercados',
    families: [4, 25],
    perFamily: 1,
    urgency: [4, 5, 1],
  },
  {
    category: 'alimentos',
    titles: ['Alimentos no perecederos para el albergue', 'Comida para la olla comunitaria del barrio {barrio}'],
    descriptions: [
      'Cocinamos dos veces al día para las familias albergadas y se nos está acabando la comida.',
      'La olla comunitaria funciona en el salón comunal; necesitamos arroz, granos y aceite.',
    ],
    resourceLabel: 'Arroz, lentejas, fríjol, aceite y panela',
    unit: 'kg',
    quantity: [80, 400],
    people: [30, 200],
    urgency: [3, 5, 2],
  },
  {
    category: 'alimentos',
    titles: ['Leche y cereal para niños del barrio {barrio}'],
    descriptions: ['Hay muchos niños menores de cinco años en las casas afectadas.'],
    resourceLabel: 'Leche en polvo y cereal infantil',
    unit: 'kg',
    quantity: [20, 60],
    people: [10, 40],
    urgency: [2, 6, 2],
  },
  {
    category: 'medicamentos',
    titles: ['Medicamentos para adultos mayores', 'Medicamentos para adultos mayores del barrio {barrio}'],
    descriptions: [
      'Varios abuelos perdieron sus medicamentos de la presión y el azúcar con la inundación.',
      'Don Aurelio y doña Rosalba son hipertensos y llevan tres días sin tomar la pastilla.',
    ],
    resourceLabel: 'Losartán, metformina y acetaminofén',
    unit: 'cajas',
    quantity: [6, 30],
    people: [2, 15],
    urgency: [5, 4, 1],
  },
  {
    category: 'medicamentos',
    titles: ['Insulina y jeringas para paciente diabético'],
    descriptions: ['La insulina se dañó porque se fue la luz y no hay cómo refrigerarla. Es un señor de 68 años.'],
    resourceLabel: 'Insulina glargina y jeringas',
    unit: 'frascos',
    quantity: [2, 6],
    people: [1, 1],
    urgency: [8, 2, 0],
  },
  {
    category: 'medicamentos',
    titles: ['Suero oral y antidiarreicos para niños', 'Suero oral para familias del barrio {barrio}'],
    descriptions: ['Los niños tienen diarrea desde que bajó el agua. Nos dijeron en el hospital que los hidratemos.'],
    resourceLabel: 'Sobres de suero de rehidratación oral',
    unit: 'sobres',
    quantity: [40, 200],
    people: [8, 40],
    urgency: [4, 5, 1],
  },
  {
    category: 'higiene',
    titles: ['Kits de aseo para {n} familias', 'Kits de aseo para familias del barrio {barrio}'],
    descriptions: [
      'Necesitamos jabón, crema dental, cepillos y papel higiénico para las familias albergadas.',
      'Todo lo de aseo se perdió con el lodo.',
    ],
    resourceLabel: 'Kits de aseo familiares',
    unit: 'kits',
    families: [5, 20],
    perFamily: 1,
    urgency: [1, 6, 3],
  },
  {
    category: 'higiene',
    titles: ['Toallas higiénicas y jabón para el albergue'],
    descriptions: ['En el albergue hay muchas mujeres y adolescentes y no han llegado elementos de higiene íntima.'],
    resourceLabel: 'Toallas higiénicas, jabón y ropa interior',
    unit: 'paquetes',
    quantity: [30, 120],
    people: [20, 60],
    urgency: [2, 6, 2],
  },
  {
    category: 'higiene',
    titles: ['Cloro y detergente para limpiar el lodo', 'Cloro y escobas para las casas del barrio {barrio}'],
    descriptions: ['Las casas quedaron llenas de lodo y huele muy mal. Queremos desinfectar antes de volver.'],
    resourceLabel: 'Cloro, detergente y escobas',
    unit: 'galones',
    quantity: [10, 50],
    people: [10, 80],
    urgency: [1, 5, 4],
  },
  {
    category: 'panales',
    titles: ['Pañales talla 3 y leche de fórmula', 'Pañales y leche de fórmula para bebés del barrio {barrio}'],
    descriptions: [
      'Somos tres mamás con bebés de meses. La leche de fórmula se mojó y no tenemos cómo comprar más.',
      'Tengo gemelos de ocho meses y estamos en casa de una vecina.',
    ],
    resourceLabel: 'Pañales talla 3 y leche de fórmula etapa 2',
    unit: 'paquetes',
    quantity: [6, 24],
    people: [2, 6],
    urgency: [4, 5, 1],
  },
  {
    category: 'panales',
    titles: ['Pañales para adultos mayores en cama'],
    descriptions: ['Mi mamá tiene 84 años y no se puede levantar. Usa pañal talla M.'],
    resourceLabel: 'Pañales para adulto talla M',
    unit: 'paquetes',
    quantity: [4, 12],
    people: [1, 2],
    urgency: [3, 6, 1],
  },
  {
    category: 'mascotas',
    titles: ['Concentrado para perros rescatados', 'Comida para perros y gatos en el barrio {barrio}'],
    descriptions: [
      'Tenemos un hogar de paso con perros que sacamos del agua. Se nos acabó el concentrado.',
      'Los animales de las familias quedaron sueltos y con hambre.',
    ],
    resourceLabel: 'Concentrado para perro adulto',
    unit: 'kg',
    quantity: [20, 100],
    urgency: [1, 6, 3],
  },
  {
    category: 'mascotas',
    titles: ['Atención veterinaria para animales heridos'],
    descriptions: ['Hay perros con heridas en las patas y una vaca que se golpeó con los palos que trajo el río.'],
    urgency: [3, 5, 2],
  },
  {
    category: 'ropa',
    titles: ['Ropa seca para niños de 2 a 10 años', 'Ropa para familias del barrio {barrio}'],
    descriptions: [
      'Quedamos con lo que teníamos puesto. Cualquier ropa limpia sirve.',
      'Los niños llevan dos días con la ropa húmeda.',
    ],
    resourceLabel: 'Mudas de ropa para niños',
    unit: 'mudas',
    quantity: [15, 60],
    people: [5, 30],
    urgency: [1, 6, 3],
  },
  {
    category: 'ropa',
    titles: ['Cobijas y ropa de abrigo para el albergue'],
    descriptions: ['En las noches hace frío y en el coliseo la gente duerme en el piso.'],
    resourceLabel: 'Cobijas',
    unit: 'cobijas',
    quantity: [20, 120],
    people: [20, 120],
    urgency: [2, 6, 2],
  },
  {
    category: 'ropa',
    titles: ['Botas pantaneras para quienes limpian las casas'],
    descriptions: ['El lodo llega a la rodilla; la gente está limpiando descalza o en chanclas.'],
    resourceLabel: 'Botas de caucho tallas 36 a 42',
    unit: 'pares',
    quantity: [10, 40],
    urgency: [2, 5, 3],
  },
  {
    category: 'salud',
    titles: ['Brigada médica para el albergue del barrio {barrio}', 'Médico para revisar a los niños del albergue'],
    descriptions: [
      'Hay niños con fiebre y tos y adultos con hongos en los pies por estar en el agua.',
      'Nadie del puesto de salud ha podido venir porque el puente está dañado.',
    ],
    resourceLabel: 'Médico general y enfermera',
    people: [20, 150],
    urgency: [4, 5, 1],
  },
  {
    category: 'salud',
    titles: ['Toldillos contra zancudos en el barrio {barrio}'],
    descriptions: ['Con el agua estancada hay muchos zancudos y tenemos miedo del dengue.'],
    resourceLabel: 'Toldillos para cama doble',
    unit: 'toldillos',
    quantity: [15, 60],
    people: [15, 80],
    urgency: [2, 6, 2],
  },
  {
    category: 'salud',
    titles: ['Atención psicológica para familias afectadas'],
    descriptions: ['Hay familias que perdieron todo y niños que no duermen desde la creciente.'],
    people: [10, 60],
    urgency: [1, 5, 4],
  },
  {
    category: 'refugio',
    titles: ['Carpas y colchonetas para albergue', 'Colchonetas para las familias del barrio {barrio}'],
    descriptions: [
      'Estamos en la escuela durmiendo sobre cartones. Llegan más familias cada noche.',
      'El albergue está lleno y la gente duerme en el piso del salón comunal.',
    ],
    resourceLabel: 'Colchonetas y carpas para 4 personas',
    unit: 'colchonetas',
    quantity: [20, 120],
    people: [20, 150],
    urgency: [4, 5, 1],
  },
  {
    category: 'refugio',
    titles: ['Tejas y plástico para techar casas en el barrio {barrio}'],
    descriptions: ['La corriente tumbó techos. Con plástico negro y tejas podemos volver a meternos a la casa.'],
    resourceLabel: 'Tejas de zinc y rollos de plástico negro',
    unit: 'tejas',
    quantity: [30, 150],
    people: [5, 40],
    urgency: [2, 5, 3],
  },
  {
    category: 'refugio',
    titles: ['Alojamiento temporal para familia de {p} personas'],
    descriptions: ['La casa quedó inhabitable según Bomberos. Buscamos dónde quedarnos unas semanas.'],
    people: [3, 7],
    urgency: [3, 5, 2],
  },
  {
    category: 'transporte',
    titles: ['Transporte para llevar mercados a la {vereda}'],
    descriptions: ['Tenemos los mercados en el centro de acopio pero no hay carro que suba hasta la vereda.'],
    resourceLabel: 'Camioneta o chiva con capacidad de 500 kg',
    unit: 'viajes',
    quantity: [2, 6],
    people: [10, 60],
    urgency: [3, 5, 2],
    rural: true,
  },
  {
    category: 'transporte',
    titles: ['Traslado de paciente a diálisis', 'Traslado de adulto mayor al hospital'],
    descriptions: ['Debe ir tres veces por semana al hospital José María Hernández y la vía está cortada para buses.'],
    resourceLabel: 'Carro particular o ambulancia',
    unit: 'viajes',
    quantity: [2, 6],
    people: [1, 1],
    urgency: [6, 4, 0],
  },
  {
    category: 'herramientas',
    titles: [
      'Palas, carretillas y botas para limpiar el lodo',
      'Herramientas para sacar el lodo en el barrio {barrio}',
    ],
    descriptions: [
      'La comunidad se organizó para limpiar pero no tenemos herramientas.',
      'El lodo tapó la calle y las entradas de las casas.',
    ],
    resourceLabel: 'Palas y carretillas',
    unit: 'palas',
    quantity: [10, 40],
    people: [10, 50],
    urgency: [1, 6, 3],
  },
  {
    category: 'herramientas',
    titles: ['Motobomba para sacar agua de las casas', 'Motobomba para la cuadra inundada en el barrio {barrio}'],
    descriptions: ['Todavía hay casas con medio metro de agua estancada.'],
    resourceLabel: 'Motobomba de 3 pulgadas con manguera',
    unit: 'motobombas',
    quantity: [2, 4],
    people: [10, 40],
    urgency: [4, 5, 1],
  },
  {
    category: 'herramientas',
    titles: ['Planta eléctrica para el albergue'],
    descriptions: ['No hay luz desde la creciente; necesitamos cargar celulares y conservar medicamentos.'],
    resourceLabel: 'Planta eléctrica a gasolina',
    unit: 'plantas',
    quantity: [2, 3],
    people: [40, 150],
    urgency: [3, 5, 2],
  },
  {
    category: 'voluntariado',
    titles: [
      'Voluntarios para limpiar casas en el barrio {barrio}',
      'Voluntarios para sacar escombros en el barrio {barrio}',
    ],
    descriptions: [
      'Somos pocos y la mayoría son adultos mayores. Con manos extra terminamos en dos días.',
      'Hay que sacar muebles dañados y lodo de las casas de la cuadra.',
    ],
    resourceLabel: 'Personas con botas y guantes',
    unit: 'voluntarios',
    quantity: [8, 30],
    urgency: [1, 6, 3],
  },
  {
    category: 'voluntariado',
    titles: ['Cocineros para la olla comunitaria', 'Voluntarios para clasificar donaciones'],
    descriptions: ['Llegan muchas donaciones y no damos abasto para organizarlas y repartirlas.'],
    resourceLabel: 'Voluntarios por turnos de mañana y tarde',
    unit: 'voluntarios',
    quantity: [4, 15],
    urgency: [0, 6, 4],
  },
  {
    category: 'acopio',
    titles: ['Punto de acopio para el barrio {barrio}'],
    descriptions: [
      'La Junta de Acción Comunal ofrece el salón pero no hay mesas ni quien lleve el registro.',
      'Las donaciones llegan a la casa del presidente de la junta y ya no caben.',
    ],
    resourceLabel: 'Mesas, estibas y bolsas para organizar donaciones',
    unit: 'estibas',
    quantity: [5, 20],
    urgency: [0, 6, 4],
  },
  {
    category: 'rescate',
    titles: ['Lancha para rescate en la {vereda}', 'Rescate de familias aisladas en la {vereda}'],
    descriptions: [
      'El río se llevó el puente y hay familias aisladas del otro lado, con niños y una señora embarazada.',
      'Quedaron atrapados en la finca; se comunican por WhatsApp cuando tienen señal.',
    ],
    resourceLabel: 'Lancha con motor y chalecos salvavidas',
    people: [4, 20],
    urgency: [9, 1, 0],
    rural: true,
  },
  {
    category: 'rescate',
    titles: ['Familia atrapada en un segundo piso en el barrio {barrio}'],
    descriptions: ['El agua no deja salir. Hay una abuela en silla de ruedas.'],
    people: [3, 8],
    urgency: [10, 0, 0],
  },
  {
    category: 'rescate',
    titles: ['Rescate de ganado atrapado por la creciente'],
    descriptions: ['Hay vacas y caballos atrapados en un potrero rodeado de agua.'],
    resourceLabel: 'Personas con lazos y experiencia en ganado',
    people: [1, 3],
    urgency: [3, 5, 2],
    rural: true,
  },
  {
    category: 'otro',
    titles: ['Linternas y cargadores solares para el albergue', 'Linternas para familias del barrio {barrio}'],
    descriptions: ['En la noche todo queda oscuro y los niños tienen miedo.'],
    resourceLabel: 'Linternas con pilas o cargadores solares',
    unit: 'linternas',
    quantity: [10, 50],
    urgency: [0, 5, 5],
  },
  {
    category: 'otro',
    titles: ['Útiles escolares para niños damnificados'],
    descriptions: ['Los cuadernos y morrales se perdieron con el agua y las clases vuelven pronto.'],
    resourceLabel: 'Kits escolares de primaria',
    unit: 'kits',
    quantity: [15, 60],
    people: [15, 60],
    urgency: [0, 3, 7],
  },
  {
    category: 'otro',
    titles: ['Orientación para recuperar documentos de identidad'],
    descriptions: ['Muchas familias perdieron cédulas y registros civiles y los necesitan para los subsidios.'],
    people: [5, 40],
    urgency: [0, 4, 6],
  },
];

interface OfferTemplate {
  category: Category;
  titles: string[];
  descriptions: string[];
  vehicles?: string[];
  capacityKg?: [number, number];
  capacityBoxes?: [number, number];
  passengerCapacity?: [number, number];
  zones?: string[];
  availableDays?: [number, number];
  needsTransport?: boolean;
  /** Offers without a fixed place (remote or mobile help). */
  unlocated?: boolean;
  /** A shop or a pickup point that may be public: its sender asks to show the exact place (a home does not). */
  publicPlace?: boolean;
}

const zones = [
  'Mocoa casco urbano',
  'Mocoa y veredas del sur',
  'Barrios San Miguel, El Progreso y San Agustín',
  'Vía Mocoa - Villagarzón',
  'Veredas Rumiyaco y Pueblo Viejo',
  'Barrios del norte: José Homero, San Fernando y 17 de Julio',
  'Todo Mocoa',
];

const offerTemplates: OfferTemplate[] = [
  {
    category: 'transporte',
    titles: ['Camioneta 4x4 para llevar mercados', 'Camioneta doble cabina para llevar ayudas a las veredas'],
    descriptions: ['Pongo la camioneta y el conductor; la gasolina la cubrimos entre los vecinos.'],
    vehicles: ['Camioneta 4x4 Toyota Hilux', 'Camioneta Nissan Frontier 4x4'],
    capacityKg: [600, 1000],
    passengerCapacity: [2, 4],
    zones,
    availableDays: [5, 20],
    needsTransport: false,
  },
  {
    category: 'transporte',
    titles: ['Camión de 3 toneladas para trasladar donaciones'],
    descriptions: ['Disponible en las tardes. Se puede cargar en cualquier centro de acopio de Mocoa.'],
    vehicles: ['Camión NPR 3 toneladas'],
    capacityKg: [2500, 3500],
    capacityBoxes: [120, 250],
    zones,
    availableDays: [7, 30],
    needsTransport: false,
  },
  {
    category: 'transporte',
    titles: ['Moto para llevar medicamentos a los barrios'],
    descriptions: ['Hago domicilios; puedo llevar paquetes pequeños donde los carros no entran.'],
    vehicles: ['Moto 125 cc', 'Moto AKT 150'],
    capacityKg: [20, 40],
    passengerCapacity: [1, 1],
    zones,
    availableDays: [3, 14],
    needsTransport: false,
  },
  {
    category: 'transporte',
    titles: ['Buseta para trasladar familias al albergue', 'Chiva para llevar voluntarios a las veredas'],
    descriptions: ['La cooperativa de transportadores presta el vehículo con conductor.'],
    vehicles: ['Buseta de 19 pasajeros', 'Chiva de 30 puestos'],
    passengerCapacity: [19, 30],
    zones,
    availableDays: [5, 15],
    needsTransport: false,
  },
  {
    category: 'rescate',
    titles: ['Lancha con motor para rescates en el río', 'Kayaks y chalecos salvavidas para rescate'],
    descriptions: ['Tenemos experiencia en el río Mocoa; salimos con Bomberos o con la Defensa Civil.'],
    vehicles: ['Lancha con motor fuera de borda 40 HP', 'Dos kayaks dobles'],
    passengerCapacity: [4, 8],
    zones: ['Río Mocoa y quebrada Sangoyaco', 'Veredas Rumiyaco y Pueblo Viejo'],
    availableDays: [3, 10],
    needsTransport: false,
  },
  {
    category: 'rescate',
    titles: ['Grupo de rescate con cuerdas y arneses'],
    descriptions: ['Somos seis rescatistas certificados en cuerdas y aguas rápidas.'],
    zones,
    availableDays: [5, 10],
    unlocated: true,
  },
  {
    category: 'voluntariado',
    titles: ['Voluntarios de la Cruz Roja', 'Voluntarios de la Defensa Civil para censo de familias'],
    descriptions: ['Grupo con chalecos y formación en primeros auxilios y censo de damnificados.'],
    zones,
    availableDays: [7, 21],
  },
  {
    category: 'voluntariado',
    titles: ['Estudiantes del SENA para limpieza de casas', 'Grupo juvenil de la parroquia para clasificar donaciones'],
    descriptions: ['Somos entre 10 y 15 jóvenes; podemos ir en las mañanas.'],
    zones,
    availableDays: [5, 14],
  },
  {
    category: 'voluntariado',
    titles: ['Cocinera voluntaria para ollas comunitarias'],
    descriptions: ['Tengo experiencia cocinando para eventos grandes. Puedo llevar mis ollas.'],
    zones,
    availableDays: [3, 10],
  },
  {
    category: 'salud',
    titles: ['Médica general disponible para brigadas', 'Enfermera jefe para curaciones en albergues'],
    descriptions: ['Puedo atender en albergues o ir casa por casa con un acompañante que conozca el barrio.'],
    zones,
    availableDays: [5, 15],
  },
  {
    category: 'salud',
    titles: ['Psicólogos voluntarios para primeros auxilios emocionales'],
    descriptions: ['Atendemos de forma presencial en albergues o por videollamada.'],
    zones: ['Todo Mocoa, también por videollamada'],
    availableDays: [10, 30],
    unlocated: true,
  },
  {
    category: 'alimentos',
    titles: ['Almuerzos calientes para 100 personas diarias', 'Plátano y yuca de nuestra finca'],
    descriptions: ['Lo preparamos o lo cosechamos; necesitamos que alguien lo recoja y lo lleve.'],
    capacityKg: [100, 500],
    zones,
    availableDays: [3, 10],
    needsTransport: true,
  },
  {
    category: 'alimentos',
    titles: ['Mercados donados por comerciantes del centro'],
    descriptions: ['La Asociación de Comerciantes armó mercados familiares; están listos para entregar.'],
    capacityBoxes: [30, 120],
    publicPlace: true,
    zones,
    availableDays: [3, 10],
    needsTransport: true,
  },
  {
    category: 'agua',
    titles: ['Carrotanque con agua potable', 'Botellones de agua de 20 litros'],
    descriptions: ['Agua tratada de planta; podemos repartir por sectores si nos indican dónde hace más falta.'],
    vehicles: ['Carrotanque de 10.000 litros'],
    capacityKg: [5000, 10000],
    zones,
    availableDays: [5, 15],
    needsTransport: false,
  },
  {
    category: 'medicamentos',
    titles: ['Medicamentos básicos donados por droguería', 'Botiquines de primeros auxilios'],
    descriptions: ['Acetaminofén, suero oral, curas y antisépticos. Se entregan a personal de salud o a líderes.'],
    capacityBoxes: [5, 30],
    zones,
    availableDays: [5, 20],
    needsTransport: true,
  },
  {
    category: 'higiene',
    titles: ['Kits de aseo armados por la iglesia'],
    descriptions: ['Cada kit trae jabón, crema dental, cepillos, toallas higiénicas y papel higiénico.'],
    capacityBoxes: [20, 80],
    zones,
    availableDays: [5, 15],
    needsTransport: true,
  },
  {
    category: 'panales',
    titles: ['Paquetes de pañales talla 2 a 5'],
    descriptions: ['Recogimos pañales en el trabajo; también hay algunos de adulto.'],
    capacityBoxes: [5, 20],
    zones,
    availableDays: [5, 15],
    needsTransport: true,
  },
  {
    category: 'mascotas',
    titles: ['Veterinario voluntario y hogar de paso para mascotas', 'Concentrado para perros y gatos'],
    descriptions: ['Recibimos perros y gatos rescatados mientras las familias se reubican.'],
    capacityKg: [50, 200],
    zones,
    availableDays: [7, 30],
  },
  {
    category: 'ropa',
    titles: ['Ropa en buen estado clasificada por tallas', 'Cobijas nuevas donadas por una fábrica'],
    descriptions: ['Está lavada, empacada y marcada por talla y por edad.'],
    capacityBoxes: [10, 60],
    zones,
    availableDays: [5, 20],
    needsTransport: true,
  },
  {
    category: 'refugio',
    titles: ['Casa disponible para alojar una familia', 'Carpas para 4 personas'],
    descriptions: ['Tenemos espacio por unas semanas; preferimos una familia con niños.'],
    passengerCapacity: [4, 6],
    zones,
    availableDays: [14, 45],
  },
  {
    category: 'herramientas',
    titles: ['Préstamo de motobomba y planta eléctrica', 'Palas y carretillas para la limpieza'],
    descriptions: ['Las prestamos con el compromiso de devolverlas; podemos enseñar a usarlas.'],
    capacityKg: [50, 300],
    zones,
    availableDays: [5, 20],
    needsTransport: true,
  },
  {
    category: 'otro',
    titles: ['Punto de carga de celulares e internet gratis', 'Abogada para trámites de subsidios y documentos'],
    descriptions: ['Atendemos en el local de lunes a sábado, de 8 a. m. a 6 p. m.'],
    zones,
    availableDays: [10, 30],
  },
];

interface CentreTemplate {
  title: string;
  description: string;
  address: string;
  latitude: number;
  longitude: number;
  status: 'full' | 'needs_volunteers' | 'needs_resources';
  capacityKg: number;
  capacityBoxes: number;
  zones: string;
}

const centres: CentreTemplate[] = [
  {
    title: 'Centro de acopio Parroquia San Miguel',
    description: 'Recibimos alimentos no perecederos, agua y aseo. Hacen falta pañales y leche de fórmula.',
    address: 'Parroquia San Miguel, barrio San Miguel',
    latitude: 1.1424,
    longitude: -76.6553,
    status: 'needs_resources',
    capacityKg: 5000,
    capacityBoxes: 400,
    zones: 'Barrios San Miguel, El Progreso, San Agustín y Villa Rosa',
  },
  {
    title: 'Centro de acopio Coliseo de Mocoa',
    description: 'Llegan muchas donaciones; necesitamos voluntarios para clasificar y empacar de 7 a. m. a 6 p. m.',
    address: 'Coliseo municipal, barrio Obrero',
    latitude: 1.1508,
    longitude: -76.6497,
    status: 'needs_volunteers',
    capacityKg: 12000,
    capacityBoxes: 900,
    zones: 'Todo Mocoa',
  },
  {
    title: 'Centro de acopio Institución Educativa Pío XII',
    description: 'Estamos llenos de ropa; por ahora no recibimos más. Sí recibimos agua y alimentos.',
    address: 'Institución Educativa Pío XII, Centro',
    latitude: 1.1482,
    longitude: -76.6462,
    status: 'full',
    capacityKg: 4000,
    capacityBoxes: 300,
    zones: 'Centro e Independencia',
  },
  {
    title: 'Centro de acopio Junta de Acción Comunal El Progreso',
    description: 'Atendemos las familias de la parte baja del barrio. Faltan colchonetas, cobijas y cloro.',
    address: 'Salón comunal, barrio El Progreso',
    latitude: 1.1389,
    longitude: -76.6516,
    status: 'needs_resources',
    capacityKg: 1500,
    capacityBoxes: 120,
    zones: 'El Progreso, La Esmeralda y Altos del Afán',
  },
  {
    title: 'Centro de acopio Cruz Roja seccional Putumayo',
    description: 'Recibimos donaciones y coordinamos voluntarios. Necesitamos personas para turnos nocturnos.',
    address: 'Sede de la Cruz Roja, barrio Los Pinos',
    latitude: 1.1538,
    longitude: -76.6436,
    status: 'needs_volunteers',
    capacityKg: 8000,
    capacityBoxes: 600,
    zones: 'Todo Mocoa y veredas',
  },
];

const notes = {
  fullCoverage: ['Se completó la cantidad solicitada.', 'Con la última entrega quedó cubierto.'],
  coverage: [
    'Llegó una primera entrega de la Parroquia San Miguel.',
    'Aporte de vecinos del barrio.',
    'Donación recibida en el centro de acopio del coliseo.',
    'Entrega parcial de la Cruz Roja.',
    'La alcaldía envió una parte.',
  ],
  requestInProcess: [
    'Ya salió la entrega desde el centro de acopio.',
    'La Defensa Civil va en camino.',
    'Asignada a voluntarios de la Cruz Roja.',
    'Se coordinó la entrega con la Junta de Acción Comunal.',
  ],
  requestCompleted: [
    'Entregado y confirmado por la familia.',
    'Entregado por Bomberos Mocoa.',
    'Recibido por el presidente de la junta.',
    'Atendido por la brigada de salud.',
  ],
  offerInProcess: ['Comprometido con el albergue del coliseo.', 'Asignado a las entregas de esta semana.'],
  offerCompleted: ['El ofrecimiento ya se entregó completo.', 'Terminó su disponibilidad; gracias.'],
};

type WithoutContact<T> = T extends unknown ? Omit<T, 'contactName' | 'contactWhatsapp'> : never;

const rejected: { submission: WithoutContact<DemoSubmission>; reason: string }[] = [
  {
    submission: {
      type: 'offer',
      source: DEMO_SOURCE,
      externalId: 'demo-ofr-rechazo-01',
      emergencySlug: demoEmergency.slug,
      title: 'Vendo colchonetas a buen precio',
      description: 'Colchonetas nuevas a 60.000 pesos, precio especial para damnificados.',
      category: 'refugio',
      publishContact: true,
    },
    reason: 'Es una venta, no una donación.',
  },
  {
    submission: {
      type: 'request',
      source: DEMO_SOURCE,
      externalId: 'demo-sol-rechazo-01',
      emergencySlug: demoEmergency.slug,
      title: 'Prueba del formulario',
      description: 'prueba prueba',
      category: 'otro',
      publishContact: true,
      address: 'Calle 1 # 1-1',
      latitude: 1.1466,
      longitude: -76.6475,
    },
    reason: 'Registro de prueba, sin una necesidad real.',
  },
];

/** Counts of the demo: about 140 requests and 60 offers published, a few waiting for review. */
export const demoCounts = { requests: 140, offers: 60, pendingRequests: 5, pendingOffers: 3 } as const;

const MINUTE = 1;
const HOUR = 60 * MINUTE;
const EMERGENCY_AGE = 96 * HOUR;

export function demoPlan(reference: Date, seed = 20260401): DemoPlan {
  const random = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const round5 = (value: number) => Math.round(value * 1e5) / 1e5;
  let phones = 0;

  const surnamePair = () => {
    const first = pick(surnames);
    let second = pick(surnames);
    while (second === first) second = pick(surnames);
    return `${first} ${second}`;
  };

  const contact = () => {
    phones += 1;
    // Real Colombian mobile blocks; 555 after the block marks the numbers as fictional.
    const block = SAMPLE_BLOCKS[phones % SAMPLE_BLOCKS.length] as MobileBlock;
    return {
      contactName: `${pick(firstNames)} ${surnamePair()}`,
      contactWhatsapp: mobileNumber(block, 5_551_000 + phones),
      publishContact: true as const,
    };
  };

  // A point within about 300 m of the place, pulled back if it (or its public point, up to ~212 m away on the
  // 300 m grid) would leave the demo radius.
  const near = (place: Place) => {
    let latitude = place.latitude + (random() - 0.5) * 0.0055;
    let longitude = place.longitude + (random() - 0.5) * 0.0055;
    const km = distanceKm(demoEmergency.latitude, demoEmergency.longitude, latitude, longitude);
    const limit = DEMO_MAX_KM - 0.35;
    if (km > limit) {
      const shrink = limit / km;
      latitude = demoEmergency.latitude + (latitude - demoEmergency.latitude) * shrink;
      longitude = demoEmergency.longitude + (longitude - demoEmergency.longitude) * shrink;
    }
    return { latitude: round5(latitude), longitude: round5(longitude) };
  };

  const address = (place: Place) =>
    place.rural
      ? `${place.name}, finca ${pick(fincas)}, ${pick(references)}`
      : `Calle ${int(4, 17)} # ${int(1, 11)}-${int(2, 60)}, ${pick(references)}`;

  const chooseUrgency = (weights: Weights): Urgency => {
    const roll = random() * (weights[0] + weights[1] + weights[2]);
    if (roll < weights[0]) return 'urgent';
    return roll < weights[0] + weights[1] ? 'needed' : 'stable';
  };

  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

  const availableUntil = (days: [number, number]) =>
    new Date(reference.getTime() + int(days[0], days[1]) * 86_400_000).toISOString().slice(0, 10);

  const requestFromTemplate = (template: RequestTemplate, use: number, externalId: string): DemoSubmission => {
    const place = template.rural ? pick(veredas) : pick(barrios);
    const title = template.titles[use % template.titles.length] as string;
    const place2 = title.includes('{vereda}') && !place.rural ? pick(veredas) : place;
    const families = template.families ? int(...template.families) : undefined;
    const quantity =
      families !== undefined
        ? families * (template.perFamily ?? 1)
        : template.quantity
          ? int(...template.quantity)
          : undefined;
    const people =
      families !== undefined ? families * int(3, 5) : template.people ? int(...template.people) : undefined;
    const values = {
      n: families ?? '',
      p: people ?? '',
      barrio: place2.name,
      vereda: place2.name.replace('Vereda', 'vereda'),
    };
    const level = chooseUrgency(template.urgency);
    return {
      type: 'request',
      source: DEMO_SOURCE,
      externalId,
      emergencySlug: demoEmergency.slug,
      title: fill(title, values),
      description: pick(template.descriptions),
      category: template.category,
      ...contact(),
      address: address(place2),
      neighborhood: place2.name,
      ...near(place2),
      // Shelters and community kitchens are public places: their requests show the exact point; homes do not.
      ...(PUBLIC_PLACE.test(title) ? { showExactLocation: true } : {}),
      // 'needed' is the default; leaving it out half the time exercises that path.
      ...(level === 'needed' && random() < 0.5 ? {} : { urgency: level }),
      ...(people !== undefined ? { neededPeople: people } : {}),
      ...(template.resourceLabel ? { resourceLabel: template.resourceLabel } : {}),
      ...(quantity !== undefined ? { quantityRequired: quantity, unit: template.unit ?? 'unidades' } : {}),
    };
  };

  const offerFromTemplate = (template: OfferTemplate, use: number, externalId: string): DemoSubmission => {
    const place = pick(barrios);
    const vehicle = template.vehicles?.[use % template.vehicles.length];
    return {
      type: 'offer',
      source: DEMO_SOURCE,
      externalId,
      emergencySlug: demoEmergency.slug,
      title: template.titles[use % template.titles.length] as string,
      description: pick(template.descriptions),
      category: template.category,
      ...contact(),
      ...(template.unlocated ? {} : { address: address(place), ...near(place) }),
      // Offered from home, a place is public at about 300 m; a shop or a pickup point asks to be shown exactly.
      ...(template.publicPlace && !template.unlocated ? { showExactLocation: true } : {}),
      ...(vehicle ? { vehicle } : {}),
      ...(template.capacityKg ? { capacityKg: int(...template.capacityKg) } : {}),
      ...(template.capacityBoxes ? { capacityBoxes: int(...template.capacityBoxes) } : {}),
      ...(template.passengerCapacity ? { passengerCapacity: int(...template.passengerCapacity) } : {}),
      ...(template.zones ? { zones: pick(template.zones) } : {}),
      ...(template.availableDays ? { availableUntil: availableUntil(template.availableDays) } : {}),
      ...(template.needsTransport !== undefined ? { needsTransport: template.needsTransport } : {}),
    };
  };

  const centreOffer = (centre: CentreTemplate, externalId: string): DemoSubmission => ({
    type: 'offer',
    source: DEMO_SOURCE,
    externalId,
    emergencySlug: demoEmergency.slug,
    title: centre.title,
    description: centre.description,
    category: 'acopio',
    ...contact(),
    address: centre.address,
    latitude: centre.latitude,
    longitude: centre.longitude,
    collectionCenterStatus: centre.status,
    capacityKg: centre.capacityKg,
    capacityBoxes: centre.capacityBoxes,
    zones: centre.zones,
    availableUntil: availableUntil([30, 60]),
    needsTransport: false,
  });

  const shuffled = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };

  const requestId = (n: number) => `demo-sol-${String(n).padStart(4, '0')}`;
  const offerId = (n: number) => `demo-ofr-${String(n).padStart(4, '0')}`;

  // Every template is used in turn so all categories appear; the order is shuffled once.
  const requestOrder = shuffled(requestTemplates);
  const requests: DemoSubmission[] = [];
  for (let i = 0; i < demoCounts.requests + demoCounts.pendingRequests; i++) {
    const template = requestOrder[i % requestOrder.length] as RequestTemplate;
    requests.push(requestFromTemplate(template, Math.floor(i / requestOrder.length), requestId(i + 1)));
  }
  const offerOrder = shuffled(offerTemplates);
  const offers: DemoSubmission[] = centres.map((centre, i) => centreOffer(centre, offerId(i + 1)));
  for (let i = offers.length; i < demoCounts.offers + demoCounts.pendingOffers; i++) {
    const template = offerOrder[(i - centres.length) % offerOrder.length] as OfferTemplate;
    offers.push(offerFromTemplate(template, Math.floor((i - centres.length) / offerOrder.length), offerId(i + 1)));
  }

  const published = [...requests.slice(0, demoCounts.requests), ...offers.slice(0, demoCounts.offers)];
  const waiting = [...requests.slice(demoCounts.requests), ...offers.slice(demoCounts.offers)];

  const entries: DemoEntry[] = published.map((submission) => {
    const submittedMinutesAgo = int(3 * HOUR, EMERGENCY_AGE - 2 * HOUR);
    const reviewDelay = Math.min(int(8, 150), Math.floor(submittedMinutesAgo * 0.4));
    return {
      submission,
      submittedMinutesAgo,
      review: { minutesAgo: submittedMinutesAgo - reviewDelay, decision: 'approve' },
      followUps: [],
    };
  });
  planLifecycles(entries, random, int, pick);

  for (const submission of waiting) {
    entries.push({ submission, submittedMinutesAgo: int(10, 6 * HOUR), review: null, followUps: [] });
  }
  for (const { submission, reason } of rejected) {
    const submittedMinutesAgo = int(20 * HOUR, 40 * HOUR);
    entries.push({
      submission: { ...submission, ...contact() } as DemoSubmission,
      submittedMinutesAgo,
      review: { minutesAgo: submittedMinutesAgo - int(30, 90), decision: 'reject', reason },
      followUps: [],
    });
  }
  return { emergency: demoEmergency, emergencyCreatedMinutesAgo: EMERGENCY_AGE, entries };
}

type Int = (min: number, max: number) => number;
type DemoFollowUpStep = DemoFollowUp extends infer F ? (F extends unknown ? Omit<F, 'minutesAgo'> : never) : never;
type Chooser = <T>(items: readonly T[]) => T;

/** Moves some published records along: coverage (partial, near complete, full), in process, completed. */
function planLifecycles(entries: DemoEntry[], random: () => number, int: Int, pick: Chooser): void {
  const requests = entries.filter((entry) => entry.submission.type === 'request');
  const offers = entries.filter(
    (entry) => entry.submission.type === 'offer' && !('collectionCenterStatus' in entry.submission),
  );
  const quantityOf = (entry: DemoEntry) =>
    entry.submission.type === 'request' ? (entry.submission.quantityRequired ?? 0) : 0;
  const countable = requests.filter((entry) => quantityOf(entry) >= 4);
  const uncounted = requests.filter((entry) => quantityOf(entry) < 4);
  const byRandom = (list: DemoEntry[]) =>
    list
      .map((entry) => ({ entry, key: random() }))
      .sort((a, b) => a.key - b.key)
      .map((x) => x.entry);
  const queue = byRandom(countable);
  const take = (n: number) => queue.splice(0, n);

  // Times of the follow-ups: spread between the review and ten minutes ago, oldest first.
  const times = (entry: DemoEntry, count: number) => {
    const start = (entry.review as { minutesAgo: number }).minutesAgo;
    const span = start - 10;
    return Array.from({ length: count }, (_, i) => Math.round(start - (span * (i + 1)) / (count + 1)));
  };
  const coverage = (quantity: number, note = pick(notes.coverage)) => ({ kind: 'coverage' as const, quantity, note });
  const status = (value: 'in_process' | 'completed', note: string) => ({
    kind: 'status' as const,
    status: value,
    note,
  });
  const plan = (entry: DemoEntry, steps: DemoFollowUpStep[]) => {
    const at = times(entry, steps.length);
    entry.followUps = steps.map((step, i) => ({ ...step, minutesAgo: at[i] as number }) as DemoFollowUp);
  };

  // At least 75% covered and not complete, so the near_covered filter finds them.
  for (const entry of take(10)) {
    const q = quantityOf(entry);
    plan(entry, [coverage(Math.floor(q * 0.4)), coverage(int(Math.ceil(q * 0.75), q - 1))]);
  }
  // Strictly under half covered, so the deficit filter finds them.
  for (const entry of take(14)) plan(entry, [coverage(int(1, Math.ceil(quantityOf(entry) / 2) - 1))]);
  for (const entry of take(3))
    plan(entry, [coverage(Math.floor(quantityOf(entry) / 2)), coverage(quantityOf(entry), pick(notes.fullCoverage))]);
  for (const entry of take(8)) {
    const q = quantityOf(entry);
    plan(entry, [
      status('in_process', pick(notes.requestInProcess)),
      coverage(int(Math.ceil(q * 0.3), Math.floor(q * 0.7))),
    ]);
  }
  for (const entry of take(10)) {
    plan(entry, [
      status('in_process', pick(notes.requestInProcess)),
      coverage(quantityOf(entry), pick(notes.fullCoverage)),
      status('completed', pick(notes.requestCompleted)),
    ]);
  }
  const rest = byRandom(uncounted);
  for (const entry of rest.splice(0, 6)) plan(entry, [status('in_process', pick(notes.requestInProcess))]);
  for (const entry of rest.splice(0, 6)) {
    plan(entry, [
      status('in_process', pick(notes.requestInProcess)),
      status('completed', pick(notes.requestCompleted)),
    ]);
  }
  const offerQueue = byRandom(offers);
  for (const entry of offerQueue.splice(0, 6)) plan(entry, [status('in_process', pick(notes.offerInProcess))]);
  for (const entry of offerQueue.splice(0, 4)) plan(entry, [status('completed', pick(notes.offerCompleted))]);
}
