// Numbers as people in Colombia type them: "1,5" is one and a half, so is "1.5".

/** "1,1495" -> "1.1495" (one comma between digits is the decimal mark); anything else is returned as given. */
export function decimalPoint(raw: string): string {
  return raw.trim().replace(/^([+-]?\d+),(\d+)$/, '$1.$2');
}
