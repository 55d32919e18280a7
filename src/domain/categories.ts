// The categories of SPEC 2.1 with the labels people read.
export const categories = [
  'alimentos',
  'agua',
  'medicamentos',
  'higiene',
  'panales',
  'mascotas',
  'ropa',
  'salud',
  'refugio',
  'transporte',
  'herramientas',
  'voluntariado',
  'acopio',
  'rescate',
  'otro',
] as const;

export type Category = (typeof categories)[number];

export const categoryLabels: Record<Category, { es: string; en: string }> = {
  alimentos: { es: 'Alimentos', en: 'Food' },
  agua: { es: 'Agua', en: 'Water' },
  medicamentos: { es: 'Medicamentos', en: 'Medicines' },
  higiene: { es: 'Higiene', en: 'Hygiene' },
  panales: { es: 'Pañales', en: 'Nappies' },
  mascotas: { es: 'Mascotas', en: 'Pets' },
  ropa: { es: 'Ropa', en: 'Clothing' },
  salud: { es: 'Salud', en: 'Health care' },
  refugio: { es: 'Refugio', en: 'Shelter' },
  transporte: { es: 'Transporte', en: 'Transport' },
  herramientas: { es: 'Herramientas', en: 'Tools' },
  voluntariado: { es: 'Voluntariado', en: 'Volunteering' },
  acopio: { es: 'Centro de acopio', en: 'Collection centre' },
  rescate: { es: 'Rescate', en: 'Rescue' },
  otro: { es: 'Otro', en: 'Other' },
};

export function categoryLabel(category: string): string {
  return categoryLabels[category as Category]?.es ?? category;
}
