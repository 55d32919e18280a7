// Spanish word pools for realistic aid records around Mocoa (Putumayo).
import type { Category } from '../src/domain/categories.ts';

export const neighborhoods = [
  'San Miguel',
  'San Agustín',
  'Los Pinos',
  'El Progreso',
  'Pablo VI',
  'Villa Diana',
  'La Independencia',
  'Barrio Obrero',
  'San Fernando',
  'Centro',
  'El Carmen',
  'José Homero',
  'Miraflores',
  'Naranjito',
  'Las Américas',
  'Altos del Jardín',
  'La Esmeralda',
  'Modelo',
  'San Antonio',
  'El Peñón',
  'Huasipanga',
  'Los Ángeles',
  'Pueblo Nuevo',
  'Villa Caimarón',
  'La Reserva',
  'Nueva Floresta',
  'Olímpico',
  'Bellavista',
  'El Líbano',
  'Las Palmeras',
  'Vereda Pueblo Viejo',
  'Vereda San José del Pepino',
  'Vereda Rumiyaco',
  'Vereda Campucana',
  'Vereda Alto Afán',
  'Vereda Caliyaco',
  'Vereda Guaduales',
  'Vereda Planadas',
  'Vereda Puerto Limón',
  'Vereda Condagua',
  'Vereda Villa Rosa',
  'Vereda Las Mesas',
] as const;

export const landmarks = [
  'la escuela',
  'el puesto de salud',
  'la iglesia',
  'el puente del río Mulato',
  'el polideportivo',
  'la cancha',
  'la tienda de doña Rosa',
  'el colegio Pío XII',
  'la estación de bomberos',
  'el parque principal',
  'el coliseo',
  'la bomba de gasolina',
  'el hospital José María Hernández',
  'la plaza de mercado',
  'el terminal de transportes',
] as const;

export const streets = ['Calle', 'Carrera', 'Avenida', 'Transversal', 'Diagonal'] as const;

export const firstNames = [
  'María Fernanda',
  'Jorge Hernán',
  'Luz Marina',
  'Carlos Andrés',
  'Ana Lucía',
  'José Luis',
  'Diana Marcela',
  'Luis Eduardo',
  'Yolanda',
  'Fabio',
  'Gloria Inés',
  'Wilson',
  'Sandra Milena',
  'Édgar',
  'Rosa Elena',
  'Jhon Jairo',
  'Paola Andrea',
  'Héctor',
  'Nelly',
  'Óscar Iván',
  'Marleny',
  'Yeison',
  'Leidy Johana',
  'Álvaro',
  'Claudia Patricia',
  'Fredy',
  'Martha Cecilia',
  'Hernando',
  'Ingrid',
  'Camilo',
] as const;

export const surnames = [
  'Rojas',
  'Muñoz',
  'Jamioy',
  'Chindoy',
  'Gómez',
  'Benavides',
  'Ortiz',
  'Quintero',
  'Gaviria',
  'Narváez',
  'Mutumbajoy',
  'Guerrero',
  'Cerón',
  'Erazo',
  'Burbano',
  'Delgado',
  'Ruales',
  'Enríquez',
  'Paz',
  'Córdoba',
  'Montenegro',
  'Villota',
  'Insuasty',
  'Bastidas',
  'Tisoy',
] as const;

export interface NeedPool {
  titles: readonly string[];
  resources: readonly string[];
  units: readonly string[];
}

/** Requests by category: {n} is a count, {place} a neighbourhood. */
export const needs: Partial<Record<Category, NeedPool>> = {
  agua: {
    titles: [
      'Agua potable para {n} familias',
      'Necesitamos agua en {place}',
      'Sin agua desde la avalancha',
      'Bidones de agua para el albergue',
    ],
    resources: [
      'Bidones de agua de 20 litros',
      'Botellones de agua potable',
      'Filtros de agua',
      'Pastillas potabilizadoras',
    ],
    units: ['bidones', 'litros', 'botellones', 'unidades'],
  },
  alimentos: {
    titles: [
      'Mercados para {n} familias',
      'Comida para familias damnificadas',
      'Alimentos no perecederos en {place}',
      'Raciones calientes para el albergue',
    ],
    resources: ['Mercados básicos', 'Arroz, panela y enlatados', 'Leche en polvo', 'Raciones calientes'],
    units: ['mercados', 'kg', 'raciones', 'libras'],
  },
  medicamentos: {
    titles: [
      'Medicamentos para adultos mayores',
      'Insulina para paciente diabético',
      'Antibióticos y analgésicos en {place}',
      'Suero oral para niños',
    ],
    resources: ['Acetaminofén', 'Suero oral', 'Insulina', 'Botiquín de primeros auxilios', 'Antiparasitarios'],
    units: ['cajas', 'unidades', 'frascos', 'sobres'],
  },
  higiene: {
    titles: [
      'Kits de aseo para {n} familias',
      'Elementos de higiene en {place}',
      'Toallas higiénicas y jabón',
      'Desinfectante para viviendas inundadas',
    ],
    resources: ['Kits de aseo', 'Jabón y crema dental', 'Toallas higiénicas', 'Cloro y desinfectante'],
    units: ['kits', 'unidades', 'paquetes', 'galones'],
  },
  panales: {
    titles: ['Pañales para bebés en {place}', 'Pañales para adultos mayores', 'Pañitos y pañales etapa 3'],
    resources: ['Pañales etapa 2', 'Pañales etapa 3', 'Pañales para adulto', 'Pañitos húmedos'],
    units: ['paquetes', 'unidades'],
  },
  mascotas: {
    titles: [
      'Concentrado para perros rescatados',
      'Alimento para mascotas en {place}',
      'Atención veterinaria para animales heridos',
    ],
    resources: ['Concentrado para perros', 'Concentrado para gatos', 'Medicina veterinaria'],
    units: ['bultos', 'kg'],
  },
  ropa: {
    titles: [
      'Ropa para niños en {place}',
      'Cobijas y ropa seca',
      'Botas de caucho para {n} personas',
      'Ropa de abrigo para el albergue',
    ],
    resources: ['Cobijas', 'Ropa para niños', 'Botas de caucho', 'Ropa interior nueva'],
    units: ['prendas', 'cajas', 'pares', 'unidades'],
  },
  salud: {
    titles: [
      'Atención médica en {place}',
      'Brigada de salud para el albergue',
      'Paciente con fractura necesita traslado',
      'Apoyo psicológico para familias',
    ],
    resources: ['Consulta médica', 'Silla de ruedas', 'Muletas', 'Tensiómetro'],
    units: ['personas', 'unidades'],
  },
  refugio: {
    titles: [
      'Albergue para {n} familias',
      'Carpas para familias de {place}',
      'Colchonetas para el albergue',
      'Techo para vivienda destruida',
    ],
    resources: ['Carpas', 'Colchonetas', 'Tejas de zinc', 'Plástico negro'],
    units: ['carpas', 'colchonetas', 'tejas', 'metros'],
  },
  rescate: {
    titles: [
      'Familia atrapada en {place}',
      'Rescate de adultos mayores aislados',
      'Personas incomunicadas por el río',
      'Búsqueda de desaparecido en {place}',
    ],
    resources: ['Equipo de rescate', 'Lancha', 'Cuerdas y arneses'],
    units: ['personas', 'equipos'],
  },
  herramientas: {
    titles: [
      'Palas y carretillas para limpiar lodo',
      'Motobomba para sacar agua',
      'Herramientas para limpieza en {place}',
      'Motosierra para retirar árboles caídos',
    ],
    resources: ['Palas', 'Carretillas', 'Motobomba', 'Guantes de trabajo', 'Motosierra'],
    units: ['unidades', 'pares'],
  },
  otro: {
    titles: [
      'Apoyo para trámites de familias damnificadas',
      'Linternas y pilas en {place}',
      'Cargadores solares para la vereda',
    ],
    resources: ['Linternas', 'Pilas', 'Cargadores solares', 'Velas'],
    units: ['unidades', 'paquetes'],
  },
};

export const requestCategoryWeights: readonly (readonly [Category, number])[] = [
  ['agua', 16],
  ['alimentos', 20],
  ['medicamentos', 10],
  ['higiene', 8],
  ['panales', 5],
  ['mascotas', 4],
  ['ropa', 8],
  ['salud', 6],
  ['refugio', 9],
  ['rescate', 4],
  ['herramientas', 6],
  ['otro', 4],
];

export const needSentences = [
  'Estamos aislados por el río desde hace {n} días.',
  'La creciente se llevó la mitad de la casa.',
  'Hay {n} niños y varios adultos mayores.',
  'La vía hacia {place} está cerrada por un derrumbe.',
  'El lodo tapó la cocina y no podemos cocinar.',
  'Una señora embarazada necesita atención.',
  'Nos quedamos sin luz y sin señal.',
  'El acueducto veredal quedó destruido.',
  'Estamos en la casa comunal con otras familias.',
  'Se puede llegar en moto hasta el puente.',
  'Por favor comunicarse antes de venir.',
  'Llevamos dos noches durmiendo en el colegio.',
  'Un vecino perdió todos sus animales.',
  'El agua todavía no baja en la parte baja del barrio.',
  'Necesitamos ayuda lo antes posible.',
];

export const offerKinds = [
  {
    category: 'transporte',
    titles: [
      'Camioneta 4x4 para llevar mercados',
      'Moto para entregas en veredas',
      'Camión para trasladar donaciones',
      'Lancha para cruzar el río',
    ],
    vehicles: ['Camioneta 4x4', 'Moto', 'Camión de 3 toneladas', 'Lancha con motor', 'Chiva'],
  },
  {
    category: 'acopio',
    titles: ['Centro de acopio en {place}', 'Recibimos donaciones en la parroquia', 'Punto de acopio en el coliseo'],
    vehicles: [],
  },
  {
    category: 'voluntariado',
    titles: [
      'Voluntarios para limpiar viviendas',
      'Brigada de jóvenes disponible',
      'Enfermera voluntaria en {place}',
      'Grupo scout para repartir mercados',
    ],
    vehicles: [],
  },
  {
    category: 'alimentos',
    titles: [
      'Ofrecemos almuerzos calientes',
      'Donación de mercados para {n} familias',
      'Panadería dona pan cada mañana',
    ],
    vehicles: [],
  },
  {
    category: 'ropa',
    titles: ['Donación de ropa y cobijas', 'Tenemos botas de caucho para regalar'],
    vehicles: [],
  },
  {
    category: 'herramientas',
    titles: ['Préstamo de motobomba', 'Palas y picas disponibles en {place}'],
    vehicles: [],
  },
  {
    category: 'refugio',
    titles: ['Hospedaje para {n} personas', 'Casa disponible para una familia damnificada'],
    vehicles: [],
  },
  {
    category: 'salud',
    titles: ['Médico general ofrece consultas', 'Psicóloga voluntaria para familias'],
    vehicles: [],
  },
] as const;

export const offerSentences = [
  'Disponible en las mañanas.',
  'Podemos llegar hasta {place}.',
  'Coordinamos por WhatsApp.',
  'Tenemos espacio para más donaciones.',
  'Solo fines de semana.',
  'Llevamos lo que nos indique el equipo de la emergencia.',
  'Contamos con {n} personas dispuestas a ayudar.',
];

export const sources = [
  'app-ayuda-putumayo',
  'formulario-web',
  'bot-whatsapp',
  'cruz-roja-mocoa',
  'alcaldia-mocoa',
] as const;

export const leaders = ['coordinacion:ana.rojas', 'coordinacion:jorge.munoz', 'coordinacion:luz.jamioy'] as const;
