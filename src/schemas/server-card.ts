// The MCP server card (SEP-2127): what a client can learn about /mcp before connecting: who it is, where to
// connect, which protocol revisions it speaks, and (under _meta) the tools, resources and prompts it offers.
import * as z from 'zod';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

const primitives = z
  .object({
    tools: z.array(z.object({ name: z.string(), title: z.string(), readOnly: z.boolean() })),
    resources: z.array(z.object({ uri: z.string(), name: z.string(), title: z.string(), mimeType: z.string() })),
    resourceTemplates: z.array(
      z.object({ uriTemplate: z.string(), name: z.string(), title: z.string(), mimeType: z.string() }),
    ),
    prompts: z.array(
      z.object({
        name: z.string(),
        title: z.string(),
        arguments: z.array(z.object({ name: z.string(), required: z.boolean() })),
      }),
    ),
  })
  .meta({
    id: 'McpServerPrimitives',
    description: 'Lo que el servidor ofrece; tools/list y los demás dan el detalle.',
  });

export const serverCard = z
  .object({
    $schema: z.literal(SERVER_CARD_SCHEMA),
    name: z
      .string()
      .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/)
      .describe('Nombre en forma DNS invertida: el dominio de esta instancia, "/ayuda-directa".'),
    version: z.string(),
    title: z.string(),
    description: z.string().max(100),
    websiteUrl: z.url(),
    remotes: z.array(
      z.object({
        type: z.literal('streamable-http'),
        url: z.url(),
        supportedProtocolVersions: z
          .array(z.string())
          .describe('2026-07-28 (sin sesiones) y las revisiones de 2025 (con sesión), en la misma dirección.'),
      }),
    ),
    _meta: z
      .record(z.string(), primitives)
      .describe('Una clave, "<nombre>/primitives": herramientas, recursos, plantillas y prompts.'),
  })
  .meta({ id: 'McpServerCard', title: 'Tarjeta del servidor MCP (SEP-2127)' });

export const serverCardQuery = z.strictObject({});

export type ServerCard = z.infer<typeof serverCard>;
