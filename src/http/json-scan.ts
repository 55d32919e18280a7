// A single pass over raw JSON text before JSON.parse: nesting depth and repeated keys, without recursion.
export type JsonProblem = 'json_too_deep' | 'duplicate_json_key';

export interface JsonScan {
  problem: JsonProblem | null;
  /** For a repeated key, its name. */
  key?: string;
}

export function scanJson(text: string, maxDepth: number): JsonScan {
  const keys: (Set<string> | null)[] = [];
  let expectKey = false;
  let duplicate: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      const start = i;
      for (i++; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c /* \ */) i++;
        else if (c === 0x22) break;
      }
      const top = keys[keys.length - 1];
      if (expectKey && top && duplicate === undefined) {
        let key: string;
        try {
          key = JSON.parse(text.slice(start, i + 1)) as string;
        } catch {
          return { problem: null }; // JSON.parse will report the syntax error
        }
        if (top.has(key)) duplicate = key;
        else top.add(key);
      }
      expectKey = false;
    } else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      if (keys.length >= maxDepth) return { problem: 'json_too_deep' };
      keys.push(ch === 0x7b ? new Set() : null);
      expectKey = ch === 0x7b;
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) {
      keys.pop();
      expectKey = false;
    } else if (ch === 0x2c /* , */) {
      expectKey = keys[keys.length - 1] != null;
    }
  }
  return duplicate === undefined ? { problem: null } : { problem: 'duplicate_json_key', key: duplicate };
}
