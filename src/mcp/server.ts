// A fresh MCP server per HTTP request, for either protocol era: the SDK's per-request transports cannot be reused,
// and 2025-era sessions live in the database, so nothing here needs to outlive the request. One builder serves both
// eras, so their tools, resources and limits cannot drift apart.
import { isInputRequiredResult, McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { Context } from '../context.ts';
import { API_VERSION } from '../presenters/discovery.ts';
import { type ConsentChannel, callWithConsent } from './consent-flow.ts';
import { mapAppToolMeta } from './map-app/map-app.ts';
import { registerMapApp } from './map-app/register-map-app.ts';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './register-resources.ts';
import { boundedToolResult } from './result-size.ts';
import { callTool, RETENTION_PLACEHOLDER, retentionSentence, tools } from './tools.ts';

export const instructions = [
  'Ayuda Directa coordina ayuda directa en emergencias en Colombia.',
  'Empiece con listar_emergencias o consultar_panorama; busque registros con buscar_ayudas y vea uno con ver_ayuda.',
  'Para una solicitud, sugerir_coincidencias dice qué ofrecimientos y centros de acopio podrían cubrirla (y al revés).',
  'Si alguien va a llevar parte de lo que falta, comprometer_ayuda lo registra (sin pasar de quantities.uncommitted)',
  'y devuelve un código para confirmar la entrega o cancelar en /compromisos: entrégueselo solo a esa persona.',
  'Quien tenga vehículo puede ofrecerse a llevar una ruta disponible con ofrecer_transporte; el equipo decide.',
  'Regla de revisión: publicar_solicitud y publicar_ofrecimiento NO publican. Todo envío queda en la bandeja de',
  'revisión del equipo de la emergencia y solo aparece en las lecturas cuando un líder lo aprueba; dígalo así a la persona.',
  'Antes de enviar, pida consentimiento para publicar el nombre y el WhatsApp de contacto (publishContact: true).',
  'Ese consentimiento lo confirma la persona, no el modelo: el servidor le muestra lo que se publicará y le pide',
  'confirmarlo en su cliente; si el cliente no puede preguntarle, la herramienta responde',
  'consent_confirmation_required con un enlace que abre el envío en el sitio: déselo a la persona. Sin su',
  'confirmación no se envía nada.',
  'Use un externalId estable por registro (u omítalo y se genera): reenviar lo mismo no crea duplicados; para cambiar',
  'un envío pase el editToken que devolvió el primero, y el cambio queda como revisión.',
  'Si la persona quiere retirar su envío, retirar_publicacion lo retira con su código de recibo y su WhatsApp: borra',
  'sus datos personales y no se puede deshacer, así que confírmelo antes con ella.',
  'Recursos: el panorama de cada emergencia activa (ayuda://emergencias/{slug}/panorama, en JSON, y .md, en Markdown),',
  'sus datos abiertos HXL (ayuda://emergencias/{slug}/hxl.csv), un registro publicado (ayuda://ayudas/{id}), los',
  'centros de acopio en GeoJSON, el documento OpenAPI y /llms.txt. Prompts: resumir_emergencia, ayudar_a_pedir_ayuda',
  'y coordinar_entregas; completion sugiere emergencias, categorías y municipios.',
].join(' ');

/** What a 2026-07-28 client may cache (2025-era answers carry no cache fields): lists change only with the code. */
const LIST_TTL_MS = 10 * 60_000;
const CACHE_HINTS = {
  'server/discover': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
  'tools/list': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
  'prompts/list': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
  'resources/list': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
  'resources/templates/list': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
  // Published data changes as leaders review: a minute, as the API's own Cache-Control.
  'resources/read': { ttlMs: 60_000, cacheScope: 'public' },
} as const;

/**
 * `channel` says how this request can reach the person when a tool needs their own confirmation: the era, and for
 * a 2025-era session whether its client can ask and how to write on the call's stream.
 */
export function buildMcpServer(ctx: Context, onUnexpected: (err: unknown) => void, channel: ConsentChannel): McpServer {
  const server = new McpServer(
    { name: 'ayuda-directa', title: 'Ayuda Directa', version: API_VERSION },
    {
      instructions,
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
        completions: {},
      },
      cacheHints: CACHE_HINTS,
    },
  );
  const retention = retentionSentence(ctx.config.retention);
  const mapApp = registerMapApp(server, ctx);
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description.replace(RETENTION_PLACEHOLDER, retention),
        inputSchema: tool.input,
        // A fresh root: a schema registered with an id would be listed as a bare $ref, not as an object.
        outputSchema: z.object(tool.output.shape),
        annotations: { title: tool.title, ...tool.annotations },
        ...(tool.showsMap && mapApp ? { _meta: mapAppToolMeta() } : {}),
      },
      // Never reached (tools/call is answered below), but the SDK wants a handler: the same call.
      (args) => callTool(tool, ctx, args, onUnexpected),
    );
  }
  // Arguments are validated here, not by the SDK, so a bad field gets the same catalogue error (code, Spanish
  // message, one detail per field) as the REST API, instead of the SDK's English text.
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const maxBytes = ctx.config.mcpMaxResultBytes;
  server.server.removeRequestHandler('tools/call');
  server.server.setRequestHandler('tools/call', async (request, handlerCtx) => {
    const tool = byName.get(request.params.name);
    if (!tool)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Herramienta desconocida: ${request.params.name}`);
    const limits = { name: tool.name, hasLimit: 'limit' in tool.input.shape };
    if (tool.needsConsent) {
      const args = request.params.arguments ?? {};
      const result = await callWithConsent(tool, ctx, args, handlerCtx, channel, onUnexpected);
      return isInputRequiredResult(result) ? result : boundedToolResult(result, maxBytes, limits);
    }
    // callTool parses with the tool's own input schema before its handler sees anything.
    const result = await callTool(tool, ctx, request.params.arguments ?? {}, onUnexpected);
    // Every tool's answer passes here: one size cap for all of them.
    return boundedToolResult(result, maxBytes, limits);
  });
  registerResources(server, ctx);
  registerPrompts(server, ctx);
  return server;
}
