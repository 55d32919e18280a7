// A page as data: the one view model both the HTML page and its Markdown twin are rendered from.
import type { Html } from '../html.ts';

export type Lang = 'es' | 'en';

/**
 * Text, a link (internal paths become twin links in Markdown; `twin: false` for an address that is no page, such as an
 * API operation's), bold text or code.
 */
export type Inline = string | { a: string; text: string; twin?: false } | { b: string } | { code: string };

export type Block =
  | { kind: 'heading'; level: 2 | 3; text: string; id?: string }
  | { kind: 'paragraph'; content: Inline[]; className?: string }
  | { kind: 'list'; items: Inline[][]; ordered?: boolean }
  /** Label -> value pairs: a record's fields. */
  | { kind: 'fields'; items: [string, Inline[]][] }
  | { kind: 'table'; caption?: string; head: string[]; rows: Inline[][][] }
  /** A group shown as a card; the twin shows its blocks under a heading. */
  | { kind: 'section'; title?: string; level?: 2 | 3; className?: string; id?: string; blocks: Block[] }
  /** Only in the HTML page: a map, a form. */
  | { kind: 'html'; html: Html }
  /** Only in the twin: how to do with the API what the page does with a form. */
  | { kind: 'markdown'; text: string }
  /** Only in the twin: a quiet line for programs (the same data as JSON), its links written as in any paragraph. */
  | { kind: 'twin'; content: Inline[] };

export interface SiteDocument {
  /** Path of the HTML page, query included when it matters (filters). */
  path: string;
  lang: Lang;
  title: string;
  /** One sentence: the meta description and the twin's blockquote. */
  summary: string;
  blocks: Block[];
  /** Extra assets of this page, served from /static. */
  scripts?: string[];
  styles?: string[];
  /** Which navigation entry is current. */
  nav?: string;
  /** Status code of the page (a form with errors is 400). */
  status?: number;
  /** The page shows a credential (a receipt code): no cache may keep it (Cache-Control: no-store). */
  noStore?: boolean;
}

export const text = (...content: Inline[]): Block => ({ kind: 'paragraph', content });
export const heading = (text: string, level: 2 | 3 = 2, id?: string): Block => ({ kind: 'heading', level, text, id });
export const link = (a: string, text: string): Inline => ({ a, text });
/** A link to an address of the service that is not a page (/healthz): the twin links it as it is. */
export const addressLink = (a: string, text: string): Inline => ({ a, text, twin: false });
export const bold = (b: string): Inline => ({ b });
export const code = (c: string): Inline => ({ code: c });

/** An internal link in the reader's language: English adds lang=en, last and before any #fragment. */
export function localized(href: string, lang: Lang): string {
  if (lang !== 'en') return href;
  const [path = '', hash] = href.split('#');
  const linked = `${path}${path.includes('?') ? '&' : '?'}lang=en`;
  return hash === undefined ? linked : `${linked}#${hash}`;
}

/** The same address without its lang parameter, wherever it stands in the query. */
export function withoutLang(href: string): string {
  const [path = '/', query = ''] = href.split('?');
  const params = new URLSearchParams(query);
  params.delete('lang');
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}
