// /desarrolladores: how to use the API, the MCP server, the aid-places feed, the HXL exports and the twins, with examples that run
// as copied (this instance's address, a real emergency) and limits read from the running configuration.

import { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS, CORS_METHODS } from '../../../contract/cors-policy.ts';
import { MODERN_PROTOCOL_VERSION } from '../../../contract/mcp-protocol.ts';
import { EXPORT_CSV_PATH, EXPORT_JSON_PATH } from '../../../contract/routes/exports.ts';
import { bounds } from '../../../domain/bounds.ts';
import { type ErrorCode, errorMessage } from '../../../errors.ts';
import { EXCEL_CSV } from '../../../schemas/help-query.ts';
import { HXL_LICENSE, hxlColumns } from '../../../schemas/hxl.ts';
import { catalogue, strings } from '../catalogue.ts';
import {
  addressLink,
  type Block,
  code,
  heading,
  type Inline,
  type Lang,
  link,
  type SiteDocument,
  text,
} from '../document.ts';
import { plural } from '../plural.ts';
import { codeBlock, fill, pagePath, withLang } from './info-common.ts';
import { CHANGES_PATH } from './open-data-page.ts';
import { errorCodesByStatus, type OpenApiDoc } from './openapi-shape.ts';

type Strings = ReturnType<typeof developersStrings>;
const developersStrings = (lang: Lang) => strings(catalogue.developers, lang);

export interface ToolSummary {
  name: string;
  title: string;
  readOnly: boolean;
}

export interface DevelopersInput {
  lang: Lang;
  baseUrl: string;
  limits: { submissionsPerMinute: number; readsPerMinute: number; bodyLimitBytes: number };
  openapi: OpenApiDoc;
  tools: ToolSummary[];
  mcpProtocolVersion: string;
  /** An active emergency, so the examples answer as copied; a placeholder when there is none. */
  exampleSlug?: string;
  /** Days the change feed keeps its history (RETENTION_CHANGES_DAYS). */
  changesDays: number;
}

interface Endpoint {
  method: string;
  path: string;
  /** An endpoint's description: one of the plain strings, never a counted one. */
  purpose: `ep${string}` & keyof Strings;
  example: string;
}

function endpoints(base: string, slug: string): Endpoint[] {
  const help = `${base}/api/public/v1/help`;
  return [
    { method: 'GET', path: '/api/public/v1/help', purpose: 'epDiscovery', example: `curl '${help}'` },
    {
      method: 'GET',
      path: '/api/public/v1/help?view=panorama',
      purpose: 'epPanorama',
      example: `curl '${help}?view=panorama'`,
    },
    {
      method: 'GET',
      path: '/api/public/v1/help?view=list',
      purpose: 'epList',
      example: `curl '${help}?view=list&emergencySlug=${slug}&category=agua&priority=urgent&commitment=uncommitted&limit=20'`,
    },
    {
      method: 'GET',
      path: '/api/public/v1/help?view=list&latitude=…&longitude=…',
      purpose: 'epListNear',
      example: `curl '${help}?view=list&latitude=1.15&longitude=-76.65&radiusKm=5&q=medicamentos'`,
    },
    {
      method: 'GET',
      path: '/api/public/v1/map-points',
      purpose: 'epMapPoints',
      example: `curl '${base}/api/public/v1/map-points?emergencySlug=${slug}&bbox=-76.70,1.10,-76.60,1.20'`,
    },
    {
      method: 'GET',
      path: EXPORT_CSV_PATH,
      purpose: 'epExportCsv',
      example: `curl -OJ '${base}${EXPORT_CSV_PATH}?emergencySlug=${slug}&type=request&category=agua'`,
    },
    {
      method: 'GET',
      path: EXPORT_JSON_PATH,
      purpose: 'epExportJson',
      example: `curl '${base}${EXPORT_JSON_PATH}?emergencySlug=${slug}&status=all'`,
    },
    {
      method: 'GET',
      path: '/api/public/v1/changes',
      purpose: 'epChanges',
      example: `curl '${base}/api/public/v1/changes?since=0&limit=100'`,
    },
    {
      method: 'GET',
      path: '/api/public/v1/changes/stream',
      purpose: 'epChangesStream',
      example: `curl -N '${base}/api/public/v1/changes/stream'`,
    },
    {
      method: 'GET',
      path: '/api/public/v1/help?view=detail&id=ID',
      purpose: 'epDetail',
      example: `curl '${help}?view=detail&id=ID'`,
    },
    {
      method: 'GET',
      path: '/api/public/v1/help/{id}/matches',
      purpose: 'epMatches',
      example: `curl '${help}/ID/matches'`,
    },
    { method: 'POST', path: '/api/public/v1/help', purpose: 'epSubmit', example: submitExample(base, slug) },
    {
      method: 'OPTIONS',
      path: '/api/public/v1/help',
      purpose: 'epPreflight',
      example: `curl -i -X OPTIONS '${help}' \\\n  -H 'Origin: https://otra-app.example' -H 'Access-Control-Request-Method: POST'`,
    },
    {
      method: 'POST',
      path: '/api/public/v1/help/{id}/reports',
      purpose: 'epReport',
      example: `curl -X POST '${help}/ID/reports' \\\n  -H 'Content-Type: application/json' -d '{"reason":"scam","note":"Pide plata a otra cuenta"}'`,
    },
    {
      method: 'POST',
      path: '/api/public/v1/help/{id}/pledges',
      purpose: 'epPledge',
      example: `curl -X POST '${help}/ID/pledges' \\\n  -H 'Content-Type: application/json' -d '{"quantity":20,"deliverWithinHours":24,"contactName":"Ana","contactWhatsapp":"+573001234567"}'`,
    },
    {
      method: 'POST',
      path: '/api/public/v1/pledges/confirm',
      purpose: 'epPledgeConfirm',
      example: `curl -X POST '${base}/api/public/v1/pledges/confirm' \\\n  -H 'Content-Type: application/json' -d '{"code":"CÓDIGO","quantity":12}'`,
    },
    {
      method: 'POST',
      path: '/api/public/v1/pledges/cancel',
      purpose: 'epPledgeCancel',
      example: `curl -X POST '${base}/api/public/v1/pledges/cancel' \\\n  -H 'Content-Type: application/json' -d '{"code":"CÓDIGO"}'`,
    },
    {
      method: 'POST',
      path: '/api/public/v1/help/{id}/deliveries/confirm',
      purpose: 'epDeliveriesConfirm',
      example: `curl -X POST '${help}/ID/deliveries/confirm' \\\n  -H 'Authorization: Bearer CLAVE' -H 'Content-Type: application/json' -d '{}'`,
    },
    {
      method: 'GET',
      path: '/api/logistics-operations?emergencia=SLUG',
      purpose: 'epLogistics',
      example: `curl '${base}/api/logistics-operations?emergencia=${slug}'`,
    },
    {
      method: 'POST',
      path: '/api/logistics-operations/{id}/claims',
      purpose: 'epRouteClaim',
      example: `curl -X POST '${base}/api/logistics-operations/ID/claims' \\\n  -H 'Content-Type: application/json' -d '{"contactName":"Carlos","contactWhatsapp":"+573001234567","vehicle":"Camioneta 4x4","when":"Hoy a las 3 pm"}'`,
    },
    {
      method: 'POST',
      path: '/api/logistics-operations/claims/progress',
      purpose: 'epRouteProgress',
      example: `curl -X POST '${base}/api/logistics-operations/claims/progress' \\\n  -H 'Content-Type: application/json' -d '{"code":"CÓDIGO","status":"delivered","quantity":20}'`,
    },
    {
      method: 'GET',
      path: '/api/public/v1/inventario?emergencia=SLUG&categoria=C',
      purpose: 'epInventory',
      example: `curl '${base}/api/public/v1/inventario?emergencia=${slug}&categoria=agua'`,
    },
    {
      method: 'GET',
      path: '/.well-known/aid-places',
      purpose: 'epManifest',
      example: `curl '${base}/.well-known/aid-places'`,
    },
    {
      method: 'GET',
      path: '/api/aid-places/places?emergencia=SLUG',
      purpose: 'epPlaces',
      example: `curl -i '${base}/api/aid-places/places?emergencia=${slug}'`,
    },
    {
      method: 'GET',
      path: '/api/public/openapi.json',
      purpose: 'epOpenapi',
      example: `curl '${base}/api/public/openapi.json'`,
    },
    { method: 'POST, GET, DELETE', path: '/mcp', purpose: 'epMcp', example: mcpInitialize(base) },
    {
      method: 'GET',
      path: '/.well-known/mcp/server-card.json',
      purpose: 'epServerCard',
      example: `curl '${base}/.well-known/mcp/server-card.json'`,
    },
    {
      method: 'GET',
      path: '/healthz, /readyz',
      purpose: 'epHealth',
      example: `curl '${base}/healthz'\ncurl '${base}/readyz'`,
    },
    {
      method: 'POST',
      path: '/integraciones/kobo',
      purpose: 'epKobo',
      example: `curl -X POST '${base}/integraciones/kobo' \\\n  -H 'Content-Type: application/json' -H 'X-Ayuda-Kobo-Secret: SECRETO' \\\n  -d '{"_uuid":"4f7c2a61-9a0e-4c55-b1f3-2d6e8c0a9b14","_xform_id_string":"aK3pQz7Vn2XcRtY8mLw4Bd","tipo":"solicitud","categoria":"agua","titulo":"Agua potable para 6 familias","ubicacion":"1.1478 -76.6476 0 5","direccion":"Calle 8 # 5-21","nombre_contacto":"María Rojas","whatsapp":"+573001234567","consentimiento":"si"}'`,
    },
    {
      method: 'GET, POST',
      path: '/integraciones/whatsapp',
      purpose: 'epWhatsapp',
      example: `curl '${base}/integraciones/whatsapp?hub.mode=subscribe&hub.verify_token=TOKEN&hub.challenge=1158201444'`,
    },
    {
      method: 'POST',
      path: '/integraciones/sms',
      purpose: 'epSms',
      example: `curl -X POST '${base}/integraciones/sms' \\\n  -H 'Content-Type: application/json' -H 'X-Ayuda-Sms-Secret: SECRETO' \\\n  -d '{"event":"sms:received","id":"Ey6ECgOkVVFjz3CL48B8C","payload":{"message":"Necesito ayuda","phoneNumber":"+573001234567","receivedAt":"2026-05-10T09:32:00-05:00"}}'`,
    },
  ];
}

function submitExample(base: string, slug: string): string {
  const body = {
    type: 'request',
    source: 'mi-app',
    externalId: 'solicitud-1',
    emergencySlug: slug,
    title: 'Agua potable para 6 familias',
    category: 'agua',
    contactName: 'María Rojas',
    contactWhatsapp: '+573001234567',
    publishContact: true,
    address: 'Calle 8 # 5-21',
    latitude: 1.1478,
    longitude: -76.6476,
    urgency: 'urgent',
    quantityRequired: 30,
    unit: 'bidones',
  };
  return [
    `curl -X POST '${base}/api/public/v1/help' \\`,
    `  -H 'content-type: application/json' -H 'idempotency-key: mi-app-solicitud-1-intento-1' \\`,
    `  -d '${JSON.stringify(body)}'`,
  ].join('\n');
}

function mcpInitialize(base: string): string {
  const message = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mi-cliente', version: '1.0.0' } },
  };
  return [
    `curl -i -X POST '${base}/mcp' \\`,
    `  -H 'content-type: application/json' -H 'accept: application/json, text/event-stream' \\`,
    `  -d '${JSON.stringify(message)}'`,
  ].join('\n');
}

/** A table whose cells wrap (long paths and codes break anywhere), so it fits a phone's width without scrolling. */
function fitted(table: Block): Block {
  return { kind: 'section', className: 'tabla-ajustada', blocks: [table] };
}

/** The page's sections, linked from the top: every second-level heading that has an id, in order. */
function indexBlocks(blocks: Block[], t: Strings): Block[] {
  const items: Inline[][] = blocks.flatMap((b) =>
    b.kind === 'heading' && b.level === 2 && b.id ? [[link(`#${b.id}`, b.text)]] : [],
  );
  return [heading(t.indexTitle, 2, 'indice'), { kind: 'list', items }];
}

function startBlocks(t: Strings, lang: Lang): Block[] {
  return [
    heading(t.startTitle, 2, 'empezar'),
    {
      kind: 'list',
      items: [
        [link('/api/public/openapi.json', t.openapiLink), `: ${t.openapiNote}`],
        [link(withLang('/desarrolladores/referencia', lang), t.referenceLink), `: ${t.referenceNote}`],
        [link('/api/public/v1/help', t.discoveryLink), `: ${t.discoveryNote}`],
      ],
    },
  ];
}

function endpointBlocks(input: DevelopersInput, t: Strings, slug: string): Block[] {
  const list = endpoints(input.baseUrl, slug);
  return [
    heading(t.endpointsTitle, 2, 'rutas'),
    text(fill(t.endpointsIntro, { base: input.baseUrl })),
    fitted({
      kind: 'table',
      head: [t.colEndpoint, t.colPurpose],
      rows: list.map((e) => [[code(`${e.method} ${e.path}`)], [t[e.purpose]]]),
    }),
    heading(t.examplesTitle, 3),
    // The table says what each one is for; here only the call, ready to copy.
    ...list.flatMap((e) => [text(code(`${e.method} ${e.path}`)), ...codeBlock(e.example)]),
  ];
}

function submitBlocks(t: Strings): Block[] {
  return [
    heading(t.submitTitle, 2, 'envios'),
    text(t.submitIntro),
    {
      kind: 'list',
      items: [[t.submitConsent], [t.submitPlace], [t.submitEmergency], [t.idemSource], [t.idemKey], [t.withdrawApi]],
    },
  ];
}

function errorBlocks(input: DevelopersInput, t: Strings, lang: Lang): Block[] {
  const rows: Inline[][][] = [];
  for (const [status, codes] of errorCodesByStatus(input.openapi)) {
    for (const c of codes) rows.push([[status], [code(c)], [errorMessage(c as ErrorCode, lang)]]);
  }
  return [
    heading(t.errorsTitle, 2, 'errores'),
    text(t.errorsIntro),
    ...codeBlock(
      JSON.stringify(
        {
          error: errorMessage('invalid_query', lang),
          code: 'invalid_query',
          details: [{ field: 'limit', code: 'too_big', message: '…' }],
        },
        null,
        2,
      ),
      'json',
    ),
    fitted({ kind: 'table', head: [t.colStatus, t.colCodes, t.colDescription], rows }),
  ];
}

function limitBlocks(input: DevelopersInput, t: Strings, lang: Lang): Block[] {
  const { limits } = input;
  return [
    heading(t.limitsTitle, 2, 'limites'),
    {
      kind: 'list',
      items: [
        // Figures as configured (RATE_LIMIT_*), without a thousands separator, so they can be compared as they are.
        [plural(limits.submissionsPerMinute, t.limitSubmissions, lang, { n: String(limits.submissionsPerMinute) })],
        [plural(limits.readsPerMinute, t.limitReads, lang, { n: String(limits.readsPerMinute) })],
        [t.limit429],
        [fill(t.limitBody, { bytes: String(limits.bodyLimitBytes), depth: String(bounds.maxJsonDepth) })],
        [t.limitSearch],
        [t.limitMcp],
      ],
    },
    heading(t.corsTitle, 2, 'cors'),
    {
      kind: 'list',
      items: [
        [fill(t.corsOrigin, { methods: CORS_METHODS.join(', ') })],
        [fill(t.corsAllowed, { headers: CORS_ALLOWED_HEADERS.join(', ') })],
        [fill(t.corsExposed, { headers: CORS_EXPOSED_HEADERS.join(', ') })],
        [t.cacheEtag],
      ],
    },
  ];
}

function mcpBlocks(input: DevelopersInput, t: Strings): Block[] {
  const url = `${input.baseUrl}/mcp`;
  const config = { mcpServers: { 'ayuda-directa': { type: 'http', url } } };
  return [
    heading(t.mcpTitle, 2, 'mcp'),
    text(fill(t.mcpIntro, { url, version: input.mcpProtocolVersion, modern: MODERN_PROTOCOL_VERSION })),
    text(t.mcpConfig),
    ...codeBlock(JSON.stringify(config, null, 2), 'json'),
    text(t.mcpInspector),
    ...codeBlock(
      [
        `npx @modelcontextprotocol/inspector --cli ${url} --protocol-era modern --method tools/list`,
        `npx @modelcontextprotocol/inspector --cli ${url} --protocol-era legacy --method tools/list`,
        `npx @modelcontextprotocol/inspector --cli ${url} --method tools/call \\`,
        `  --tool-name buscar_ayudas --tool-args-json '{"q":"agua","priority":"urgent","limit":5}'`,
      ].join('\n'),
    ),
    text(t.mcpRaw),
    ...codeBlock(mcpInitialize(input.baseUrl)),
    heading(t.mcpTools, 3),
    {
      kind: 'table',
      head: [t.colTool, t.colTitle, t.colKind],
      rows: input.tools.map((tool) => [[code(tool.name)], [tool.title], [tool.readOnly ? t.toolRead : t.toolSubmit]]),
    },
    text(t.mcpResources),
  ];
}

function placesBlocks(input: DevelopersInput, t: Strings): Block[] {
  const feed = `${input.baseUrl}/api/aid-places/places`;
  return [
    heading(t.placesTitle, 2, 'aid-places'),
    text(t.placesIntro),
    {
      kind: 'list',
      items: [
        [`${t.placesManifest}: `, link('/.well-known/aid-places', '/.well-known/aid-places')],
        [`${t.placesFeed}: `, link('/api/aid-places/places', '/api/aid-places/places')],
      ],
    },
    text(t.placesPolling),
    ...codeBlock(
      [
        `curl -i '${feed}'`,
        `#   ETag: "…"   Last-Modified: Sun, 10 May 2026 14:32:00 GMT`,
        `curl -i '${feed}' -H 'If-None-Match: "…"'`,
        `curl -i '${feed}' -H 'If-Modified-Since: Sun, 10 May 2026 14:32:00 GMT'`,
        `#   304 Not Modified`,
      ].join('\n'),
    ),
  ];
}

/** The HXL exports: what they take, the licence and its credit, the formula guard, and the table of columns. */
function openDataBlocks(input: DevelopersInput, t: Strings, slug: string): Block[] {
  const csv = `${input.baseUrl}${EXPORT_CSV_PATH}`;
  const json = `${input.baseUrl}${EXPORT_JSON_PATH}`;
  return [
    heading(t.openDataTitle, 2, 'datos-abiertos'),
    text(t.openDataIntro),
    {
      kind: 'list',
      items: [
        [link(EXPORT_CSV_PATH, EXPORT_CSV_PATH), `: ${t.openDataCsv}`],
        [link(`${EXPORT_CSV_PATH}?excel=${EXCEL_CSV}`, t.openDataExcelLink), `: ${t.openDataExcel}`],
        [link(EXPORT_JSON_PATH, EXPORT_JSON_PATH), `: ${t.openDataJson}`],
      ],
    },
    text(t.openDataLicence, ' ', link(HXL_LICENSE.url, HXL_LICENSE.url)),
    text(t.openDataFormulas),
    ...codeBlock(
      [
        `curl -OJ '${csv}?emergencySlug=${slug}'`,
        `curl -OJ '${csv}?emergencySlug=${slug}&type=request&category=agua&municipalityCode=86001'`,
        `curl -OJ '${csv}?emergencySlug=${slug}&excel=${EXCEL_CSV}'`,
        `curl '${json}?emergencySlug=${slug}&q=medicamentos&status=all'`,
      ].join('\n'),
    ),
    fitted({
      kind: 'table',
      caption: t.openDataColumns,
      head: [t.colHashtag, t.colHeader, t.colSource],
      rows: hxlColumns.map((column) => [[code(column.tag)], [column.header], [column.source]]),
    }),
  ];
}

/** A receiver that verifies Standard Webhooks signatures, as integrators would write it. */
export const WEBHOOK_RECEIVER_EXAMPLE = [
  "import { createServer } from 'node:http';",
  "import { Webhook } from 'standardwebhooks';",
  '',
  'const hook = new Webhook(process.env.AYUDA_WEBHOOK_SECRET); // whsec_…',
  'const seen = new Set(); // entregas al menos una vez: un webhook-id puede repetirse',
  '',
  'createServer((req, res) => {',
  '  const chunks = [];',
  "  req.on('data', (chunk) => chunks.push(chunk));",
  "  req.on('end', () => {",
  '    let event;',
  '    try {',
  "      event = hook.verify(Buffer.concat(chunks).toString('utf8'), req.headers);",
  '    } catch {',
  '      res.writeHead(401).end(); // firma o hora no válidas',
  '      return;',
  '    }',
  "    const id = req.headers['webhook-id'];",
  '    if (!seen.has(id)) {',
  '      seen.add(id);',
  '      console.log(event.type, event.data.id, event.data.state?.title ?? "(retirado)");',
  '    }',
  '    res.writeHead(204).end();',
  '  });',
  '}).listen(8080);',
].join('\n');

/** The change feed, its event stream and the webhooks that carry the same events. */
function changeBlocks(input: DevelopersInput, t: Strings, slug: string): Block[] {
  const changes = `${input.baseUrl}/api/public/v1/changes`;
  return [
    heading(t.changesTitle, 2, 'cambios'),
    text(t.changesIntro.replace('{days}', String(input.changesDays))),
    text(addressLink(CHANGES_PATH, t.changesLink)),
    ...codeBlock([`curl '${changes}'`, `curl '${changes}?since=1532&emergencySlug=${slug}'`].join('\n')),
    text(t.changesStream),
    ...codeBlock(`curl -N -H 'Last-Event-ID: 1532' '${changes}/stream'`),
    text(t.webhooksIntro),
    ...codeBlock(WEBHOOK_RECEIVER_EXAMPLE, 'js'),
  ];
}

function twinBlocks(input: DevelopersInput, t: Strings, lang: Lang): Block[] {
  return [
    heading(t.twinsTitle, 2, 'markdown'),
    text(t.twinsIntro),
    ...codeBlock(
      [
        `curl '${input.baseUrl}/centros.md'`,
        `curl -H 'Accept: text/markdown' '${input.baseUrl}/centros'`,
        `curl '${input.baseUrl}/llms.txt'`,
      ].join('\n'),
    ),
    { kind: 'list', items: [[link('/llms.txt', '/llms.txt')], [link('/index.md', '/index.md')]] },
    heading(t.privacyTitle, 2, 'privacidad'),
    text(t.privacyIntro, ' ', link(withLang('/privacidad', lang), t.privacyLink)),
  ];
}

export function developersPage(input: DevelopersInput): SiteDocument {
  const { lang } = input;
  const t = developersStrings(lang);
  const slug = input.exampleSlug ?? 'SLUG';
  const sections: Block[] = [
    ...startBlocks(t, lang),
    ...endpointBlocks(input, t, slug),
    ...submitBlocks(t),
    ...errorBlocks(input, t, lang),
    ...limitBlocks(input, t, lang),
    ...mcpBlocks(input, t),
    ...placesBlocks(input, t),
    ...openDataBlocks(input, t, slug),
    ...changeBlocks(input, t, slug),
    ...twinBlocks(input, t, lang),
  ];
  return {
    path: pagePath('/desarrolladores', {}, lang),
    lang,
    nav: 'developers',
    title: t.title,
    summary: t.summary,
    blocks: [text(t.intro), ...indexBlocks(sections, t), ...sections],
  };
}
