// The parts of an OpenAPI 3.1 document the developers pages read; loose on purpose, the document is generated.
export type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
};

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown }>;
}

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}

export interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export const ERROR_SCHEMA_REF = '#/components/schemas/Error';

/** Every error code the document names, by HTTP status, in status order: the codes a client can meet. */
export function errorCodesByStatus(doc: OpenApiDoc): [string, string[]][] {
  const byStatus = new Map<string, Set<string>>();
  for (const operations of Object.values(doc.paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (json?.schema?.$ref !== ERROR_SCHEMA_REF) continue;
        const codes = byStatus.get(status) ?? new Set<string>();
        for (const code of Object.keys(json.examples ?? {})) codes.add(code);
        byStatus.set(status, codes);
      }
    }
  }
  return [...byStatus.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, codes]) => [status, [...codes].sort()]);
}
