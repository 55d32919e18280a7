// application/x-www-form-urlencoded bodies for the HTML forms: bounded, repeated names kept as lists.
import type { FastifyInstance } from 'fastify';
import { stripInvisibleCharacters } from '../../domain/text.ts';
import { AppError } from '../../errors.ts';

export type FormBody = Record<string, string | string[]>;

export const FORM_BODY_LIMIT = 64 * 1024;

/** What a form scope says when a body of another type arrives (shown on the console's error page too). */
export const FORM_MEDIA_TYPE_MESSAGE =
  'Este formulario solo acepta Content-Type: application/x-www-form-urlencoded (el envío normal de un navegador).';

/**
 * The scope's only body type is a form: the API's JSON parser is dropped here, and any other type (text/plain,
 * multipart/form-data, JSON...) is 415 unsupported_media_type before a handler could misread it.
 */
export function registerFormBody(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => {
    done(
      new AppError('unsupported_media_type', [
        { field: 'content-type', code: 'unsupported_media_type', message: FORM_MEDIA_TYPE_MESSAGE },
      ]),
      undefined,
    );
  });
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

/** Control characters other than line breaks and tabs (C0, DEL and C1). */
const NOTE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * A free-text note: trimmed, cut to NOTE_MAX, null when empty. Like every multi-line text it loses invisible and
 * bidi characters; a note has no error to show beside it, so control characters are dropped too, not refused.
 */
export function noteField(form: FormBody | undefined, name: string): string | null {
  const clean = stripInvisibleCharacters(field(form, name)).replace(NOTE_CONTROLS, '');
  return clean.trim().slice(0, NOTE_MAX) || null;
}
