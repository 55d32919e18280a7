// Entry points read through queries/ and write through commands/: no file under src/http, src/views, src/mcp or
// src/cli imports a value from src/repositories/. Type-only imports are allowed (they vanish at run time).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');
const repositories = path.join(root, 'src', 'repositories') + path.sep;
const entryPoints = ['src/http', 'src/views', 'src/mcp', 'src/cli'];

interface ImportRef {
  specifier: string;
  typeOnly: boolean;
}

// `import`/`export` at the start of a line, with its clause, up to `from '...'`.
const fromStatement =
  /^[ \t]*(?:import|export)\s+(type\s+)?([\w$]+\s*,\s*)?(\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)\s+from\s+['"]([^'"]+)['"]/gm;
const sideEffect = /^[ \t]*import\s+['"]([^'"]+)['"]/gm;
const dynamic = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module a source file loads or names, and whether only types come from it. */
function importsOf(source: string): ImportRef[] {
  const refs: ImportRef[] = [];
  for (const [, typeKeyword, defaultName, clause = '', specifier = ''] of source.matchAll(fromStatement)) {
    let typeOnly = typeKeyword !== undefined;
    if (!typeOnly && defaultName === undefined && clause.startsWith('{')) {
      const names = clause
        .slice(1, -1)
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      typeOnly = names.length > 0 && names.every((name) => /^type\s/.test(name));
    }
    refs.push({ specifier, typeOnly });
  }
  for (const [, specifier = ''] of source.matchAll(sideEffect)) refs.push({ specifier, typeOnly: false });
  for (const [, specifier = ''] of source.matchAll(dynamic)) refs.push({ specifier, typeOnly: false });
  return refs;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The repository modules a file imports values from. */
function repositoryValueImports(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  return importsOf(source)
    .filter((ref) => !ref.typeOnly && ref.specifier.startsWith('.'))
    .filter((ref) => path.resolve(path.dirname(path.join(root, file)), ref.specifier).startsWith(repositories))
    .map((ref) => ref.specifier);
}

describe('entry points read through queries/', () => {
  test('no file under src/http, src/views, src/mcp or src/cli imports a value from src/repositories/', () => {
    const files = entryPoints.flatMap(sourceFiles);
    assert.ok(files.length > 50, `found ${files.length} files`);
    const offending = files.flatMap((file) =>
      repositoryValueImports(file).map((specifier) => `${file} -> ${specifier}`),
    );
    assert.deepEqual(offending, []);
  });

  test('the scanner tells type-only imports from value imports, across lines and forms', () => {
    const source = [
      "import type { A } from '../repositories/a.ts';",
      "import { type B, type C } from '../repositories/b.ts';",
      "import {\n  type D,\n  findE,\n} from '../repositories/e.ts';",
      "import f from '../repositories/f.ts';",
      "import g, { type G } from '../repositories/g.ts';",
      "import * as h from '../repositories/h.ts';",
      "export { i } from '../repositories/i.ts';",
      "export type { J } from '../repositories/j.ts';",
      "import '../repositories/k.ts';",
      "const l = await import('../repositories/l.ts');",
      "// a comment that says from '../repositories/m.ts' is no import",
    ].join('\n');
    assert.deepEqual(
      importsOf(source).map((ref) => `${ref.specifier.slice(-4)}:${ref.typeOnly ? 'type' : 'value'}`),
      [
        'a.ts:type',
        'b.ts:type',
        'e.ts:value',
        'f.ts:value',
        'g.ts:value',
        'h.ts:value',
        'i.ts:value',
        'j.ts:type',
        'k.ts:value',
        'l.ts:value',
      ],
    );
  });
});
