// Numbers as people in Colombia type them. Amounts (quantities, people, hours, kilos) are written with a dot between
// thousands and a comma before decimals: "1.500" is fifteen hundred, "1.500,5" fifteen hundred and a half, "1,5" one
// and a half. A dot followed by one or two digits ("1.5", "2.75") can only be a decimal, so it reads as one.
// Coordinates are never written with thousands, so for them a comma is simply the decimal mark.

/** "1,1495" -> "1.1495" (one comma between digits is the decimal mark); anything else is returned as given. */
export function decimalPoint(raw: string): string {
  return raw.trim().replace(/^([+-]?\d+),(\d+)$/, '$1.$2');
}

/** An amount as read: its value, and whether a dot was read as the thousands mark (the page may ask about it). */
export interface AmountReading {
  value: number;
  thousandsDot: boolean;
}

/** "1.500", "12.345.678", "1.500,25": dots between groups of three, the first group without a leading zero. */
const GROUPED = /^(-?)([1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d+))?$/;
/** "1500", "1,5", "1.5", "1.50", "0.125": no thousands mark. */
const PLAIN = /^(-?\d+)(?:[,.](\d+))?$/;

/**
 * The amount a person typed, or undefined when it is not a number (validation then says so with the text as typed).
 * A minus sign is read, so that validation answers "must be at least 0" rather than "not a number".
 */
export function readAmount(raw: string): AmountReading | undefined {
  const text = raw.trim();
  const grouped = GROUPED.exec(text);
  if (grouped) {
    const whole = `${grouped[1]}${(grouped[2] as string).replaceAll('.', '')}`;
    return { value: Number(grouped[3] ? `${whole}.${grouped[3]}` : whole), thousandsDot: true };
  }
  const plain = PLAIN.exec(text);
  if (!plain) return undefined;
  return { value: Number(plain[2] ? `${plain[1]}.${plain[2]}` : plain[1]), thousandsDot: false };
}

/** A coordinate or a distance as typed ("4,711" or "4.711"), or undefined when it is not a number. */
export function readDecimal(raw: string): number | undefined {
  const text = decimalPoint(raw);
  return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
}

/** An amount written back into a form so that reading it gives the same value: "1500,5", never "1500.5". */
export function amountText(value: number): string {
  return String(value).replace('.', ',');
}
