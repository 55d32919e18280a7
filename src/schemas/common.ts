// Building blocks shared by every schema: text fields that refuse control characters, bounded numbers.
import * as z from 'zod';
import { categories } from '../domain/categories.ts';
import {
  hasC1Controls,
  hasControlCharacters,
  hasInvisibleCharacters,
  stripInvisibleCharacters,
} from '../domain/text.ts';

interface TextOptions {
  min?: number;
  max: number;
  multiline?: boolean;
  description?: string;
}

/**
 * A trimmed string with length bounds that refuses control characters and broken Unicode (invalid_characters),
 * and invisible or direction-changing characters (invalid_text, see domain/text.ts): one-line texts refuse them;
 * multi-line ones lose the zero-width and bidi ones first (bounds count what is kept) and refuse C1 controls.
 */
export function text({ min, max, multiline = false, description }: TextOptions) {
  let schema = multiline ? z.string().overwrite(stripInvisibleCharacters).trim() : z.string().trim();
  if (min !== undefined) schema = schema.min(min);
  schema = schema.max(max);
  const refined = schema
    .refine((value) => value.isWellFormed() && !hasControlCharacters(value, multiline), {
      params: { code: 'invalid_characters' },
      abort: true,
    })
    .refine((value) => !(multiline ? hasC1Controls(value) : hasInvisibleCharacters(value)), {
      params: { code: 'invalid_text' },
      abort: true,
    });
  return description ? refined.describe(description) : refined;
}

export const slugPattern = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

export const emergencySlug = z
  .string()
  .regex(slugPattern)
  .describe('Identificador corto de la emergencia (minúsculas, números y guiones).')
  .meta({ examples: ['inundacion-mocoa-2026'] });

export const isoDateTime = z.iso.datetime({ offset: true }).meta({ examples: ['2026-05-10T14:32:00.000Z'] });

/** A calendar date YYYY-MM-DD that exists: Zod's ISO date checks month lengths and leap years. */
export const calendarDate = z.iso.date().meta({ examples: ['2026-06-30'] });

/**
 * A category of SPEC 2.1, registered as the component Category: the document refers to it wherever a field or a
 * body holds a category, instead of repeating the list.
 */
export const category = z
  .enum(categories)
  .describe('Categoría de la ayuda (SPEC 2.1).')
  .meta({ id: 'Category', examples: ['agua'] });
