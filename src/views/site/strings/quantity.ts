// How a request's quantity reads wherever the site shows it (lists, home page, record). {required} carries the unit
// as the person typed it; {pending} and {covered} are bare numbers.
export const quantity = {
  pending: { es: 'Faltan {pending} de {required}', en: '{pending} of {required} still needed' },
  covered: { es: 'Cubierto: {required}', en: 'Covered: {required}' },
} as const;
