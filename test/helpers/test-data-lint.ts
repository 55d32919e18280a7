// The rule of test data: no test turns the clock or chance into text (a phone, a document, a code, an address)
// itself. It reads them for timing only; values come from test/helpers/samples.ts, which maps any reading onto a
// valid value. Used by test/test-data-lint.test.ts.
//
// Sources: Date.now(), Math.random(), performance.now(), process.hrtime and node:crypto's randomInt. A source, or
// a variable whose value comes from one, is turned into text when it is
//   - inside ${…} of a template literal,
//   - the argument of String(…), or followed by .toString(), .slice(), .padStart() and the like,
//   - joined with + to a string or a template literal.
// Not followed: a date made from the clock (new Date(Date.now() - …)) stays a date; a value passed to another call
// becomes something else (an id, a record); failure messages and log lines (assert…(), console.…(), new Error())
// are for people reading a run, not test data.
// Besides, a phone or document (a name such as whatsapp, phone, document, cedula) is never built from chance at all,
// randomUUID() and randomBytes() included.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Finding {
  file: string;
  line: number;
  message: string;
}

type Kind = 'ident' | 'punct' | 'string' | 'template' | 'number' | 'regex';
interface Token {
  kind: Kind;
  text: string;
  start: number;
  /** Depth of ${…} around the token (0: not inside a template literal's interpolation). */
  interpolation: number;
}

const PUNCT = ['...', '===', '!==', '**=', '&&=', '||=', '??=', '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.'];
const PUNCT_TWO = ['++', '--', '+=', '-=', '*=', '/=', '%=', '**', '<<', '>>'];
/** After these, a slash starts a regular expression, not a division. */
const REGEX_AFTER_WORDS = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void']);

/** Tokens of TypeScript source: enough to tell code from strings, comments, regexes and template interpolations. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  /** Open template interpolations: the number of braces open inside each. */
  const templates: number[] = [];
  let i = 0;
  const push = (kind: Kind, start: number, end: number) =>
    tokens.push({ kind, text: source.slice(start, end), start, interpolation: templates.length });

  /** Reads template text from i (just after ` or }) to the closing ` or the next ${. */
  const templatePart = (start: number) => {
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i += 1;
        push('template', start, i);
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        push('template', start, i);
        templates.push(0);
        return;
      } else i += 1;
    }
    push('template', start, i);
  };

  while (i < source.length) {
    const c = source[i] as string;
    const start = i;
    if (/\s/.test(c)) i += 1;
    else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i += 1;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === '"' || c === "'") {
      i += 1;
      while (i < source.length && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i += 1;
      push('string', start, i);
    } else if (c === '`') {
      i += 1;
      templatePart(start);
    } else if (c === '}' && templates.length > 0 && templates.at(-1) === 0) {
      templates.pop();
      i += 1;
      templatePart(start);
    } else if (/[A-Za-z_$]/.test(c)) {
      while (i < source.length && /[\w$]/.test(source[i] as string)) i += 1;
      push('ident', start, i);
    } else if (/\d/.test(c)) {
      while (i < source.length && /[\w.]/.test(source[i] as string)) i += 1;
      push('number', start, i);
    } else if (c === '/' && regexMayStart(tokens.at(-1))) {
      i += 1;
      let inClass = false;
      while (i < source.length && source[i] !== '\n') {
        const d = source[i];
        if (d === '\\') i += 1;
        else if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        i += 1;
      }
      i += 1;
      while (i < source.length && /[a-z]/.test(source[i] as string)) i += 1;
      push('regex', start, i);
    } else {
      const three = source.slice(i, i + 3);
      const two = source.slice(i, i + 2);
      const text = PUNCT.includes(three) ? three : PUNCT.includes(two) || PUNCT_TWO.includes(two) ? two : c;
      i += text.length;
      if (templates.length > 0) {
        if (text === '{') templates[templates.length - 1] = (templates.at(-1) as number) + 1;
        if (text === '}') templates[templates.length - 1] = (templates.at(-1) as number) - 1;
      }
      push('punct', start, i);
    }
  }
  return tokens;
}

function regexMayStart(previous: Token | undefined): boolean {
  if (!previous) return true;
  if (previous.kind === 'ident') return REGEX_AFTER_WORDS.has(previous.text);
  if (previous.kind === 'number' || previous.kind === 'string' || previous.kind === 'regex') return false;
  if (previous.kind === 'template') return !previous.text.endsWith('`');
  return ![')', ']', '}'].includes(previous.text);
}

const CLOCK_AND_CHANCE: readonly (readonly string[])[] = [
  ['Date', '.', 'now'],
  ['Math', '.', 'random'],
  ['performance', '.', 'now'],
  ['process', '.', 'hrtime'],
  ['randomInt'],
];
const ANY_CHANCE: readonly (readonly string[])[] = [...CLOCK_AND_CHANCE, ['randomUUID'], ['randomBytes']];
const TEXT_METHODS = new Set(['toString', 'slice', 'substring', 'substr', 'padStart', 'padEnd', 'toFixed', 'concat']);
const PERSONAL_NAME = /phone|whatsapp|mobile|celular|telefono|document|cedula/i;

const matchesAt = (tokens: Token[], i: number, words: readonly string[]) =>
  words.every((word, k) => tokens[i + k]?.text === word) && tokens[i - 1]?.text !== '.';

/** Index just past the bracket that closes the one at `open`. */
function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const text = tokens[i]?.kind === 'punct' ? tokens[i]?.text : '';
    if (text === '(' || text === '[' || text === '{') depth += 1;
    if (text === ')' || text === ']' || text === '}') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return tokens.length;
}

/** [start, end) of the tokens inside new Date(…) calls: a date from the clock is a date, never text. */
function dateArguments(tokens: Token[]): [number, number][] {
  const spans: [number, number][] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]?.text === 'new' && tokens[i + 1]?.text === 'Date' && tokens[i + 2]?.text === '(') {
      spans.push([i + 2, closing(tokens, i + 2)]);
    }
  }
  return spans;
}

/** Where a value starting at `start` ends: past its call and any member or call chain after it. */
function extentOf(tokens: Token[], start: number, words: number): number {
  let i = start + words;
  for (;;) {
    const text = tokens[i]?.text;
    if (text === '(' || text === '[') i = closing(tokens, i);
    else if ((text === '.' || text === '?.') && tokens[i + 1]?.kind === 'ident') i += 2;
    else return i;
  }
}

/** Index of the bracket that opens the one closing at `close`. */
function opening(tokens: Token[], close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const text = tokens[i]?.kind === 'punct' ? tokens[i]?.text : '';
    if (text === ')' || text === ']' || text === '}') depth += 1;
    if (text === '(' || text === '[' || text === '{') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return 0;
}

/** Where the value that ends at `last` (inclusive) starts: back over calls, indexes and member names. */
function startOf(tokens: Token[], last: number): number {
  let k = last;
  for (;;) {
    const token = tokens[k];
    if (!token) return k + 1;
    if (token.kind === 'punct' && (token.text === ')' || token.text === ']')) {
      k = opening(tokens, k);
      const before = tokens[k - 1];
      if (before && (before.kind === 'ident' || before.text === ')' || before.text === ']')) k -= 1;
      else return k;
    } else if (token.kind === 'ident' || token.kind === 'number' || token.kind === 'string') {
      const before = tokens[k - 1]?.text;
      if (before === '.' || before === '?.') k -= 2;
      else return k;
    } else return k + 1;
  }
}

const isTextLiteral = (token: Token | undefined) => token?.kind === 'string' || token?.kind === 'template';

interface TextSpan {
  from: number;
  to: number;
  how: string;
}

/**
 * The spans of code whose value becomes text: String(…)'s argument, the receiver of .toString() and friends, and
 * an operand joined with + to a string or template literal.
 */
function textSpans(tokens: Token[]): TextSpan[] {
  const spans: TextSpan[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.text === 'String' && tokens[i + 1]?.text === '(' && tokens[i - 1]?.text !== '.') {
      spans.push({ from: i + 2, to: closing(tokens, i + 1), how: 'turned into text by String()' });
    }
    if ((token.text === '.' || token.text === '?.') && TEXT_METHODS.has(tokens[i + 1]?.text ?? '') && i > 0) {
      spans.push({ from: startOf(tokens, i - 1), to: i, how: `turned into text by .${tokens[i + 1]?.text}()` });
    }
    if (token.kind === 'punct' && token.text === '+') {
      if (isTextLiteral(tokens[i - 1]) && i + 1 < tokens.length) {
        spans.push({ from: i + 1, to: extentOf(tokens, i + 1, 1), how: 'joined to a string' });
      }
      if (isTextLiteral(tokens[i + 1]) && i > 0)
        spans.push({ from: startOf(tokens, i - 1), to: i, how: 'joined to a string' });
    }
  }
  return spans;
}

/** The end of a declaration's initializer: the ; at its own depth, or the bracket that closes around it. */
function initializerEnd(tokens: Token[], start: number): number {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    const text = tokens[i]?.kind === 'punct' ? tokens[i]?.text : '';
    if (text === '(' || text === '[' || text === '{') depth += 1;
    if (text === ')' || text === ']' || text === '}') {
      depth -= 1;
      if (depth < 0) return i;
    }
    if (depth === 0 && (text === ';' || text === ',')) return i;
  }
  return tokens.length;
}

interface Declaration {
  name: string;
  /** The token of the name. */
  at: number;
  /** [from, to): the initializer's tokens. */
  from: number;
  to: number;
  /** The end of the block the name is declared in. */
  scopeEnd: number;
}

/** `const x = …`, `let x: T = …`: each with its initializer and the block it is visible in. */
function declarationsOf(tokens: Token[]): Declaration[] {
  const found: Declaration[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const keyword = tokens[i]?.text;
    if (tokens[i]?.kind !== 'ident' || !(keyword === 'const' || keyword === 'let' || keyword === 'var')) continue;
    if (tokens[i + 1]?.kind !== 'ident') continue;
    let k = i + 2;
    if (tokens[k]?.text === ':') while (k < tokens.length && tokens[k]?.text !== '=' && tokens[k]?.text !== ';') k += 1;
    if (tokens[k]?.text !== '=') continue;
    found.push({
      name: tokens[i + 1]?.text ?? '',
      at: i + 1,
      from: k + 1,
      to: initializerEnd(tokens, k + 1),
      scopeEnd: enclosingBlockEnd(tokens, i),
    });
  }
  return found;
}

/** The brackets still open at token i, innermost first (looking back no further than `from`). */
function* openersAround(tokens: Token[], i: number, from = 0): Generator<number> {
  let depth = 0;
  for (let k = i - 1; k >= from; k--) {
    const text = tokens[k]?.kind === 'punct' ? tokens[k]?.text : '';
    if (text === ')' || text === ']' || text === '}') depth += 1;
    if (text === '(' || text === '[' || text === '{') {
      if (depth === 0) yield k;
      else depth -= 1;
    }
  }
}

/** The index of the } that closes the block around token i, or the end of the file. */
function enclosingBlockEnd(tokens: Token[], i: number): number {
  for (const k of openersAround(tokens, i)) return tokens[k]?.text === '{' ? closing(tokens, k) : tokens.length;
  return tokens.length;
}

/** Calls whose result is the same number or text (a value passed to any other call becomes something else). */
const PASSING_CALLS = new Set(['String', 'Number', 'Date', 'floor', 'trunc', 'round', 'ceil', 'abs', 'min', 'max']);

/** Whether token i sits in the arguments of a call that turns its value into another value (an id, a record). */
function inOpaqueCall(tokens: Token[], from: number, i: number): boolean {
  for (const k of openersAround(tokens, i, from)) {
    const callee = tokens[k - 1];
    if (tokens[k]?.text !== '(' || callee?.kind !== 'ident') continue;
    if (!PASSING_CALLS.has(callee.text) && !TEXT_METHODS.has(callee.text)) return true;
  }
  return false;
}

/** Whether token i is only in a failure message or a log line: assert…(…), console.…(…), new Error(…). */
function inDiagnostic(tokens: Token[], i: number): boolean {
  for (const k of openersAround(tokens, i)) {
    if (tokens[k]?.text !== '(') continue;
    const root = tokens[startOf(tokens, k - 1)]?.text;
    const newError = tokens[k - 1]?.text === 'Error' && tokens[k - 2]?.text === 'new';
    if (root === 'assert' || root === 'console' || newError) return true;
  }
  return false;
}

function lineOf(source: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/** Every place in one file where the clock or chance becomes test data. */
export function checkSource(file: string, source: string): Finding[] {
  const tokens = tokenize(source);
  const dates = dateArguments(tokens);
  const inDate = (i: number) => dates.some(([from, to]) => i >= from && i < to);
  const spans = textSpans(tokens);
  /** How the token at i is turned into text, or null when it is not. */
  const textUse = (i: number): string | null =>
    (tokens[i]?.interpolation ?? 0) > 0
      ? 'put into a template literal'
      : (spans.find((span) => i >= span.from && i < span.to)?.how ?? null);
  const found: Finding[] = [];
  const report = (i: number, message: string) =>
    found.push({ file, line: lineOf(source, tokens[i]?.start ?? 0), message });

  // Sources, then variables whose value comes from one (to a fixed point: `const b = a % 100` after `const a = …`).
  const sourceAt = new Map<number, string>();
  for (let i = 0; i < tokens.length; i++) {
    for (const words of CLOCK_AND_CHANCE) {
      if (matchesAt(tokens, i, words) && !inDate(i)) sourceAt.set(i, words.join(''));
    }
  }
  const declarations = declarationsOf(tokens);
  /** The declaration a name at i refers to: the innermost one of that name whose scope holds i. */
  const declarationAt = (name: string, i: number) => {
    let best: Declaration | undefined;
    for (const d of declarations)
      if (d.name === name && i > d.at && i < d.scopeEnd && (!best || d.at > best.at)) best = d;
    return best;
  };
  const tainted = new Map<Declaration, string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const d of declarations) {
      if (tainted.has(d)) continue;
      for (let i = d.from; i < d.to; i++) {
        const token = tokens[i] as Token;
        if (inOpaqueCall(tokens, d.from, i)) continue;
        const named =
          token.kind === 'ident' && tokens[i - 1]?.text !== '.' && !inDate(i)
            ? declarationAt(token.text, i)
            : undefined;
        const origin = sourceAt.get(i) ?? (named ? tainted.get(named) : undefined);
        if (origin !== undefined) {
          tainted.set(d, origin);
          changed = true;
          break;
        }
      }
    }
  }

  const declared = new Set(declarations.map((d) => d.at));
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const read = sourceAt.get(i);
    if (read !== undefined) {
      const use = textUse(i);
      if (use && !inDiagnostic(tokens, i)) report(i, `${read} ${use}: take the value from test/helpers/samples.ts`);
      continue;
    }
    if (token.kind !== 'ident' || declared.has(i) || tokens[i - 1]?.text === '.' || inDate(i)) continue;
    const named = declarationAt(token.text, i);
    const origin = named ? tainted.get(named) : undefined;
    if (origin === undefined) continue;
    // A key of an object literal ({ started: 1 }) is not the variable.
    if (tokens[i + 1]?.text === ':' && (tokens[i - 1]?.text === '{' || tokens[i - 1]?.text === ',')) continue;
    const use = textUse(i);
    if (use && !inDiagnostic(tokens, i))
      report(i, `${token.text} (from ${origin}) ${use}: take the value from test/helpers/samples.ts`);
  }

  // A phone or a document built from chance of any kind, randomUUID included.
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'ident' || !PERSONAL_NAME.test(token.text)) continue;
    const next = tokens[i + 1]?.text;
    const isBinding = next === ':' ? tokens[i - 1]?.text === '{' || tokens[i - 1]?.text === ',' : next === '=';
    if (!isBinding) continue;
    const end = initializerEnd(tokens, i + 2);
    for (let k = i + 2; k < end; k++) {
      const chance = ANY_CHANCE.find((words) => matchesAt(tokens, k, words));
      if (chance && !inDate(k)) {
        report(k, `${token.text} is built from ${chance.join('')}: take it from test/helpers/samples.ts`);
        break;
      }
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The file allowed to read the clock and chance for test data. */
export const SAMPLES_FILE = 'test/helpers/samples.ts';

/** Every test file and test helper: test/**.ts and src/**.test.ts, keyed by the path from the project root. */
export function readTestFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const add = (folder: string, keep: (name: string) => boolean) => {
    for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !keep(entry.name)) continue;
      const full = path.join(entry.parentPath, entry.name);
      files.set(path.relative(root, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  add('test', (name) => name.endsWith('.ts'));
  add('src', (name) => name.endsWith('.test.ts'));
  return files;
}

export function checkTestData(files: ReadonlyMap<string, string>): Finding[] {
  const found: Finding[] = [];
  for (const [file, source] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (file !== SAMPLES_FILE) found.push(...checkSource(file, source));
  }
  return found;
}
