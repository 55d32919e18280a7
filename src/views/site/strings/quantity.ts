// How a request's quantity reads wherever the site shows it (lists, home page, record). {required} carries the unit
// as the person typed it; {pending} and {covered} are bare numbers.
export const quantity = {
  pending: { es: 'Faltan {pending} de {required}', en: '{pending} of {required} still needed' },
  covered: { es: 'Cubierto: {required}', en: 'Covered: {required}' },
} as const;

/**
 * When an amount typed with a dot ("150.000") was read as thousands and is more than the field takes: the page asks
 * once, quoting the number as read, in case the dot was meant as a decimal mark.
 */
export const amountQuestion = {
  decimal: {
    es: 'Leímos {read}: el punto separa los miles, y es más de lo que admite este campo. Si quiso escribir decimales, use coma: {decimal}.',
    en: 'We read {read}: the dot separates thousands, and that is more than this field takes. If you meant decimals, use a comma: {decimal}.',
  },
  plain: {
    es: 'Leímos {read}: los puntos separan los miles, y es más de lo que admite este campo. Los decimales se escriben con coma.',
    en: 'We read {read}: the dots separate thousands, and that is more than this field takes. Decimals are written with a comma.',
  },
} as const;
