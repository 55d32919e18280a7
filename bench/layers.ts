// The import-graph rule of src/: every import points down the layer order, and no two folders or files import
// each other in a circle. Used by bench/lint-layers.ts (npm run lint:layers) and test/layers.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Lowest first; names on one line share a layer and may import each other (but not in a circle). */
export const LAYERS: readonly (readonly string[])[] = [
  ['domain', 'errors', 'config'],
  ['schemas', 'auth', 'channels'],
  ['db'],
  ['repositories'],
  ['search', 'presenters'],
  ['queries'],
  ['commands'],
  ['contract'],
  ['views'],
  ['mcp', 'http'],
  ['demo'],
  ['server', 'cli', 'context'],
];

/** The one upward import allowed: the TYPE of the service context, which every layer is handed. */
const TYPE_ONLY_ANYWHERE = new Set(['context']);

export interface ImportEdge {
  from: string;
  to: string;
  line: number;
  typeOnly: boolean;
}

export interface Violation {
  kind: 'upward' | 'folder-cycle' | 'file-cycle';
  message: string;
}

const STATIC = /^[ \t]*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const BARE = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** A clause such as `{ type A, type B }` imports nothing at run time. */
function clauseIsTypeOnly(clause: string): boolean {
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces?.[1]) return false;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** Relative imports of one file, resolved to paths relative to the source root (`http/app.ts`). */
export function importsOf(file: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const add = (specifier: string, index: number, typeOnly: boolean) => {
    if (!specifier.startsWith('.')) return;
    const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    edges.push({ from: file, to, line: lineOf(text, index), typeOnly });
  };
  for (const match of text.matchAll(STATIC)) {
    const typeOnly = Boolean(match[2]) || clauseIsTypeOnly(match[3] ?? '');
    add(match[4] ?? '', match.index, typeOnly);
  }
  for (const match of text.matchAll(BARE)) add(match[1] ?? '', match.index, false);
  for (const match of text.matchAll(DYNAMIC)) {
    // `typeof import('...')` names a type only.
    const typeOnly = /typeof\s*$/.test(text.slice(Math.max(0, match.index - 12), match.index));
    add(match[1] ?? '', match.index, typeOnly);
  }
  return edges;
}

/** `http/app.ts` -> `http`; `config.ts` -> `config`. */
export function unitOf(file: string): string {
  const first = file.split('/')[0] ?? file;
  return file.includes('/') ? first : first.replace(/\.ts$/, '');
}

export function layerOf(unit: string): number {
  return LAYERS.findIndex((names) => names.includes(unit));
}

/** Every cycle found by a depth-first walk, each reported once as `a -> b -> a`. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const key = [...cycle.slice(0, -1)].sort().join('|');
        if (!seen.has(key)) {
          seen.add(key);
          found.push(cycle);
        }
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

/** Checks a tree given as `relative path -> source text`; returns every broken rule. */
export function checkLayers(files: ReadonlyMap<string, string>): Violation[] {
  const violations: Violation[] = [];
  const fileGraph = new Map<string, Set<string>>();
  const unitGraph = new Map<string, Set<string>>();
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const fromUnit = unitOf(file);
    const fromLayer = layerOf(fromUnit);
    if (fromLayer < 0) violations.push({ kind: 'upward', message: `${file}: folder "${fromUnit}" has no layer` });
    for (const edge of importsOf(file, text)) {
      if (edge.to.startsWith('..')) continue;
      const toUnit = unitOf(edge.to);
      const toLayer = layerOf(toUnit);
      if (toLayer > fromLayer && !(edge.typeOnly && TYPE_ONLY_ANYWHERE.has(toUnit))) {
        violations.push({
          kind: 'upward',
          message: `src/${file}:${edge.line}: ${fromUnit} imports ${edge.typeOnly ? 'type from ' : ''}src/${edge.to} (${toUnit}, a higher layer)`,
        });
      }
      // Every layer may name the context's type, so that import alone does not close a circle.
      if (edge.typeOnly && TYPE_ONLY_ANYWHERE.has(toUnit)) continue;
      if (!fileGraph.has(file)) fileGraph.set(file, new Set());
      fileGraph.get(file)?.add(edge.to);
      if (toUnit !== fromUnit) {
        if (!unitGraph.has(fromUnit)) unitGraph.set(fromUnit, new Set());
        unitGraph.get(fromUnit)?.add(toUnit);
      }
    }
  }
  for (const cycle of cycles(unitGraph)) {
    violations.push({ kind: 'folder-cycle', message: `folders import each other: ${cycle.join(' -> ')}` });
  }
  for (const cycle of cycles(fileGraph)) {
    violations.push({
      kind: 'file-cycle',
      message: `files import each other: ${cycle.map((f) => `src/${f}`).join(' -> ')}`,
    });
  }
  return violations;
}

/** Every non-test `.ts` file under `root`, keyed by its path relative to `root`. */
export function readTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
  }
  return files;
}

export const SOURCE_ROOT = path.resolve(import.meta.dirname, '..', 'src');
