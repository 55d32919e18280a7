// Requests generated from the OpenAPI document: each operation's parameters and body, valid or broken one way.
import { MCP, type McpTool, mcpRequest } from './fuzz-mcp.ts';
import { queryText, type Schema, SchemaValues } from './fuzz-schema.ts';
import type { Random } from './prng.ts';

export interface FuzzRequest {
  /** "METHOD /documented/path" */
  op: string;
  method: string;
  path: string;
  /** The path sent, with its {parameters} filled in (absent when the path has none). */
  target?: string;
  query: string;
  headers: Record<string, string>;
  body?: string;
  /** A stream (server-sent events): read briefly, then hang up. */
  stream?: boolean;
  /** What was generated, for the report. */
  note: string;
}

/** What the running service told us so far: real slugs, ids, MCP sessions and tools, ETags. */
export interface Live {
  host: string;
  slugs: string[];
  ids: string[];
  sessions: string[];
  tools: McpTool[];
  resources: string[];
  etags: Map<string, string>;
  idempotencyKeys: string[];
  /** Submissions answered 202, with the edit token their first answer carried: material for re-posts. */
  pairs: { body: Record<string, unknown>; editToken: string | null }[];
}

export interface Operation {
  op: string;
  method: string;
  path: string;
  parameters: Schema[];
  body?: Schema;
  /** Answers with an event stream (text/event-stream): read briefly, then hang up. */
  stream: boolean;
}

const METHODS = ['get', 'post', 'options', 'delete'];

/** Every operation of the document, in its order. */
export function operationsOf(doc: Schema): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      out.push({
        op: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
        stream: operation.responses?.['200']?.content?.['text/event-stream'] !== undefined,
      });
    }
  }
  return out;
}

const SLUG_PARAMS = new Set(['emergencySlug', 'emergencia']);
const LANGUAGES = ['es', 'en', 'en-GB,en;q=0.9,es;q=0.5', '*', 'xx;q=abc', 'es-CO'];

export class RequestFactory {
  readonly #random: Random;
  readonly #values: SchemaValues;
  readonly #live: Live;
  readonly #bodyLimit: number;

  constructor(doc: Schema, random: Random, live: Live, bodyLimit: number) {
    this.#random = random;
    this.#values = new SchemaValues(doc, random);
    this.#live = live;
    this.#bodyLimit = bodyLimit;
  }

  next(operation: Operation): FuzzRequest {
    if (operation.path === MCP) return mcpRequest(operation.method, this.#live, this.#random);
    const notes: string[] = [];
    const query = this.#query(operation, notes);
    const headers = this.#headers(operation, query, notes);
    let body: string | undefined;
    if (operation.body) {
      const made = this.#body(operation.body, headers, notes);
      body = made.body;
      headers['content-type'] = made.contentType;
      this.#idempotency(headers, body, notes);
    }
    if (operation.method === 'OPTIONS') this.#preflight(headers, notes);
    const target = this.#target(operation, notes);
    return {
      op: operation.op,
      method: operation.method,
      path: operation.path,
      ...(target === operation.path ? {} : { target }),
      query,
      headers,
      body,
      ...(operation.stream ? { stream: true } : {}),
      note: notes.join('; ') || 'valid',
    };
  }

  /** Path parameters: a live value most of the time, otherwise a generated or a broken one. */
  #target(operation: Operation, notes: string[]): string {
    const r = this.#random;
    return operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name) ?? { name, schema: {} };
      if (r.chance(0.1)) {
        const junk = r.pick(['%zz', '..', '%2e%2e', 'x'.repeat(300), '__proto__', '%00', '%C3%B1', '%C3']);
        notes.push(`path ${name}: ${junk.slice(0, 20)}`);
        return junk;
      }
      return encodeURIComponent(this.#value(parameter, notes, false));
    });
  }

  #value(parameter: Schema, notes: string[], broken: boolean): string {
    const r = this.#random;
    const live = this.#live;
    if (broken) {
      const bad = this.#values.invalid(parameter.schema);
      if (bad) {
        notes.push(`${parameter.name}: ${bad.why}`);
        return queryText(bad.value);
      }
    }
    if (parameter.name === 'id' && live.ids.length > 0 && r.chance(0.7)) return r.pick(live.ids);
    if (SLUG_PARAMS.has(parameter.name) && live.slugs.length > 0 && r.chance(0.75)) return r.pick(live.slugs);
    return queryText(this.#values.valid(parameter.schema));
  }

  /** Valid parameters in most requests; otherwise one thing wrong: a value, a name, a repeat or the encoding. */
  #query(operation: Operation, notes: string[]): string {
    const r = this.#random;
    const params = new URLSearchParams();
    const inQuery = operation.parameters.filter((p) => p.in === 'query');
    const fault =
      inQuery.length === 0
        ? r.weighted<string>([
            ['none', 80],
            ['unknown', 15],
            ['raw', 5],
          ])
        : r.weighted<string>([
            ['none', 55],
            ['value', 25],
            ['missing', 4],
            ['unknown', 8],
            ['repeat', 5],
            ['raw', 3],
          ]);
    const brokenName = fault === 'value' ? r.pick(inQuery).name : null;
    const chosen = new Set<string>();
    for (const parameter of inQuery) {
      const include = parameter.name === brokenName || (parameter.required ? !(fault === 'missing') : r.chance(0.3));
      if (!include) {
        if (parameter.required) notes.push(`${parameter.name} missing`);
        continue;
      }
      chosen.add(parameter.name);
      params.append(parameter.name, this.#value(parameter, notes, parameter.name === brokenName));
    }
    // What the descriptions ask: coordinates as a pair, a radius with them, an id with the detail view.
    const byName = (name: string) => inQuery.find((p) => p.name === name);
    const add = (name: string) => {
      const parameter = byName(name);
      if (parameter && !params.has(name)) params.append(name, this.#value(parameter, notes, false));
    };
    if (params.has('latitude') || params.has('longitude') || params.has('radiusKm')) {
      add('latitude');
      add('longitude');
    }
    if (params.get('view') === 'detail') add('id');
    if (fault === 'unknown') {
      const name = r.pick(['sort', 'page', '__proto__', 'constructor', 'View', 'q[]', 'x'.repeat(300)]);
      params.append(name, '1');
      notes.push(`unknown parameter ${name.slice(0, 20)}`);
    }
    if (fault === 'repeat') {
      const parameter = r.pick(inQuery);
      params.append(parameter.name, queryText(this.#values.valid(parameter.schema)));
      params.append(parameter.name, queryText(this.#values.valid(parameter.schema)));
      notes.push(`${parameter.name} repeated`);
    }
    let text = params.toString();
    if (fault === 'raw') {
      const junk = r.pick(['%zz', '%00', '&&&', '=x', '%ED%A0%80', 'a=%', '%2', 'q=%C0%AF', ';']);
      text += (text ? '&' : '') + junk;
      notes.push(`raw ${junk}`);
    }
    return text;
  }

  #headers(operation: Operation, query: string, notes: string[]): Record<string, string> {
    const r = this.#random;
    const headers: Record<string, string> = {};
    if (r.chance(0.3)) headers['accept-language'] = r.pick(LANGUAGES);
    if (r.chance(0.1)) headers.origin = r.pick(['https://otra-app.example', 'null', `http://${this.#live.host}`]);
    if (operation.method === 'GET' && r.chance(0.12)) {
      const known = this.#live.etags.get(`${operation.path}?${query}`);
      headers['if-none-match'] = known && r.chance(0.8) ? known : r.pick(['"nada"', '*', 'W/"x"']);
      notes.push('If-None-Match');
    }
    return headers;
  }

  #body(schema: Schema, headers: Record<string, string>, notes: string[]): { body: string; contentType: string } {
    const r = this.#random;
    const json = 'application/json';
    const kind = r.weighted<'valid' | 'invalid' | 'raw'>([
      ['valid', 60],
      ['invalid', 25],
      ['raw', 15],
    ]);
    const valid = this.#values.valid(schema) as Record<string, unknown>;
    if (valid && typeof valid === 'object' && 'externalId' in valid) {
      valid.externalId = `fuzz-${r.uuid()}`; // a new record, rather than a revision of an earlier one
      const repost = this.#live.pairs.length > 0 && r.chance(0.2) ? this.#repost(headers, notes) : null;
      if (repost) return { body: JSON.stringify(repost), contentType: json };
    }
    if (kind === 'valid') return { body: JSON.stringify(valid), contentType: json };
    if (kind === 'invalid') {
      const bad = this.#values.invalid(schema);
      if (bad) {
        notes.push(`body: ${bad.why}`);
        return { body: JSON.stringify(bad.value), contentType: json };
      }
      return { body: JSON.stringify(valid), contentType: json };
    }
    const text = JSON.stringify(valid);
    const raw = r.pick([
      'truncated',
      'deep',
      'duplicate',
      'content-type',
      'over limit',
      'empty',
      'not json',
      'bom',
      'charset',
    ]);
    notes.push(`body: ${raw}`);
    switch (raw) {
      case 'truncated':
        return { body: text.slice(0, r.int(1, Math.max(1, text.length - 1))), contentType: json };
      case 'deep': {
        const depth = r.int(30, 3000);
        return { body: `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`, contentType: json };
      }
      case 'duplicate': {
        const key = r.pick(Object.keys(valid));
        return { body: text.replace('{', `{${JSON.stringify(key)}:${JSON.stringify(valid[key])},`), contentType: json };
      }
      case 'content-type':
        return {
          body: text,
          contentType: r.pick([
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
          ]),
        };
      case 'over limit':
        return {
          body: JSON.stringify({ ...valid, description: 'x'.repeat(this.#bodyLimit + r.int(1, 20_000)) }),
          contentType: json,
        };
      case 'empty':
        return { body: r.pick(['', ' ', '\n']), contentType: json };
      case 'not json':
        return { body: r.pick(['hola', '{a:1}', "{'a':1}", 'NaN', '[1,]', '\u0000']), contentType: json };
      case 'bom':
        return { body: `\ufeff${text}`, contentType: json };
      default:
        return {
          body: text,
          contentType: r.pick([
            'application/json; charset=utf-8',
            'application/json; charset=latin1',
            'APPLICATION/JSON',
          ]),
        };
    }
  }

  /**
   * An earlier pair again: the same content, or changed content with the right edit token, another one, a
   * malformed Authorization header or none, sometimes aimed at another emergency.
   */
  #repost(headers: Record<string, string>, notes: string[]): Record<string, unknown> {
    const r = this.#random;
    const pair = r.pick(this.#live.pairs);
    const body = { ...pair.body };
    const change = r.weighted<'same' | 'title' | 'emergency'>([
      ['same', 25],
      ['title', 60],
      ['emergency', 15],
    ]);
    if (change === 'title') body.title = `Cambio ${r.int(1000, 9999)} de la publicación`;
    const others = this.#live.slugs.filter((slug) => slug !== body.emergencySlug);
    if (change === 'emergency' && others.length > 0) body.emergencySlug = r.pick(others);
    const proof = r.weighted<'none' | 'token' | 'other' | 'malformed'>([
      ['none', 35],
      ['token', 35],
      ['other', 20],
      ['malformed', 10],
    ]);
    if (proof === 'token' && pair.editToken) headers.authorization = `Bearer ${pair.editToken}`;
    if (proof === 'other') headers.authorization = `Bearer ${r.pick(this.#live.pairs).editToken ?? 'x'.repeat(43)}`;
    if (proof === 'malformed') headers.authorization = r.pick(['Bearer', 'Basic dXNlcjpwYXNz', 'bearer  ', 'Token x']);
    notes.push(`re-post (${change}, proof ${proof})`);
    return body;
  }

  /** Idempotency-Key: usually absent; sometimes new, reused (same or other body) or malformed. */
  #idempotency(headers: Record<string, string>, body: string, notes: string[]): void {
    const r = this.#random;
    const keys = this.#live.idempotencyKeys;
    const choice = r.weighted<'none' | 'new' | 'reuse' | 'bad'>([
      ['none', 80],
      ['new', 10],
      ['reuse', 6],
      ['bad', 4],
    ]);
    if (choice === 'new' || (choice === 'reuse' && keys.length === 0)) {
      const key = `fuzz-${r.uuid()}`;
      keys.push(key);
      headers['idempotency-key'] = key;
      notes.push('Idempotency-Key new');
    } else if (choice === 'reuse') {
      headers['idempotency-key'] = r.pick(keys);
      notes.push('Idempotency-Key reused');
    } else if (choice === 'bad') {
      headers['idempotency-key'] = r.pick(['con espacio', 'x'.repeat(256), 'clavé']);
      notes.push('Idempotency-Key malformed');
    }
    void body;
  }

  #preflight(headers: Record<string, string>, notes: string[]): void {
    const r = this.#random;
    if (r.chance(0.8)) headers.origin = r.pick(['https://otra-app.example', 'null', 'http://localhost:1']);
    if (r.chance(0.8)) headers['access-control-request-method'] = r.pick(['POST', 'GET', 'DELETE', 'PATCH', 'BREW']);
    if (r.chance(0.6))
      headers['access-control-request-headers'] = r.pick([
        'content-type',
        'content-type,idempotency-key',
        'x-otra',
        '',
      ]);
    notes.push('preflight');
  }
}
