// Validate input against a schema: the typed value, or every problem as error details in the person's language.
import type * as z from 'zod';
import { AppError, type ErrorDetail, type Lang } from '../errors.ts';
import { issuesToDetails, validationCode } from './issues.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; details: ErrorDetail[] };

/** For forms, which show each problem beside its field instead of failing. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, lang: Lang = 'es'): Parsed<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, details: issuesToDetails(parsed.error.issues, lang, input) };
}

/**
 * The typed value, or an AppError with one detail per field: `code` (validation_failed for bodies and arguments,
 * invalid_query for queries), or consent_required when missing consent is the only problem.
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: 'validation_failed' | 'invalid_query',
  lang: Lang = 'es',
): z.output<S> {
  const parsed = parseInput(schema, input, lang);
  if (parsed.ok) return parsed.value;
  throw new AppError(validationCode(parsed.details, code), parsed.details);
}
