// The MCP App page that draws buscar_ayudas results on a map with the list beside it. Hosts run it in a sandbox
// whose CSP allows nothing but the tile server, so Leaflet and the ext-apps client are inlined, never fetched.
import { readFileSync } from 'node:fs';

function packageText(specifier: string): string {
  return readFileSync(new URL(import.meta.resolve(specifier)), 'utf8');
}

/** Code about to sit inside a <script> or <style> element must not be able to end it early. */
function assertInlinable(code: string, element: 'script' | 'style', what: string): string {
  const closer = element === 'script' ? /<\/script|<!--|<script/i : /<\/style/i;
  if (closer.test(code)) throw new Error(`${what} cannot be inlined in a <${element}> element`);
  return code;
}

/**
 * The ext-apps browser bundle is an ES module ending in one `export{local as Name,...}`. A host's CSP may refuse
 * blob: and module imports, so the bundle runs as a plain script instead: wrapped in a function (modules are
 * strict, so the wrapper is too) that returns what the module exported, under the global `McpApps`.
 */
function moduleAsScript(source: string, globalName: string): string {
  const clause = /export\s*\{([^{}]*)\}\s*;?\s*$/.exec(source);
  if (!clause) throw new Error('the ext-apps bundle no longer ends in a single export clause');
  const names = clause[1]!
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [local, exported = local] = entry.split(/\s+as\s+/);
      return `${JSON.stringify(exported)}:${local}`;
    });
  if (!names.some((name) => name.startsWith('"App":'))) throw new Error('the ext-apps bundle does not export App');
  return `const ${globalName}=(()=>{'use strict';\n${source.slice(0, clause.index)}\nreturn{${names.join(',')}};})();`;
}

/** JSON that can sit in a <script> element: nothing in it can close the element or start markup. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#fff;padding:12px}
h1{font-size:16px;margin:0 0 4px}
.estado{margin:0 0 8px;color:#47525d}
.aviso{margin:0 0 8px;font-size:13px;color:#7a4b00}
.panel{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:12px}
#mapa{height:360px;border-radius:6px;background:#e6ecf0}
.lista{list-style:none;margin:0;padding:0;max-height:360px;overflow:auto}
.lista li{border-bottom:1px solid #dce2e7}
.entrada{display:block;width:100%;text-align:left;font:inherit;color:inherit;background:none;border:0;padding:8px 4px}
button.entrada{cursor:pointer}
button.entrada:hover,button.entrada:focus-visible{background:#edf3f8}
.titulo{display:block;font-weight:600;overflow-wrap:anywhere}
.detalle,.lugar,.sin-mapa{display:block;font-size:13px;color:#47525d;overflow-wrap:anywhere}
.sin-mapa{font-style:italic}
.punto span{display:block;width:18px;height:18px;margin:5px;border-radius:50%;border:2px solid #fff;box-shadow:0 0 0 1px #0008}
.punto-request span{background:#c62828}
.punto-offer span{background:#1565c0}
.leaflet-popup-content .enlace{display:inline-block;margin-top:4px}
@media (max-width:599px){.panel{grid-template-columns:1fr}#mapa{height:260px}.lista{max-height:none}}
`;

// Runs in the sandbox. Every value from the tool result goes into the page through textContent or a DOM
// property: titles and places are text people typed, never markup.
const PAGE_SCRIPT = `(() => {
  'use strict';
  const settings = JSON.parse(document.getElementById('ajustes').textContent);
  const TYPES = { request: 'Solicitud', offer: 'Ofrecimiento' };
  const URGENCIES = { urgent: 'Urgente', needed: 'Necesaria', stable: 'Estable' };
  const ATTRIBUTION = '<a href="https://www.openstreetmap.org/copyright">\\u00a9 colaboradores de OpenStreetMap</a>';
  const state = document.getElementById('estado');
  const notice = document.getElementById('aviso');
  const list = document.getElementById('lista');
  const box = document.getElementById('mapa');

  const map = L.map(box, { scrollWheelZoom: false }).setView([4.6, -74.1], 5);
  map.attributionControl.setPrefix(false);
  // Tiles are a backdrop: when they cannot load, the markers and the list stay and a note says why.
  const tiles = L.tileLayer(settings.tileUrl, { maxZoom: 19, attribution: ATTRIBUTION });
  tiles.once('tileerror', () => { notice.hidden = false; });
  tiles.addTo(map);
  const markers = L.featureGroup().addTo(map);
  new ResizeObserver(() => map.invalidateSize()).observe(box);

  const app = new McpApps.App({ name: 'Mapa de ayudas', version: '1.0.0' }, {});

  function text(tag, className, value) {
    const element = document.createElement(tag);
    element.className = className;
    element.textContent = value == null ? '' : String(value);
    return element;
  }

  function point(item) {
    const where = item.location;
    if (!where || typeof where.latitude !== 'number' || typeof where.longitude !== 'number') return null;
    if (Math.abs(where.latitude) > 90 || Math.abs(where.longitude) > 180) return null;
    return [where.latitude, where.longitude];
  }

  function details(item) {
    return [
      TYPES[item.type],
      item.categoryLabel || item.category,
      item.type === 'request' ? URGENCIES[item.urgency] : '',
    ].filter((part) => typeof part === 'string' && part).join(' \\u00b7 ');
  }

  function place(item) {
    const where = item.location || {};
    return [where.neighborhood, where.municipality].filter((part) => typeof part === 'string' && part).join(', ');
  }

  function webUrl(value) {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
    } catch {
      return null;
    }
  }

  function popup(item) {
    const content = document.createElement('div');
    content.append(text('strong', 'titulo', item.title), text('span', 'detalle', details(item)));
    const where = place(item);
    if (where) content.append(text('span', 'lugar', where));
    if (item.location.precision === 'approximate') {
      content.append(text('span', 'detalle', 'Ubicaci\\u00f3n aproximada (unos 300 m)'));
    }
    const url = webUrl(item.publicUrl);
    if (url) {
      const link = text('a', 'enlace', 'Ver en el sitio');
      link.href = url;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      content.append(link);
    }
    return content;
  }

  function resultData(result) {
    if (result.structuredContent && Array.isArray(result.structuredContent.items)) return result.structuredContent;
    const block = Array.isArray(result.content) ? result.content.find((c) => c && c.type === 'text') : null;
    try {
      const data = block ? JSON.parse(block.text) : null;
      return data && Array.isArray(data.items) ? data : null;
    } catch {
      return null;
    }
  }

  function render(result) {
    list.replaceChildren();
    markers.clearLayers();
    const data = result && !result.isError ? resultData(result) : null;
    if (!data) {
      state.textContent = 'No se pudo hacer la b\\u00fasqueda.';
      return;
    }
    const items = data.items.filter((item) => item && typeof item === 'object');
    const total = typeof data.total === 'number' ? data.total : items.length;
    state.textContent =
      items.length === 0
        ? 'No hay resultados'
        : total > items.length
          ? 'Se muestran ' + items.length + ' de ' + total + ' resultados.'
          : items.length + (items.length === 1 ? ' resultado.' : ' resultados.');
    for (const item of items) {
      const at = point(item);
      const entry = document.createElement(at ? 'button' : 'div');
      entry.className = 'entrada';
      entry.append(text('span', 'titulo', item.title), text('span', 'detalle', details(item)));
      const where = place(item);
      if (where) entry.append(text('span', 'lugar', where));
      if (at) {
        entry.type = 'button';
        const marker = L.marker(at, {
          icon: L.divIcon({
            className: item.type === 'offer' ? 'punto punto-offer' : 'punto punto-request',
            html: '<span></span>',
            iconSize: [28, 28],
          }),
          title: item.title == null ? '' : String(item.title),
        });
        marker.bindPopup(() => popup(item), { minWidth: 180 });
        markers.addLayer(marker);
        entry.addEventListener('click', () => {
          box.scrollIntoView({ block: 'nearest' });
          marker.openPopup();
        });
      } else {
        entry.append(text('span', 'sin-mapa', 'Sin ubicaci\\u00f3n en el mapa'));
      }
      const row = document.createElement('li');
      row.append(entry);
      list.append(row);
    }
    const placed = markers.getLayers();
    if (placed.length > 1) map.fitBounds(markers.getBounds(), { padding: [24, 24], maxZoom: 15 });
    else if (placed.length === 1) map.setView(placed[0].getLatLng(), 14);
  }

  // A sandboxed frame may not open windows itself: links go through the host when it offers to open them.
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const url = link ? webUrl(link.href) : null;
    if (!url || !app.getHostCapabilities()?.openLinks) return;
    event.preventDefault();
    app.openLink({ url }).catch(() => {});
  });

  app.ontoolresult = render;
  app.connect().catch(() => {
    state.textContent = 'No se pudo conectar con la aplicaci\\u00f3n.';
  });
})();`;

interface Vendor {
  leafletCss: string;
  leafletJs: string;
  appClient: string;
}

let vendor: Vendor | null = null;
const pages = new Map<string, string>();

function vendorCode(): Vendor {
  vendor ??= {
    leafletCss: assertInlinable(packageText('leaflet/dist/leaflet.css'), 'style', 'leaflet.css'),
    leafletJs: assertInlinable(packageText('leaflet/dist/leaflet.js'), 'script', 'leaflet.js'),
    appClient: assertInlinable(
      moduleAsScript(packageText('@modelcontextprotocol/ext-apps/app-with-deps'), 'McpApps'),
      'script',
      'the ext-apps App bundle',
    ),
  };
  return vendor;
}

/** The whole page, built once per tile template (the service has one). */
export function mapAppHtml(tileUrl: string): string {
  const cached = pages.get(tileUrl);
  if (cached) return cached;
  const { leafletCss, leafletJs, appClient } = vendorCode();
  const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mapa de ayudas</title>
<style>${leafletCss}</style>
<style>${STYLE}</style>
</head>
<body>
<h1>Resultados de la búsqueda</h1>
<p id="estado" class="estado" role="status">Esperando resultados…</p>
<p id="aviso" class="aviso" hidden>No se pudieron cargar las imágenes del mapa; los puntos siguen en su lugar.</p>
<div class="panel">
<div id="mapa" role="region" aria-label="Mapa de resultados"></div>
<ol id="lista" class="lista" aria-label="Resultados"></ol>
</div>
<script type="application/json" id="ajustes">${scriptJson({ tileUrl })}</script>
<script>${leafletJs}</script>
<script>${appClient}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
  pages.set(tileUrl, html);
  return html;
}
