// Validation details -> one message per form field, for inline errors.
import type { ErrorDetail } from '../../errors.ts';

export function errorsByField(details: readonly ErrorDetail[]): Record<string, string> {
  // No prototype: a field named "constructor" or "__proto__" is just a name here.
  const errors: Record<string, string> = Object.create(null);
  for (const detail of details) {
    const name = detail.field.split('.')[0] || '_form';
    errors[name] ??= detail.message;
  }
  return errors;
}
