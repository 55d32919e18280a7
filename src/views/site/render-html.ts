// SiteDocument -> the HTML page: auto-escaped, no inline script or style, small (weak connections).
import { type Html, html } from '../html.ts';
import { catalogue, strings } from './catalogue.ts';
import { type Block, type Inline, localized, type SiteDocument, withoutLang } from './document.ts';
import { MANAGE_PATH } from './pages/pledge-page.ts';
import { MY_ROUTE_PATH } from './pages/routes-page.ts';
import { twinPath } from './render-markdown.ts';
import { CODE_PATH, HELP_CHOICE_PATH, OPEN_DATA_PATH, PRIVACY_PATH } from './site-paths.ts';
import { layout } from './strings/layout.ts';

function inline(parts: Inline[]): Html {
  return html`${parts.map((part) => {
    if (typeof part === 'string') return part;
    if ('a' in part) {
      const external = /^https?:\/\//.test(part.a);
      return html`<a href="${part.a}"${external ? html` rel="noopener"` : ''}>${part.text}</a>`;
    }
    if ('b' in part) return html`<strong>${part.b}</strong>`;
    return html`<code>${part.code}</code>`;
  })}`;
}

function block(b: Block): Html {
  switch (b.kind) {
    case 'heading':
      return b.level === 2
        ? html`<h2${b.id ? html` id="${b.id}"` : ''}>${b.text}</h2>`
        : html`<h3${b.id ? html` id="${b.id}"` : ''}>${b.text}</h3>`;
    case 'paragraph': {
      // A paragraph that is only a link is a control, not prose: it gets a touch-sized target (sitio.css).
      const only = b.content.length === 1 && typeof b.content[0] === 'object' && 'a' in b.content[0];
      const className = [b.className, only ? 'enlace' : ''].filter(Boolean).join(' ');
      return html`<p${className ? html` class="${className}"` : ''}>${inline(b.content)}</p>`;
    }
    case 'list':
      return b.ordered
        ? html`<ol>${b.items.map((item) => html`<li>${inline(item)}</li>`)}</ol>`
        : html`<ul>${b.items.map((item) => html`<li>${inline(item)}</li>`)}</ul>`;
    case 'fields':
      return html`<dl class="fields">${b.items.map(([label, value]) => html`<div><dt>${label}</dt><dd>${inline(value)}</dd></div>`)}</dl>`;
    case 'table':
      // Focusable and named: a table wider than a phone scrolls by keyboard too.
      return html`<div class="scroll" tabindex="0" role="region" aria-label="${b.caption ?? b.head.join(', ')}"><table>${b.caption ? html`<caption>${b.caption}</caption>` : ''}<thead><tr>${b.head.map(
        (h) => html`<th scope="col">${h}</th>`,
      )}</tr></thead><tbody>${b.rows.map((row) => html`<tr>${row.map((c) => html`<td>${inline(c)}</td>`)}</tr>`)}</tbody></table></div>`;
    case 'section': {
      const title = b.title ? (b.level === 3 ? html`<h3>${b.title}</h3>` : html`<h2>${b.title}</h2>`) : '';
      return html`<section${b.className ? html` class="${b.className}"` : ''}${b.id ? html` id="${b.id}"` : ''}>${title}${b.blocks.map(block)}</section>`;
    }
    case 'html':
      return b.html;
    case 'markdown':
    case 'twin':
      return html``;
  }
}

type NavEntry = [key: string, href: string, label: string];

export function renderHtml(doc: SiteDocument, options: { tileUrl?: string } = {}): Html {
  const t = strings(catalogue.site, doc.lang);
  const l = strings(layout, doc.lang);
  // What people come for stays in sight on a phone; the rest waits behind "Más". Developers' material (API, MCP,
  // feeds, llms.txt) is one "Datos abiertos" link in the footer.
  const primary: NavEntry[] = [
    ['need', '/necesito-ayuda', t.navNeed],
    ['give', HELP_CHOICE_PATH, t.navGive],
  ];
  const rest: NavEntry[] = [
    ['home', '/', t.navHome],
    ['centres', '/centros', t.navCentres],
    ['routes', '/rutas', t.navRoutes],
    ['code', CODE_PATH, l.navCode],
    ['pledges', MANAGE_PATH, l.navPledges],
    ['my-route', MY_ROUTE_PATH, l.navMyRoute],
    ['privacy', PRIVACY_PATH, t.navPrivacy],
  ];
  const withLang = (href: string) => localized(href, doc.lang);
  const item = ([key, href, label]: NavEntry) =>
    html`<li><a href="${withLang(href)}"${doc.nav === key ? html` aria-current="page"` : ''}>${label}</a></li>`;
  const other = doc.lang === 'en' ? withoutLang(doc.path) : localized(withoutLang(doc.path), 'en');
  // Wide screens show every entry (.nav-resto); phones show "Más" (details, no script), whose list is the same.
  return html`<!doctype html>
<html lang="${doc.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${doc.title} · ${t.name}</title>
<meta name="description" content="${doc.summary}">
<link rel="alternate" type="text/markdown" href="${twinPath(doc.path)}">
<link rel="stylesheet" href="/static/sitio.css">
${(doc.styles ?? []).map((href) => html`<link rel="stylesheet" href="${href}">`)}
${(doc.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`)}
${options.tileUrl ? html`<meta name="ayuda-tiles" content="${options.tileUrl}">` : ''}
</head>
<body>
<a class="skip" href="#contenido">${t.skip}</a>
<header class="top"><a class="brand" href="${withLang('/')}">${t.name}</a>
<nav aria-label="${t.name}"><ul class="nav-principal">${primary.map(item)}</ul><ul class="nav-resto">${rest.map(item)}</ul><details class="nav-mas"><summary>${l.navMore}</summary><ul>${rest.map(item)}</ul></details></nav></header>
<main id="contenido">
<h1>${doc.title}</h1>
${doc.blocks.map(block)}
</main>
<footer><p>${t.tagline}</p>
<p class="pie"><a href="${withLang(OPEN_DATA_PATH)}">${l.openData}</a> · <a href="${withLang(CODE_PATH)}">${l.navCode}</a> · <a href="${withLang(PRIVACY_PATH)}">${l.footerPrivacy}</a> · <a href="${other}" hreflang="${doc.lang === 'en' ? 'es' : 'en'}">${t.otherLang}</a></p></footer>
</body>
</html>`;
}
