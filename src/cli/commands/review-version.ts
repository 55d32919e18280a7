// The content version an administrator reviewed, as `review approve` and `review reject` take it.
import { UsageError } from '../io.ts';

/** --version N: the content version the administrator reviewed (from `ayuda review list`). */
export function versionOption(value: unknown, required: boolean): number | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value.trim())) {
    throw new UsageError(
      value === undefined
        ? 'falta --version (la versión revisada; la muestra `ayuda review list`)'
        : `--version debe ser un número entero (recibido: "${String(value)}")`,
    );
  }
  return Number(value.trim());
}
