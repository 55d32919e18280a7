// One declaration per public operation: its method and path, the Zod schemas of its path parameters, query and body,
// and what the OpenAPI document says of it. The document's paths and the HTTP routes are both made from it.
import * as z from 'zod';
import { ref } from './openapi-parts.ts';

export type JsonSchema = Record<string, unknown>;
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';

/** An OpenAPI parameter object. */
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/** What an operation's text depends on: where the service answers, its limits and the component schemas. */
export interface DocumentContext {
  baseUrl: string;
  limits: { submissionsPerMinute: number; readsPerMinute: number; bodyLimitBytes: number };
  schemas: Record<string, JsonSchema>;
}

type Example = { summary?: string; value: unknown };

/** What only the document knows of an operation; parameters and the body's schema come from the declaration. */
export interface OperationText {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security?: Record<string, string[]>[];
  /** Headers the operation reads (path and query parameters come from the schemas). */
  headerParameters?: Parameter[];
  /** Where the document says of a parameter something other than its schema does, by name. */
  parameterOverrides?: Record<string, Partial<Parameter>>;
  /** Examples of the body; `schema` only where the body has no Zod schema (the /mcp transport). */
  requestBody?: { example?: unknown; examples?: Record<string, Example>; schema?: JsonSchema };
  responses: Record<string, unknown>;
}

export interface RouteDeclaration<
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** OpenAPI form: /api/public/v1/help/{id}/reports. */
  path: string;
  params?: P;
  query?: Q;
  /** A schema registered with an id: the document refers to its component. */
  body?: B;
  operation: (doc: DocumentContext) => OperationText;
}

/** The declaration as given, its schema types kept so the route's handler receives typed values. */
export function declareRoute<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(declaration: RouteDeclaration<P, Q, B>): RouteDeclaration<P, Q, B> {
  return declaration;
}

/** The value a declared schema yields, or undefined where the operation declares none. */
export type Declared<S> = S extends z.ZodType ? z.output<S> : undefined;

/** One parameter per field of a strict object schema, each with its bounds, enum, description and requiredness. */
function parametersOf(schema: z.ZodObject | undefined, where: 'path' | 'query'): Parameter[] {
  if (!schema) return [];
  const input = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const required = new Set(Array.isArray(input.required) ? input.required : []);
  return Object.entries(schema.shape).map(([name, field]) => {
    const json: JsonSchema = { ...z.toJSONSchema(field, { io: 'output', unrepresentable: 'any' }) };
    delete json.$schema;
    const description = typeof json.description === 'string' ? json.description : undefined;
    delete json.description;
    return {
      name,
      in: where,
      // OpenAPI requires every path parameter.
      required: where === 'path' || required.has(name),
      schema: json,
      ...(description ? { description } : {}),
    };
  });
}

function componentId(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error('A declared body must be a schema registered with an id.');
  return id;
}

function requestBodyOf(declaration: RouteDeclaration, body: OperationText['requestBody']) {
  if (!declaration.body && !body?.schema) return undefined;
  const { schema, ...examples } = body ?? {};
  const bodySchema = declaration.body ? ref(componentId(declaration.body)) : schema;
  return { required: true, content: { 'application/json': { schema: bodySchema, ...examples } } };
}

/** The OpenAPI operation object of a declaration. */
export function operationOf(declaration: RouteDeclaration, doc: DocumentContext) {
  const text = declaration.operation(doc);
  const overrides = text.parameterOverrides ?? {};
  const parameters = [
    ...parametersOf(declaration.params, 'path'),
    ...parametersOf(declaration.query, 'query'),
    ...(text.headerParameters ?? []),
  ].map((parameter) => ({ ...parameter, ...overrides[parameter.name] }));
  const requestBody = requestBodyOf(declaration, text.requestBody);
  return {
    operationId: text.operationId,
    tags: text.tags,
    summary: text.summary,
    description: text.description,
    ...(text.security ? { security: text.security } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: text.responses,
  };
}

/** The document's paths: each declaration's operation under its path, in the order given. */
export function pathsOf(declarations: readonly RouteDeclaration[], doc: DocumentContext) {
  const paths: Record<string, Partial<Record<HttpMethod, ReturnType<typeof operationOf>>>> = {};
  for (const declaration of declarations) {
    const item = paths[declaration.path] ?? {};
    if (item[declaration.method]) throw new Error(`${declaration.method} ${declaration.path} is declared twice.`);
    item[declaration.method] = operationOf(declaration, doc);
    paths[declaration.path] = item;
  }
  return paths;
}
