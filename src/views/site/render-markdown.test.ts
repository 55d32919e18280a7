import assert from 'node:assert/strict';
import { test } from 'node:test';
import { html } from '../html.ts';
import type { SiteDocument } from './document.ts';
import { escapeMarkdown, renderMarkdown, twinPath } from './render-markdown.ts';

test('internal links point at twins; API, assets and other sites stay as they are', () => {
  assert.equal(twinPath('/'), '/index.md');
  assert.equal(twinPath('/centros?emergencia=x'), '/centros.md?emergencia=x');
  assert.equal(twinPath('/ayudas/abc#historia'), '/ayudas/abc.md#historia');
  assert.equal(twinPath('/api/public/v1/help?view=list'), '/api/public/v1/help?view=list');
  assert.equal(twinPath('/llms.txt'), '/llms.txt');
  assert.equal(twinPath('https://wa.me/573001234567'), 'https://wa.me/573001234567');
  assert.equal(twinPath('//evil.example/x'), '//evil.example/x');
});

test('text cannot become a link, an image, HTML, a heading or a list', () => {
  assert.equal(escapeMarkdown('[x](javascript:alert(1))'), '\\[x\\](javascript:alert(1))');
  assert.equal(escapeMarkdown('![x](http://evil/)'), '!\\[x\\](http:\\/\\/evil/)');
  assert.equal(escapeMarkdown('<script>alert(1)</script>'), '\\<script\\>alert(1)\\</script\\>');
  assert.equal(escapeMarkdown('# Título falso'), '\\# Título falso');
  assert.equal(escapeMarkdown('- item'), '\\- item');
  assert.equal(escapeMarkdown('1. uno'), '\\1. uno');
  assert.equal(escapeMarkdown('línea\n\n# otra'), 'línea # otra', 'new lines cannot start a heading');
  assert.equal(escapeMarkdown('Calle 8 # 5-21'), 'Calle 8 # 5-21', 'a # inside a line is plain text');
  assert.equal(escapeMarkdown('**negrita** y `código` | tabla'), '\\*\\*negrita\\*\\* y \\`código\\` \\| tabla');
});

test('a document renders to one Markdown page: title, summary, blocks, twin links; HTML-only blocks left out', () => {
  const doc: SiteDocument = {
    path: '/centros',
    lang: 'es',
    title: 'Centros',
    summary: 'Qué tiene cada centro.',
    blocks: [
      { kind: 'heading', level: 2, text: 'Coliseo' },
      { kind: 'paragraph', content: ['Ver ', { a: '/ayudas/1', text: 'el registro' }, ' o ', { b: 'nada' }] },
      { kind: 'paragraph', content: ['# no es título ', { b: 'Lugar:' }, ' Calle 8'] },
      { kind: 'fields', items: [['Agua', ['120 bidones']]] },
      { kind: 'table', head: ['Qué', 'Cuánto'], rows: [[['a|b'], ['2']]] },
      { kind: 'html', html: html`<form>solo en la página</form>` },
      { kind: 'markdown', text: '```sh\ncurl https://x\n```' },
    ],
  };
  const md = renderMarkdown(doc, 'https://ayuda.example', 'https://ayuda.example/centros');
  assert.match(md, /^# Centros\n\n> Qué tiene cada centro\.\n\n## Coliseo\n\n/);
  assert.ok(
    md.includes('Ver [el registro](https://ayuda.example/ayudas/1.md) o **nada**'),
    'spaces between parts stay',
  );
  assert.ok(md.includes('\\# no es título **Lugar:** Calle 8'));
  assert.ok(md.includes('- **Agua:** 120 bidones'));
  assert.ok(md.includes('| a\\|b | 2 |'), md);
  assert.ok(!md.includes('\\\\|'), 'a pipe is escaped once');
  assert.ok(!md.includes('solo en la página'));
  assert.ok(md.includes('```sh\ncurl https://x\n```'));
  assert.ok(md.includes('https://ayuda.example/centros'));
});

test('a bare address typed by a person is defused for readers that autolink (GitHub-style), and still reads the same', () => {
  const typed = 'Pague en https://dona-ya.example/x o en WWW.dona-ya.example hoy';
  const escaped = escapeMarkdown(typed);
  assert.doesNotMatch(escaped, /https:\/\//);
  assert.doesNotMatch(escaped, /(^|[^\\])www\./i);
  // CommonMark drops each escaping backslash: the reader sees what the person typed.
  assert.equal(escaped.replace(/\\(.)/g, '$1'), typed);
});
