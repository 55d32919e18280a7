// SiteDocument -> the Markdown twin. Text is escaped so nothing a person typed becomes a link, an image or HTML.
import type { Block, Inline, SiteDocument } from './document.ts';

/**
 * Inside a line: one space for any run of white space, and the characters that start Markdown syntax escaped. A bare
 * address ("https://…", "www.…") is defused too: readers with GitHub's autolinks would make it a link a scammer typed.
 */
function escapeInline(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`)
    .replace(/:\/\//g, ':\\/\\/')
    .replace(/\b(www)\./gi, '$1\\.');
}

/** A whole line: also what would make it a heading, a list item or a numbered item. */
function escapeLineStart(line: string): string {
  return line.replace(/^(#|[-+=](?=\s|$)|\d+\.(?=\s|$))/, '\\$1');
}

/** Text that stands alone on its line (a heading, a label, a cell). */
export function escapeMarkdown(value: string): string {
  return escapeLineStart(escapeInline(value).trim());
}

/** Internal page links point at their twins: /x -> /x.md, / -> /index.md, the query kept. */
export function twinPath(href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const [pathAndQuery = '', hash = ''] = href.split('#');
  const [path = '/', query] = pathAndQuery.split('?');
  if (path.startsWith('/api/') || path.startsWith('/.well-known/') || path === '/mcp' || path.includes('.')) {
    return href;
  }
  const twin = path === '/' ? '/index.md' : `${path.replace(/\/$/, '')}.md`;
  return `${twin}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
}

function url(href: string, base: string, page = true): string {
  const target = page ? twinPath(href) : href;
  const absolute = target.startsWith('/') ? `${base}${target}` : target;
  return absolute.replace(/[()\s<>]/g, (c) => encodeURIComponent(c));
}

/** Parts keep the spaces between them; the line as a whole is trimmed and its start made safe. */
function inline(parts: Inline[], base: string): string {
  const line = parts
    .map((part) => {
      if (typeof part === 'string') return escapeInline(part);
      if ('a' in part) return `[${escapeMarkdown(part.text)}](${url(part.a, base, part.twin !== false)})`;
      if ('b' in part) return `**${escapeMarkdown(part.b)}**`;
      return `\`${part.code.replace(/`/g, "'").replace(/\s+/g, ' ')}\``;
    })
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
  return escapeLineStart(line);
}

function cell(parts: Inline[], base: string): string {
  // Text already has its pipes escaped; a pipe left in a link address would still split the cell.
  return inline(parts, base).replace(/(?<!\\)\|/g, '\\|') || ' ';
}

function block(b: Block, base: string, depth: number): string[] {
  switch (b.kind) {
    case 'heading':
      return [`${'#'.repeat(Math.min(6, b.level + depth))} ${escapeMarkdown(b.text)}`];
    case 'paragraph':
    case 'twin':
      return [inline(b.content, base)];
    case 'list':
      return [b.items.map((item, i) => `${b.ordered ? `${i + 1}.` : '-'} ${inline(item, base)}`).join('\n')];
    case 'fields':
      return [
        b.items.map(([label, value]) => `- **${escapeMarkdown(label)}:** ${inline(value, base) || '—'}`).join('\n'),
      ];
    case 'table': {
      const lines = [
        `| ${b.head.map((h) => escapeMarkdown(h)).join(' | ')} |`,
        `| ${b.head.map(() => '---').join(' | ')} |`,
        ...b.rows.map((row) => `| ${row.map((c) => cell(c, base)).join(' | ')} |`),
      ];
      return b.caption ? [`**${escapeMarkdown(b.caption)}**`, lines.join('\n')] : [lines.join('\n')];
    }
    case 'section': {
      const title = b.title ? [`${'#'.repeat(Math.min(6, (b.level ?? 2) + depth))} ${escapeMarkdown(b.title)}`] : [];
      return [...title, ...b.blocks.flatMap((inner) => block(inner, base, depth))];
    }
    case 'html':
      return [];
    case 'markdown':
      return [b.text.trim()];
  }
}

export function renderMarkdown(doc: SiteDocument, baseUrl: string, htmlUrl: string): string {
  const parts = [
    `# ${escapeMarkdown(doc.title)}`,
    `> ${escapeMarkdown(doc.summary)}`,
    ...doc.blocks.flatMap((b) => block(b, baseUrl, 0)),
    `---\nVersión HTML: ${htmlUrl} · Catálogo para modelos: ${baseUrl}/llms.txt`,
  ];
  return `${parts.filter((p) => p !== '').join('\n\n')}\n`;
}
