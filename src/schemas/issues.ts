// Zod issues -> error details { field, message, code } in Spanish or English, for the API, MCP and forms.
import type * as z from 'zod';
import { detailSentences, type ErrorDetail, type Lang } from '../errors.ts';

type Issue = z.core.$ZodIssue;

const custom: Record<string, { es: string; en: string }> = {
  consent_required: {
    es: 'Debe ser true: confirma que el nombre y el WhatsApp pueden publicarse.',
    en: 'Must be true: confirms the name and WhatsApp may be published.',
  },
  invalid_whatsapp: detailSentences.invalid_whatsapp,
  invalid_unit: {
    es: 'Una unidad son palabras como cajas, litros o kg: sin direcciones web ni correos.',
    en: 'A unit is words such as boxes, litres or kg: no web addresses or e-mails.',
  },
  invalid_characters: {
    es: 'Contiene caracteres de control o Unicode inválido.',
    en: 'Contains control characters or invalid Unicode.',
  },
  invalid_text: {
    es: 'Contiene caracteres invisibles o que cambian la dirección del texto; escríbalo de nuevo sin copiarlo.',
    en: 'Contains invisible or direction-changing characters; type it again instead of pasting it.',
  },
  coordinates_pair: {
    es: 'Los campos latitude y longitude van juntos: indique los dos.',
    en: 'The fields latitude and longitude go together: give both.',
  },
  unknown_municipality: {
    es: 'No es un código DIVIPOLA de municipio conocido (5 dígitos, ej. 86001).',
    en: 'Not a known DIVIPOLA municipality code (5 digits, e.g. 86001).',
  },
  municipality_outside_bounds: {
    es: 'San Andrés y Providencia quedan fuera de las longitudes aceptadas y aún no pueden elegirse; allí llame a la línea de emergencias 123.',
    en: 'San Andrés and Providencia lie outside the accepted longitudes and cannot be chosen yet; there, call the emergency line 123.',
  },
  invalid_cursor: {
    es: 'Cursor no válido: use el nextCursor de una respuesta anterior.',
    en: 'Invalid cursor: use the nextCursor of a previous answer.',
  },
  cursor_order: {
    es: 'Este cursor es de otro orden: úselo con el mismo sort.',
    en: 'This cursor belongs to another order: use it with the same sort.',
  },
  invalid_bbox: {
    es: 'El parámetro bbox debe ser minLon,minLat,maxLon,maxLat en grados, el mínimo antes del máximo.',
    en: 'The bbox parameter must be minLon,minLat,maxLon,maxLat in degrees, minimum first.',
  },
  needs_coordinates: {
    es: 'El parámetro radiusKm requiere latitude y longitude.',
    en: 'The radiusKm parameter requires latitude and longitude.',
  },
  sort_needs_coordinates: {
    es: 'Ordenar por distancia (sort=distance) requiere latitude y longitude.',
    en: 'Sorting by distance (sort=distance) requires latitude and longitude.',
  },
  required: detailSentences.required,
  not_a_number: detailSentences.not_a_number,
  not_an_integer: { es: 'Debe ser un número entero.', en: 'Must be an integer.' },
  repeated_parameter: { es: 'El parámetro aparece más de una vez.', en: 'The parameter appears more than once.' },
};

/** At most this many details per answer, so a flood of bad fields cannot make the error itself huge. */
export const MAX_DETAILS = 20;
/** Field names are echoed back: a name longer than this is cut. */
const MAX_FIELD_LENGTH = 120;

/**
 * The first MAX_DETAILS problems (those on known fields first when some must go), then one `more_errors` detail
 * with the number left out. Lists within the bound keep their order.
 */
export function capDetails(details: readonly ErrorDetail[], lang: Lang): ErrorDetail[] {
  const short = (d: ErrorDetail) =>
    d.field.length > MAX_FIELD_LENGTH ? { ...d, field: `${d.field.slice(0, MAX_FIELD_LENGTH)}…` } : d;
  if (details.length <= MAX_DETAILS) return details.map(short);
  const flood = (d: ErrorDetail) => d.code === 'unknown_field' || d.code === 'repeated_parameter';
  const ordered = [...details.filter((d) => !flood(d)), ...details.filter(flood)];
  const more = details.length - MAX_DETAILS;
  const message =
    lang === 'es'
      ? `${more === 1 ? 'Hay 1 problema más' : `Hay ${more} problemas más`} sin listar.`
      : `${more === 1 ? 'There is 1 more problem' : `There are ${more} more problems`} not listed.`;
  return [...ordered.slice(0, MAX_DETAILS).map(short), { field: '*', code: 'more_errors', message }];
}

/** Query strings may repeat a name (?type=a&type=b); each parameter of this API takes one value. */
export function repeatedParameters(query: Record<string, unknown>, lang: Lang): ErrorDetail[] {
  const details = Object.entries(query)
    .filter(([, value]) => Array.isArray(value))
    .map(([field]) => ({ field, code: 'repeated_parameter', message: custom.repeated_parameter?.[lang] as string }));
  return capDetails(details, lang);
}

function typeName(expected: string, lang: Lang): string {
  const es: Record<string, string> = {
    string: 'un texto',
    number: 'un número',
    int: 'un número entero',
    boolean: 'true o false',
    object: 'un objeto',
    array: 'una lista',
  };
  return lang === 'es' ? (es[expected] ?? expected) : `a ${expected}`;
}

function describe(issue: Issue, lang: Lang): { code: string; message: string } {
  const es = lang === 'es';
  // Schemas name their own problems with a code as the message (see help-query.ts, submission.ts).
  const named = custom[issue.message];
  if (named) return { code: issue.message, message: named[lang] };
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.message.endsWith('received undefined'))
        return { code: 'required', message: custom.required?.[lang] as string };
      return {
        code: 'invalid_type',
        message: es ? `Debe ser ${typeName(issue.expected, lang)}.` : `Must be ${typeName(issue.expected, lang)}.`,
      };
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return {
          code: 'too_small',
          message: es ? `Debe tener al menos ${min} caracteres.` : `Must have at least ${min} characters.`,
        };
      }
      const op = issue.inclusive ? (es ? 'mayor o igual que' : 'at least') : es ? 'mayor que' : 'greater than';
      return { code: 'too_small', message: es ? `Debe ser ${op} ${min}.` : `Must be ${op} ${min}.` };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') {
        return {
          code: 'too_big',
          message: es ? `Debe tener como máximo ${max} caracteres.` : `Must have at most ${max} characters.`,
        };
      }
      return { code: 'too_big', message: es ? `Debe ser menor o igual que ${max}.` : `Must be at most ${max}.` };
    }
    case 'invalid_value': {
      const list = issue.values.map((v) => JSON.stringify(v)).join(', ');
      return {
        code: 'invalid_value',
        message: es ? `Valor no permitido; use uno de: ${list}.` : `Value not allowed; use one of: ${list}.`,
      };
    }
    case 'invalid_format': {
      if (issue.format === 'date') {
        return {
          code: 'invalid_date',
          message: es ? 'Debe ser una fecha real AAAA-MM-DD.' : 'Must be a real date YYYY-MM-DD.',
        };
      }
      return { code: 'invalid_format', message: es ? 'Formato no válido.' : 'Invalid format.' };
    }
    case 'invalid_union': {
      if ((issue as { note?: string }).note?.includes('discriminator')) {
        return {
          code: 'invalid_value',
          message: es ? 'El campo type debe ser "request" u "offer".' : 'The type field must be "request" or "offer".',
        };
      }
      return { code: 'invalid_value', message: es ? 'Valor no válido.' : 'Invalid value.' };
    }
    case 'custom': {
      const code = (issue.params as { code?: string } | undefined)?.code ?? 'invalid';
      return { code, message: custom[code]?.[lang] ?? (es ? 'Valor no válido.' : 'Invalid value.') };
    }
    default:
      return { code: issue.code, message: es ? 'Valor no válido.' : 'Invalid value.' };
  }
}

function fieldOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** input: what was validated, so a missing field is reported as required whatever the schema's type. */
export function issuesToDetails(issues: readonly Issue[], lang: Lang, input?: unknown): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        details.push({
          field: fieldOf([...issue.path, key]),
          code: 'unknown_field',
          message: lang === 'es' ? 'Campo desconocido.' : 'Unknown field.',
        });
      }
      continue;
    }
    const field = issue.code === 'invalid_union' && issue.path.length === 0 ? 'type' : fieldOf(issue.path);
    if (seen.has(field)) continue; // one problem per field is enough to act on
    seen.add(field);
    // A type complaint about an absent value means the field is missing.
    const missing =
      (issue.code === 'invalid_type' || issue.code === 'invalid_value') &&
      input !== undefined &&
      issue.path.length > 0 &&
      valueAt(input, issue.path) === undefined;
    const described = describe(issue, lang);
    const required = missing && described.code !== 'consent_required';
    details.push(
      required ? { field, code: 'required', message: custom.required?.[lang] as string } : { field, ...described },
    );
  }
  return capDetails(details, lang);
}

/** consent_required when consent is the only problem; otherwise the general code. */
export function validationCode(details: ErrorDetail[], general: 'validation_failed' | 'invalid_query') {
  return details.length > 0 && details.every((d) => d.code === 'consent_required') ? 'consent_required' : general;
}
