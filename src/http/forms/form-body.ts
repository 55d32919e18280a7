// application/x-www-form-urlencoded bodies for the HTML forms: bounded, repeated names kept as lists.
import type { FastifyInstance } from 'fastify';

export type FormBody = Record<string, string | string[]>;

export const FORM_BODY_LIMIT = 64 * 1024;

export function registerFormBody(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const form: FormBody = Object.create(null);
      for (const [name, value] of new URLSearchParams(body as string)) {
        const previous = form[name];
        if (previous === undefined) form[name] = value;
        else form[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
      }
      done(null, form);
    },
  );
}

/** One value of a form field: the last one if repeated, '' when absent. */
export function field(form: FormBody | undefined, name: string): string {
  const value = form?.[name];
  if (value === undefined) return '';
  return Array.isArray(value) ? (value[value.length - 1] ?? '') : value;
}

/** Longest note a leader can attach to a decision (the forms say so with maxlength). */
export const NOTE_MAX = 300;

/** A free-text note: trimmed, cut to NOTE_MAX, null when empty. */
export function noteField(form: FormBody | undefined, name: string): string | null {
  return field(form, name).trim().slice(0, NOTE_MAX) || null;
}
