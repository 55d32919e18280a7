// What a page reads from the query string and from a form body, checked rather than assumed: a query value may be
// one string, a list (the name was repeated) or absent, and a body is whatever the scope's parser made of it.
import type { FormBody } from './forms/form-body.ts';

/** `Authorization: Bearer <secret>` (an editToken, a registered source's key, a centre's edit link); else undefined. */
export function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer +([\x21-\x7e]{1,512}) *$/i.exec(header ?? '');
  return match?.[1];
}

/** Only strings and lists of strings count; anything else in the object is left out. */
function textEntries(source: unknown): FormBody {
  const values: FormBody = Object.create(null);
  if (!source || typeof source !== 'object') return values;
  for (const [name, value] of Object.entries(source)) {
    if (typeof value === 'string') values[name] = value;
    else if (Array.isArray(value) && value.every((one) => typeof one === 'string')) values[name] = value;
  }
  return values;
}

/** Every query parameter as given: a repeated name stays a list, so a page can refuse or pick as it needs. */
export function queryRecord(request: { query: unknown }): Record<string, string | string[]> {
  return textEntries(request.query);
}

/** One query parameter when it was given once; undefined when absent or repeated. */
export function queryText(request: { query: unknown }, name: string): string | undefined {
  const value = queryRecord(request)[name];
  return typeof value === 'string' ? value : undefined;
}

/** A form body's fields; empty when there is no body (or a body of another kind, such as JSON). */
export function formBody(request: { body: unknown }): FormBody {
  return textEntries(request.body);
}
