// Validation details -> one message per form field, for inline errors.
import type { ErrorDetail } from '../../errors.ts';

export function errorsByField(details: readonly ErrorDetail[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of details) {
    const name = detail.field.split('.')[0] || '_form';
    errors[name] ??= detail.message;
  }
  return errors;
}
