// /desarrolladores/referencia: the OpenAPI document read as a page, rendered on the server from the document
// itself (paths, parameters, bodies, responses, examples, schemas), so it cannot drift and needs no CDN or script.

import { type Html, html } from '../../html.ts';
import { catalogue, strings } from '../catalogue.ts';
import {
  addressLink,
  type Block,
  bold,
  code,
  heading,
  type Inline,
  type Lang,
  link,
  type SiteDocument,
  text,
} from '../document.ts';
import { codeBlock, fill, fillInline, pagePath, withLang } from './info-common.ts';
import type { JsonSchema, MediaType, OpenApiDoc, Operation, Parameter } from './openapi-shape.ts';

/** Where the reference's try-it forms go, and the field naming the API path. */
export const TRY_PATH = '/desarrolladores/probar';
export const TRY_TARGET = '_ruta';

type Strings = ReturnType<typeof developersStrings>;
const developersStrings = (lang: Lang) => strings(catalogue.developers, lang);

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'];
/** Nested inline objects are flattened to dotted field names down to this depth. */
const MAX_DEPTH = 3;

const schemaName = (ref: string) => ref.replace('#/components/schemas/', '');
const schemaAnchor = (name: string) => `schema-${name}`;
const operationAnchor = (method: string, path: string, op: Operation) =>
  `op-${op.operationId ?? `${method}-${path.replace(/[^a-z0-9]+/gi, '-')}`}`;

/** A type as a reader wants it: a link to a named schema, an enum's values, array<…>, a format. */
function typeOf(schema: JsonSchema | undefined): Inline[] {
  if (!schema) return ['—'];
  if (schema.$ref) {
    const name = schemaName(schema.$ref);
    return [link(`#${schemaAnchor(name)}`, name)];
  }
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return union.flatMap((s, i) => (i === 0 ? typeOf(s) : [' | ', ...typeOf(s)]));
  if (schema.const !== undefined) return [code(JSON.stringify(schema.const))];
  if (schema.enum) return schema.enum.flatMap((v, i) => (i === 0 ? [code(String(v))] : [' | ', code(String(v))]));
  if (schema.type === 'array') return ['array<', ...typeOf(schema.items), '>'];
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  return [schema.format ? `${type} (${schema.format})` : type];
}

/** Bounds, default and examples in one line; a pattern only when no format already says it. */
function constraints(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  const parts: string[] = [];
  const show = (key: string, label = key) => {
    if (schema[key] !== undefined) parts.push(`${label}: ${JSON.stringify(schema[key])}`);
  };
  for (const key of ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) show(key);
  for (const key of ['minItems', 'maxItems', 'default']) show(key);
  if (schema.pattern !== undefined && !schema.format) show('pattern');
  if (Array.isArray(schema.examples) && schema.examples.length > 0) show('examples');
  return parts.join(', ');
}

function describe(schema: JsonSchema | undefined, description?: string): Inline[] {
  const parts: Inline[] = [];
  const said = description ?? schema?.description;
  if (said) parts.push(said);
  const bounds = constraints(schema);
  if (bounds) parts.push(parts.length > 0 ? ' ' : '', code(bounds));
  return parts.length > 0 ? parts : ['—'];
}

/** Field rows of an object schema; inline objects (no $ref) open up as parent.child. */
function fieldRows(schema: JsonSchema, t: Strings, prefix = '', depth = 0): Inline[][][] {
  const required = new Set(schema.required ?? []);
  const rows: Inline[][][] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const full = `${prefix}${name}`;
    rows.push([[code(full)], typeOf(field), [required.has(name) ? t.yes : t.no], describe(field)]);
    const inner = field.type === 'array' ? field.items : field;
    if (inner?.properties && !inner.$ref && depth < MAX_DEPTH) {
      rows.push(...fieldRows(inner, t, `${full}${field.type === 'array' ? '[]' : ''}.`, depth + 1));
    }
  }
  return rows;
}

function examplesOf(media: MediaType, t: Strings): Block[] {
  const named: [string, unknown][] = Object.entries(media.examples ?? {}).map(([name, e]) => [
    e.summary ?? name,
    e.value,
  ]);
  if (media.example !== undefined) named.unshift(['example', media.example]);
  return named
    .filter(([, value]) => value !== undefined)
    .flatMap(([name, value]) => [
      text(bold(fill(t.refExample, { name }))),
      ...codeBlock(JSON.stringify(value, null, 2), 'json'),
    ]);
}

/**
 * Try a GET in the browser, without script: /desarrolladores/probar puts the path's fields ({id}) into the path, drops
 * empty fields and redirects to the API.
 */
function tryForm(path: string, parameters: Parameter[], schemas: Record<string, JsonSchema>, t: Strings): Html {
  const id = (name: string) => `probar-${path.replace(/[^a-z0-9]+/gi, '-')}-${name}`;
  return html`<form method="get" action="${TRY_PATH}" class="probar"><fieldset><legend>${t.refTry}</legend>
<input type="hidden" name="${TRY_TARGET}" value="${path}">
${parameters.map((p) => {
  // A list of values may be a named schema (Category): its values make the choices all the same.
  const schema = p.schema?.$ref ? schemas[schemaName(p.schema.$ref)] : p.schema;
  const values = schema?.enum as string[] | undefined;
  return html`<p class="field"><label for="${id(p.name)}">${p.name}${p.required ? ' *' : ''}</label>${
    values
      ? html`<select id="${id(p.name)}" name="${p.name}"><option value=""></option>${values.map((v) => html`<option>${v}</option>`)}</select>`
      : html`<input id="${id(p.name)}" name="${p.name}"${p.required ? html` required` : ''}>`
  }</p>`;
})}
<p><button type="submit">${t.refTry}</button></p></fieldset></form>`;
}

function operationBlock(
  path: string,
  method: string,
  op: Operation,
  schemas: Record<string, JsonSchema>,
  t: Strings,
): Block {
  const blocks: Block[] = [];
  if (op.summary) blocks.push(text(bold(op.summary)));
  if (op.description) blocks.push(text(op.description));
  const meta: [string, Inline[]][] = [];
  if (op.operationId) meta.push([t.refOperationId, [code(op.operationId)]]);
  if (op.tags?.length) meta.push([t.refTags, [op.tags.join(', ')]]);
  // A path's own fields first ({id}: a record the reader names), then the query's.
  const asked = [
    ...(op.parameters ?? []).filter((p) => p.in === 'path'),
    ...(op.parameters ?? []).filter((p) => p.in === 'query'),
  ];
  // A GET without parameters is tried with a plain link to the API (not a page: no twin); one with parameters
  // gets a form (below), so no link is printed with a {placeholder} in it.
  if (method === 'get' && asked.length === 0 && path !== '/mcp') meta.push([t.refTry, [addressLink(path, path)]]);
  if (meta.length > 0) blocks.push({ kind: 'fields', items: meta });
  if (method === 'get' && asked.length > 0) blocks.push({ kind: 'html', html: tryForm(path, asked, schemas, t) });
  if (op.parameters?.length) {
    blocks.push(heading(t.refParameters, 3), {
      kind: 'table',
      head: [t.colName, t.colIn, t.colType, t.colRequired, t.colDescription],
      rows: op.parameters.map((p) => [
        [code(p.name)],
        [p.in],
        typeOf(p.schema),
        [p.required ? t.yes : t.no],
        describe(p.schema, p.description),
      ]),
    });
  }
  for (const [mediaType, media] of Object.entries(op.requestBody?.content ?? {})) {
    blocks.push(heading(t.refBody, 3), text(code(mediaType), ': ', ...typeOf(media.schema)), ...examplesOf(media, t));
  }
  const responses = Object.entries(op.responses ?? {});
  if (responses.length > 0) {
    blocks.push(heading(t.refResponses, 3), {
      kind: 'table',
      head: [t.colStatus, t.colDescription, t.colContent],
      rows: responses.map(([status, response]) => [
        [bold(status)],
        [response.description ?? ''],
        Object.entries(response.content ?? {}).flatMap(([mediaType, media], i) => [
          ...(i > 0 ? ['; '] : []),
          code(mediaType),
          ...(media.schema ? [' ', ...typeOf(media.schema)] : []),
        ]),
      ]),
    });
    for (const [, response] of responses) {
      for (const media of Object.values(response.content ?? {})) {
        // Error examples only repeat the code listed in the description.
        if (media.schema?.$ref?.endsWith('/Error')) continue;
        blocks.push(...examplesOf(media, t));
      }
    }
  }
  return {
    kind: 'section',
    className: 'card operation',
    id: operationAnchor(method, path, op),
    level: 2,
    title: `${method.toUpperCase()} ${path}`,
    blocks,
  };
}

function schemaBlock(name: string, schema: JsonSchema, t: Strings): Block {
  const blocks: Block[] = [];
  if (schema.description) blocks.push(text(schema.description));
  const union = schema.oneOf ?? schema.anyOf;
  if (union) blocks.push(text(...fillInline(t.oneOf, 'types', typeOf({ oneOf: union }))));
  if (schema.properties) {
    blocks.push({
      kind: 'table',
      head: [t.colField, t.colType, t.colRequired, t.colDescription],
      rows: fieldRows(schema, t),
    });
  } else if (!union) {
    blocks.push(text(...typeOf(schema)));
  }
  return { kind: 'section', className: 'card schema', id: schemaAnchor(name), level: 3, title: name, blocks };
}

export interface ReferenceInput {
  lang: Lang;
  openapi: OpenApiDoc;
}

export function referencePage({ lang, openapi }: ReferenceInput): SiteDocument {
  const t = developersStrings(lang);
  const operations: [string, string, Operation][] = [];
  for (const [path, methods] of Object.entries(openapi.paths)) {
    for (const method of METHODS) {
      const op = methods[method];
      if (op) operations.push([path, method, op]);
    }
  }
  const schemas = Object.entries(openapi.components.schemas).sort(([a], [b]) => a.localeCompare(b));
  const paragraphs = (openapi.info.description ?? '').split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, ' '));
  return {
    path: pagePath('/desarrolladores/referencia', {}, lang),
    lang,
    nav: 'developers',
    title: t.refTitle,
    summary: fill(t.refSummary, { version: openapi.info.version }),
    blocks: [
      text(
        ...fillInline(t.refIntro, 'openapi', [link('/api/public/openapi.json', '/api/public/openapi.json')]),
        ' ',
        link(withLang('/desarrolladores', lang), t.refBack),
      ),
      {
        kind: 'fields',
        items: [
          ['OpenAPI', [openapi.openapi]],
          [openapi.info.title, [openapi.info.version]],
          [t.refServer, [openapi.servers?.[0]?.url ?? '']],
        ],
      },
      ...paragraphs.filter((p) => p.trim() !== '').map((p) => text(p)),
      heading(t.refContents, 2, 'contenido'),
      {
        kind: 'list',
        items: [
          ...operations.map(([path, method, op]): Inline[] => [
            link(`#${operationAnchor(method, path, op)}`, `${method.toUpperCase()} ${path}`),
            op.summary ? ` ${op.summary}` : '',
          ]),
          [link('#esquemas', t.refSchemasTitle)],
        ],
      },
      ...operations.map(([path, method, op]) => operationBlock(path, method, op, openapi.components.schemas, t)),
      heading(t.refSchemasTitle, 2, 'esquemas'),
      ...schemas.map(([name, schema]) => schemaBlock(name, schema, t)),
    ],
  };
}
