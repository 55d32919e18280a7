// The import-graph rule of src/ (bench/layers.ts): imports point down the layer order, with no circles.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkLayers, readTree, SOURCE_ROOT } from '../bench/layers.ts';

describe('layers', () => {
  test('src/ has no upward import and no circle between folders or files', () => {
    const files = readTree(SOURCE_ROOT);
    assert.ok(files.size > 100, `read ${files.size} files`);
    assert.deepEqual(
      checkLayers(files).map((violation) => violation.message),
      [],
    );
  });

  test('an upward value import is reported with its file and line', () => {
    const violations = checkLayers(
      new Map([
        ['domain/a.ts', "// a\nimport { b } from '../queries/b.ts';\n"],
        ['queries/b.ts', 'export const b = 1;\n'],
      ]),
    );
    assert.deepEqual(violations, [
      { kind: 'upward', message: 'src/domain/a.ts:2: domain imports src/queries/b.ts (queries, a higher layer)' },
    ]);
  });

  test('an upward type-only import is reported, except the context type', () => {
    const violations = checkLayers(
      new Map([
        ['queries/a.ts', "import type { C } from '../context.ts';\nimport { type H } from '../http/h.ts';\n"],
        ['http/h.ts', 'export type H = number;\n'],
        ['context.ts', 'export type C = number;\n'],
      ]),
    );
    assert.deepEqual(
      violations.map((violation) => violation.message),
      ['src/queries/a.ts:2: queries imports type from src/http/h.ts (http, a higher layer)'],
    );
  });

  test('a circle between two folders of one layer and between two files, even through a type, is reported', () => {
    const violations = checkLayers(
      new Map([
        ['http/app.ts', "import { tool } from '../mcp/tool.ts';\nexport const app = 1;\n"],
        ['mcp/tool.ts', "import { app } from '../http/app.ts';\nexport const tool = 1;\n"],
        ['queries/x.ts', "export { y } from './y.ts';\n"],
        ['queries/y.ts', "const x = await import('./x.ts');\nexport const y = x;\n"],
        ['mcp/tools.ts', "import { report } from './report.ts';\nexport const tools = [report];\n"],
        ['mcp/report.ts', "import type { Tool } from './tools.ts';\nexport const report: Tool = 1;\n"],
      ]),
    );
    assert.deepEqual(
      violations.map((violation) => `${violation.kind}: ${violation.message}`),
      [
        'folder-cycle: folders import each other: http -> mcp -> http',
        'file-cycle: files import each other: src/http/app.ts -> src/mcp/tool.ts -> src/http/app.ts',
        'file-cycle: files import each other: src/mcp/report.ts -> src/mcp/tools.ts -> src/mcp/report.ts',
        'file-cycle: files import each other: src/queries/x.ts -> src/queries/y.ts -> src/queries/x.ts',
      ],
    );
  });
});
