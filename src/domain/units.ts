// Units are free text ("litros", "Cajas", "bolsas grandes"). They are told apart as people read them, not as they
// type them: "Personas", "PERSONAS" and "personás" are one unit. Two quantities add up only in the same unit; a
// delivery in another unit waits for a leader to say what it is worth in the request's unit.
import { readAmount } from './decimal.ts';
import { fold } from './text.ts';

/** A unit as people read it: no case, no accents, one space between words ("Bolsas  Grandes" = "bolsas grandes"). */
export function unitKey(unit: string): string {
  return fold(unit).trim().replace(/\s+/g, ' ');
}

/**
 * Whether a quantity in `unit` adds to one counted in `counted`. No unit on the delivery means the request's own
 * (as the forms ask it), and a request without a unit takes any count.
 */
export function sameUnit(unit: string | null | undefined, counted: string | null | undefined): boolean {
  if (!unit || !counted) return true;
  return unitKey(unit) === unitKey(counted);
}

/**
 * Whether a unit typed by someone else than the request's author may be published beside a quantity: words, digits
 * and simple marks ("cajas de 20 kg", "bultos (50 lb)"), never something a phone would open or write to, so the
 * public history cannot carry a link or an address to a stranger ("verifique en panel-ayuda.example").
 */
export function isUnitWords(unit: string): boolean {
  return /^[\p{L}\p{N} .,/()%°º-]+$/u.test(unit) && !/\p{L}{2,}\.\p{L}{2,}/u.test(unit);
}

/** "15 cajas" -> the unit a route's cargo is counted in ("cajas"); undefined when the words do not say one. */
export function unitOfLabel(label: string | null | undefined): string | undefined {
  const match = /^\s*(\S+)\s+(.+?)\s*$/.exec(label ?? '');
  if (!match || readAmount(match[1] as string) === undefined) return undefined;
  return match[2];
}

/**
 * The unit a route's delivery is asked in: its cargo's ("15 cajas" -> "cajas"), the request's when the cargo's words
 * start with it ("40 bidones de 20 litros" to a request in bidones -> "bidones"), or the request's when the cargo
 * says none.
 */
export function cargoUnit(label: string | null | undefined, requestUnit: string | null): string | null {
  const said = unitOfLabel(label);
  if (said === undefined) return requestUnit;
  if (requestUnit && `${unitKey(said)} `.startsWith(`${unitKey(requestUnit)} `)) return requestUnit;
  return said;
}
