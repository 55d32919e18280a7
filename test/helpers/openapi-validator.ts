// Validates every response a test receives against the service's own OpenAPI document.

import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const DOC_ID = 'https://ayuda.test/openapi.json';

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

export class OpenApiValidator {
  readonly #doc: { paths: Record<string, Record<string, Operation>> };
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(doc: unknown) {
    this.#doc = doc as { paths: Record<string, Record<string, Operation>> };
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema({ ...(doc as object), $id: DOC_ID });
  }

  /** Throws when the response is not what the document promises for this path, method and status. */
  check(method: string, pathname: string, status: number, contentType: string | undefined, body: string): void {
    // A templated path (/help/{id}/reports) answers for any one segment in place of each {parameter}.
    const template =
      pathname in this.#doc.paths
        ? pathname
        : (Object.keys(this.#doc.paths).find((p) =>
            new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
          ) ?? pathname);
    const operation = this.#doc.paths[template]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${pathname} is not in the OpenAPI document`);
    const response = operation.responses[String(status)];
    if (!response)
      throw new Error(`${method} ${pathname} answered ${status}, which the OpenAPI document does not list`);
    if (!response.content) return;
    // The document names each media type it sends (application/json, application/geo+json); parameters aside.
    const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!response.content[mediaType]) {
      const documented = Object.keys(response.content).join(', ');
      throw new Error(`${method} ${pathname} ${status}: content-type ${contentType}, document says ${documented}`);
    }
    // Bodies are checked when they are JSON (application/json and the +json types); a stream is not a document.
    if (mediaType !== 'application/json' && !mediaType.endsWith('+json')) return;
    const key = `${method} ${template} ${status} ${mediaType}`;
    let validate = this.#compiled.get(key);
    if (!validate) {
      const pointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
      const pointer = `#/paths/${pointerSegment(template)}/${method.toLowerCase()}/responses/${status}/content/${pointerSegment(mediaType)}/schema`;
      validate = this.#ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      this.#compiled.set(key, validate);
    }
    const value = JSON.parse(body);
    if (!validate(value)) {
      throw new Error(
        `${key} violates the OpenAPI document: ${this.#ajv.errorsText(validate.errors, { separator: '\n' })}\n${body.slice(0, 2000)}`,
      );
    }
  }
}
