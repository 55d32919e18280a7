// Values drawn from the JSON Schemas of the OpenAPI document: ones a schema accepts, and ones it must refuse.
import type { Random } from './prng.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema is untyped data read from the served document
export type Schema = Record<string, any>;

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 áéíóúñÑü¿¡.,-';
const EXOTIC = ['🌊', '💧', '👍🏽', '中', 'e\u0301', '\u00a0', 'ß', '"', '\\', '<', '&'];
const SLUG = 'abcdefghijklmnopqrstuvwxyz0123456789-';

/** A refused value and the keyword it breaks. */
export interface Invalid {
  value: unknown;
  why: string;
}

export class SchemaValues {
  readonly #doc: Schema;
  readonly #random: Random;

  constructor(doc: Schema, random: Random) {
    this.#doc = doc;
    this.#random = random;
  }

  /** Follows local references (#/components/schemas/...). */
  resolve(schema: Schema | undefined): Schema {
    let current = schema ?? {};
    for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
      const path = (current.$ref as string).replace(/^#\//, '').split('/');
      current = path.reduce((node: Schema, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], this.#doc);
    }
    return current ?? {};
  }

  text(min: number, max: number): string {
    const r = this.#random;
    const length = r.chance(0.2) ? max : r.int(min, Math.min(max, min + 30));
    let out = '';
    let count = 0;
    while (count < length) {
      const unit = r.chance(0.06) ? r.pick(EXOTIC) : (LETTERS[r.int(0, LETTERS.length - 1)] as string);
      const size = [...unit].length;
      if (count + size > length) break;
      out += unit;
      count += size;
    }
    // Ends are trimmed by the service; keep them visible so the length holds.
    out = out.trim();
    while ([...out].length < min) out += 'x';
    return out;
  }

  #patterned(pattern: string, min: number, max: number): string | undefined {
    const re = new RegExp(pattern, 'u');
    const r = this.#random;
    const tries = [
      () => {
        let s = '';
        const n = r.int(Math.max(1, min), Math.max(1, Math.min(max, 24)));
        for (let i = 0; i < n; i++) s += SLUG[r.int(0, SLUG.length - 2)];
        return s;
      },
      () => `${SLUG[r.int(0, 25)]}${this.text(0, Math.min(max, 20)).replace(/[^A-Za-z0-9._:-]/g, '')}`,
      () => r.uuid(),
    ];
    for (let i = 0; i < 30; i++) {
      const candidate = (r.pick(tries) as () => string)();
      const length = [...candidate].length;
      if (re.test(candidate) && length >= min && length <= max) return candidate;
    }
    return undefined;
  }

  #number(schema: Schema, integer: boolean): number {
    const r = this.#random;
    const low = schema.exclusiveMinimum ?? schema.minimum ?? -1_000_000;
    const high = Math.min(schema.exclusiveMaximum ?? schema.maximum ?? 1_000_000, 1e12);
    if (integer) {
      const lo = Math.ceil(schema.exclusiveMinimum !== undefined ? low + 1e-9 : low);
      const hi = Math.floor(schema.exclusiveMaximum !== undefined ? high - 1e-9 : high);
      if (r.chance(0.15)) return r.pick([lo, hi]);
      return lo + Math.floor(r.next() * (hi - lo + 1));
    }
    if (r.chance(0.15) && schema.exclusiveMinimum === undefined && schema.minimum !== undefined) return schema.minimum;
    if (r.chance(0.15) && schema.exclusiveMaximum === undefined && schema.maximum !== undefined) return schema.maximum;
    let value = low + r.next() * (high - low);
    if (r.chance(0.5)) value = Math.round(value * 1000) / 1000;
    if (value <= low && schema.exclusiveMinimum !== undefined) value = low + (high - low) / 2;
    return Math.min(high, value);
  }

  /** A value the schema accepts (as far as JSON Schema can say; the service may refuse more). */
  valid(input: Schema | undefined, depth = 0): unknown {
    const schema = this.resolve(input);
    const r = this.#random;
    if ('const' in schema) return structuredClone(schema.const);
    if (Array.isArray(schema.enum)) return structuredClone(r.pick(schema.enum));
    // Examples are the document's own valid values: most scalars take them, which keeps whole bodies valid
    // (a phone number has no pattern to generate from); whole objects take them less, for variety. Copies, so
    // what a caller changes never reaches the document.
    if (Array.isArray(schema.examples) && schema.examples.length > 0) {
      const scalar = schema.type !== 'object' && schema.type !== 'array';
      if (r.chance(scalar ? 0.8 : 0.25)) return structuredClone(r.pick(schema.examples));
    }
    const branches = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(branches)) return this.valid(r.pick(branches), depth + 1);
    if (Array.isArray(schema.allOf)) return this.valid(schema.allOf[0], depth + 1);
    const type = Array.isArray(schema.type) ? r.pick(schema.type) : schema.type;
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        const required = new Set<string>(schema.required ?? []);
        for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
          if (required.has(name) || (depth < 4 && r.chance(0.5))) out[name] = this.valid(property, depth + 1);
        }
        return out;
      }
      case 'array': {
        const n = depth > 3 ? 0 : r.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
        return Array.from({ length: n }, () => this.valid(schema.items, depth + 1));
      }
      case 'string': {
        const min = schema.minLength ?? 0;
        const max = Math.min(schema.maxLength ?? 40, 1000);
        if (schema.format === 'date')
          return new Date(Date.UTC(r.int(1990, 2099), r.int(0, 11), r.int(1, 28))).toISOString().slice(0, 10);
        if (schema.format === 'date-time')
          return new Date(Date.UTC(r.int(2000, 2099), r.int(0, 11), r.int(1, 28))).toISOString();
        if (schema.format === 'uuid') return r.uuid();
        if (schema.format === 'uri') return `https://example.org/${r.int(1, 999)}`;
        if (schema.pattern) return this.#patterned(schema.pattern, min, max) ?? schema.examples?.[0] ?? '';
        return this.text(min, max);
      }
      case 'integer':
        return this.#number(schema, true);
      case 'number':
        return this.#number(schema, false);
      case 'boolean':
        return r.chance(0.5);
      case 'null':
        return null;
      default:
        return r.pick([{}, 'x', 1, true, null]);
    }
  }

  /** A value that breaks one keyword of the schema; null when the schema accepts anything. */
  invalid(input: Schema | undefined, depth = 0): Invalid | null {
    const schema = this.resolve(input);
    const r = this.#random;
    const options: (() => Invalid | null)[] = [];
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    const otherType = (): Invalid => {
      const candidates: [string, unknown][] = [
        ['string', 'texto'],
        ['number', 12.5],
        ['integer', 7],
        ['boolean', false],
        ['null', null],
        ['array', [1, 'a']],
        ['object', { a: 1 }],
      ];
      const allowed = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
      if (allowed.has('number')) allowed.add('integer');
      const pick = r.pick(candidates.filter(([t]) => !allowed.has(t)));
      return { value: pick[1], why: `type ${pick[0]} instead of ${[...allowed].join('|')}` };
    };
    if (type) options.push(otherType);
    if ('const' in schema)
      options.push(() => ({
        value: typeof schema.const === 'string' ? `${schema.const}x` : !schema.const,
        why: 'not the const',
      }));
    if (Array.isArray(schema.enum)) options.push(() => ({ value: `${r.pick(schema.enum)}-no`, why: 'not in enum' }));
    if (type === 'string') {
      if (schema.maxLength !== undefined)
        options.push(() => ({ value: 'x'.repeat(schema.maxLength + r.int(1, 50)), why: 'over maxLength' }));
      if (schema.minLength > 0)
        options.push(() => ({ value: r.pick(['', 'x'.repeat(schema.minLength - 1)]), why: 'under minLength' }));
      if (schema.pattern)
        options.push(() => ({ value: r.pick(['', ' ', 'NO VALE', '-', 'ñ', '../x']), why: 'pattern' }));
      if (schema.format === 'date')
        options.push(() => ({ value: r.pick(['2026-02-30', '31/12/2026', '2026-13-01']), why: 'format date' }));
      options.push(() => ({
        value: `a${r.pick(['\u0000', '\u0007', '\u001b', '\ud800'])}b`,
        why: 'control character or lone surrogate',
      }));
    }
    if (type === 'number' || type === 'integer') {
      if (schema.maximum !== undefined)
        options.push(() => ({ value: schema.maximum + r.pick([1, 0.5, 1e6]), why: 'over maximum' }));
      if (schema.minimum !== undefined)
        options.push(() => ({ value: schema.minimum - r.pick([1, 0.5, 1e6]), why: 'under minimum' }));
      if (schema.exclusiveMinimum !== undefined)
        options.push(() => ({ value: schema.exclusiveMinimum, why: 'at exclusiveMinimum' }));
      if (type === 'integer') options.push(() => ({ value: 2.5, why: 'not an integer' }));
    }
    if (type === 'object' && depth < 3) {
      const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
      const required: string[] = schema.required ?? [];
      if (required.length > 0) {
        options.push(() => {
          const value = this.valid(schema) as Record<string, unknown>;
          const name = r.pick(required);
          delete value[name];
          return { value, why: `missing ${name}` };
        });
      }
      if (schema.additionalProperties === false) {
        options.push(() => ({
          value: { ...(this.valid(schema) as object), [r.pick(['extra', '__proto__', 'constructor', 'x y'])]: 1 },
          why: 'unknown property',
        }));
      }
      if (properties.length > 0) {
        options.push(() => {
          const value = this.valid(schema) as Record<string, unknown>;
          const [name, property] = r.pick(properties);
          const bad = this.invalid(property, depth + 1);
          if (!bad) return null;
          value[name] = bad.value;
          return { value, why: `${name}: ${bad.why}` };
        });
      }
    }
    const branches = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(branches)) {
      // A value no branch accepts: a broken value of one branch usually is.
      options.push(() => this.invalid(r.pick(branches), depth + 1));
    }
    for (let i = 0; i < 5 && options.length > 0; i++) {
      const made = r.pick(options)();
      if (made) return made;
    }
    return null;
  }
}

/** A query-string value: numbers in decimal notation (the API refuses exponents), everything else as text. */
export function queryText(value: unknown): string {
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return String(value);
    const fixed = value.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
    return fixed === '-0' ? '0' : fixed;
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
