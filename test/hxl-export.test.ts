// HXL exports (GET /api/public/v1/export.csv and export.json): the hashtag row follows HXL's rules, the CSV is RFC
// 4180 and safe to open in a spreadsheet, an export holds exactly the records the list counts for the same filters,
// nothing private or unpublished leaves, 100,000 records stream over real HTTP in bounded memory, and every export
// states its licence. The CSV for spreadsheets (excel=1) is the same rows with a BOM, semicolons and decimal commas,
// under its own name and cache file, linked on the pages; the standard CSV stays as RFC 4180 writes it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type RawBuilder, sql } from 'kysely';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { refreshConfirmations } from '../src/commands/confirmation/refresh-confirmations.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { snapToGrid } from '../src/domain/public-place.ts';
import { EXPORT_PAGE } from '../src/queries/hxl-export.ts';
import { hxlColumns } from '../src/schemas/hxl.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { engine } from './helpers/database.ts';
import { addEmergency, type Harness, HELP, offerBody, publish, requestBody, setup, submit } from './helpers/harness.ts';
import { nextDocument } from './helpers/samples.ts';

const CSV = '/api/public/v1/export.csv';
const JSON_EXPORT = '/api/public/v1/export.json';
const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
const HXL_TAG = /^#[a-z][a-z0-9_]*(\+[a-z][a-z0-9_]*)*$/;
const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/;
const LICENSE = 'https://creativecommons.org/licenses/by-sa/4.0/';

/** A strict RFC 4180 reader: quoted fields with doubled quotes, CRLF after every record, nothing else. */
function parseCsv(text: string, separator: ',' | ';' = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
      continue;
    }
    if (c === '"') {
      assert.ok(field === '' && !wasQuoted, `a quote inside an unquoted field at ${i}`);
      quoted = true;
      wasQuoted = true;
    } else if (c === separator) {
      row.push(field);
      field = '';
      wasQuoted = false;
    } else if (c === '\r') {
      assert.equal(text[i + 1], '\n', `a CR without LF at ${i}`);
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      wasQuoted = false;
      i++;
    } else {
      assert.notEqual(c, '\n', `a bare LF at ${i}`);
      assert.ok(!wasQuoted, `text after a closing quote at ${i}`);
      field += c;
    }
  }
  assert.ok(!quoted && field === '' && row.length === 0, 'the last record ends with CRLF');
  return rows;
}

/** What the CSV must hold for a JSON value: numbers bare, text protected against formulas. */
function csvCell(value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // At its start and after every ; or line break (where a spreadsheet set to Spanish starts a cell), past spaces and
  // quotes.
  return String(value).replace(/(^|[;\r\n])(?=[ "]*[=+\-@\t\r])/g, "$1'");
}

/** The two ways the CSV is written, as the README states them. */
const DIALECTS = {
  standard: { separator: ',', decimalMark: '.', bom: '' },
  excel: { separator: ';', decimalMark: ',', bom: '\uFEFF' },
} as const;
const BOM_BYTES = [0xef, 0xbb, 0xbf];

/**
 * The whole CSV the README describes for these JSON records, written here apart from the service's writer: a text
 * cell protected and quoted when it holds a comma, a semicolon, a quote, CR or LF; a number bare, with the dialect's
 * decimal mark.
 */
function expectedCsv(json: Record<string, unknown>[], dialect: (typeof DIALECTS)[keyof typeof DIALECTS]): string {
  const quoted = (cell: string) => (/[",;\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const cell = (value: unknown) =>
    typeof value === 'number' ? String(value).replace('.', dialect.decimalMark) : quoted(csvCell(value));
  const line = (cells: string[]) => `${cells.join(dialect.separator)}\r\n`;
  return (
    dialect.bom +
    line(hxlColumns.map((c) => cell(c.header))) +
    line(hxlColumns.map((c) => c.tag)) +
    json.map((object) => line(hxlColumns.map((c) => cell(object[c.tag])))).join('')
  );
}

let h: Harness;
const canaries = {
  pendingTitle: `Pendiente ${randomUUID().slice(0, 8)}`,
  pendingPhone: '+573005550201',
  rejectedTitle: `Rechazada ${randomUUID().slice(0, 8)}`,
  rejectedPhone: '+573005550202',
  expiredTitle: `Vencida ${randomUUID().slice(0, 8)}`,
  identityDocument: nextDocument(),
  /** Published with consent in the API; an export carries no phone at all. */
  publishedPhone: '+573005550203',
  /** A requester's consented name: public in the API, never in an export. */
  requesterName: `Solicitante ${randomUUID().slice(0, 8)}`,
};
/** An offer whose every text is hostile to CSV: commas, semicolons, quotes, line breaks and formula starts. */
const tricky = {
  title: '=HYPERLINK("http://x.test","clic"), ya',
  description: 'Línea uno, con "comillas"\nLínea dos\n-3 bidones, @todos; =1+1;"+cmd"',
  contactName: '@Centro "Norte", Mocoa',
};
/** A home sent with its exact point: only the rounded public point may leave. */
const HOME = { latitude: 1.143217, longitude: -76.641234 };
/** A request for a spreadsheet: accents, a semicolon with quotes, and a quantity with decimals. */
const spreadsheet = {
  title: 'Agua para niños de Puerto Asís',
  description: 'Bidones; "grandes" y jabón',
  quantityRequired: 1500.5,
  unit: 'litros',
};
const ids = { tricky: '', expired: '', identity: '', home: '', spreadsheet: '' };

async function exportOf(path: string, params: Record<string, string> = {}) {
  const query = new URLSearchParams(params).toString();
  return h.request({ method: 'GET', url: `${path}${query ? `?${query}` : ''}` });
}

/** Every id the list gives for these filters, page after page, and its total. */
async function listed(params: Record<string, string>): Promise<{ total: number; ids: string[] }> {
  const found: string[] = [];
  let total = 0;
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ view: 'list', limit: '100', ...params, ...(cursor ? { cursor } : {}) });
    const res = await h.json({ method: 'GET', url: `${HELP}?${query}` });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    total = res.body.total;
    for (const item of res.body.items) found.push(item.id);
    cursor = res.body.nextCursor;
  } while (cursor);
  return { total, ids: found };
}

describe('HXL exports', () => {
  before(async () => {
    h = await setup({ RECONFIRM_AFTER_HOURS: '72', EXPIRE_AFTER_HOURS: '48' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    await addEmergency(h, OTHER, 'Avalancha en Salgar');
    // Published, then nobody confirms it for 121 hours: expired, out of the list and of the default export.
    ids.expired = await publish(h, requestBody({ emergencySlug: SLUG, title: canaries.expiredTitle }));
    h.clock.advanceHours(121);
    await refreshConfirmations(h.ctx);
    await submit(
      h,
      requestBody({ emergencySlug: SLUG, title: canaries.pendingTitle, contactWhatsapp: canaries.pendingPhone }),
    );
    const rejected = await submit(
      h,
      requestBody({ emergencySlug: SLUG, title: canaries.rejectedTitle, contactWhatsapp: canaries.rejectedPhone }),
    );
    await rejectSubmission(h.ctx, rejected, 'test', 'Duplicada');
    const withDocument = helpSubmission.parse(
      requestBody({
        emergencySlug: SLUG,
        title: 'Medicamentos para la presión',
        category: 'medicamentos',
        contactName: canaries.requesterName,
        contactWhatsapp: canaries.publishedPhone,
        quantityRequired: 12,
        unit: 'cajas',
        neededPeople: 4,
      }),
    );
    const { result } = await submitHelp(h.ctx, withDocument, { identityDocument: canaries.identityDocument });
    ids.identity = result.id;
    await approveSubmission(h.ctx, ids.identity, 'test');
    ids.tricky = await publish(
      h,
      offerBody({ emergencySlug: SLUG, ...tricky, address: 'Coliseo', latitude: 1.1521, longitude: -76.6513 }),
    );
    ids.spreadsheet = await publish(h, requestBody({ emergencySlug: SLUG, ...spreadsheet }));
    ids.home = await publish(
      h,
      requestBody({
        emergencySlug: SLUG,
        title: 'Casa inundada con bidones',
        quantityRequired: 30,
        unit: 'bidones',
        ...HOME,
      }),
    );
    // A mix for the filters: categories, two municipalities of Putumayo, both types, the other emergency.
    for (let i = 0; i < 12; i++) {
      await publish(
        h,
        requestBody({
          emergencySlug: SLUG,
          title: `Agua ${i}`,
          category: i % 3 === 0 ? 'alimentos' : 'agua',
          latitude: 1.14 + (i % 4) * 0.002,
          longitude: -76.65,
          quantityRequired: 10 + i,
          unit: 'bidones',
        }),
      );
      await publish(
        h,
        requestBody({
          emergencySlug: SLUG,
          title: `Puerto Asís ${i}`,
          latitude: undefined,
          longitude: undefined,
          address: 'Vereda La Esperanza',
          municipalityCode: '86568',
        }),
      );
    }
    for (let i = 0; i < 4; i++) {
      await publish(h, offerBody({ emergencySlug: SLUG, title: `Mercados ${i}`, category: 'alimentos' }));
      await publish(h, requestBody({ emergencySlug: OTHER, title: `Salgar con bidones ${i}`, category: 'agua' }));
    }
  });
  after(() => h.close());

  test('the hashtag row follows HXL: lower-case tags with + attributes, no #contact, numbers where numbers go', async () => {
    const res = await exportOf(CSV, { status: 'all' });
    assert.equal(res.statusCode, 200);
    const [headers, tags, ...rows] = parseCsv(res.body);
    assert.deepEqual(
      headers,
      hxlColumns.map((c) => c.header),
    );
    assert.deepEqual(
      tags,
      hxlColumns.map((c) => c.tag),
    );
    assert.equal(new Set(tags).size, tags?.length, 'each tag once');
    for (const tag of tags ?? []) {
      assert.match(tag, HXL_TAG);
      assert.ok(!tag.startsWith('#contact'), tag);
    }
    const expected = [
      '#meta+id',
      '#crisis+code',
      '#crisis+name',
      '#activity+type',
      '#sector+code',
      '#item+name',
      '#status',
      '#severity',
      '#value+required',
      '#value+covered',
      '#value+committed',
      '#value+pending',
      '#indicator+unit',
      '#affected+num',
      '#adm1+code',
      '#adm1+name',
      '#adm2+code',
      '#adm2+name',
      '#adm2+code+pcode',
      '#geo+lat',
      '#geo+lon',
      '#date+created',
      '#date+updated',
      '#org',
      '#meta+url',
    ];
    assert.deepEqual(tags?.slice(0, expected.length), expected, 'the documented columns in their order');
    assert.ok(rows.length > 30);
    const numeric = (tag: string) => /^#(value|affected|geo)\b/.test(tag);
    for (const row of rows) {
      assert.equal(row.length, tags?.length);
      row.forEach((cell, i) => {
        const tag = tags?.[i] as string;
        if (numeric(tag) && cell !== '') assert.match(cell, NUMBER, `${tag}: ${cell}`);
      });
    }
    // A request with quantities has its numbers; an offer has none.
    const byId = new Map(rows.map((row) => [row[0], row]));
    const request = byId.get(ids.identity) as string[];
    const at = (tag: string) => tags?.indexOf(tag) as number;
    assert.equal(request[at('#value+required')], '12');
    assert.equal(request[at('#value+covered')], '0');
    assert.equal(request[at('#affected+num')], '4');
    assert.equal(request[at('#indicator+unit')], 'cajas');
    assert.equal((byId.get(ids.tricky) as string[])[at('#value+required')], '');
    // The JSON export: the same tags as keys, numbers as numbers, absent values null.
    const json = JSON.parse((await exportOf(JSON_EXPORT, { status: 'all' })).body) as Record<string, unknown>[];
    assert.equal(json.length, rows.length);
    for (const object of json) {
      assert.deepEqual(Object.keys(object), tags);
      for (const [tag, value] of Object.entries(object)) {
        if (numeric(tag)) assert.ok(value === null || typeof value === 'number', `${tag}: ${JSON.stringify(value)}`);
        else assert.ok(value === null || typeof value === 'string', `${tag}: ${JSON.stringify(value)}`);
      }
    }
  });

  test('RFC 4180: commas, semicolons, quotes, line breaks and formula starts round-trip; spreadsheets get no formula', async () => {
    const res = await exportOf(CSV, { emergencySlug: SLUG, type: 'offer' });
    assert.ok(res.body.endsWith('\r\n'));
    assert.ok(!/(?<!\r)\n/.test(res.body.replace(/"(?:[^"]|"")*"/g, '')), 'every line outside quotes ends in CRLF');
    const [, tags, ...rows] = parseCsv(res.body);
    const at = (tag: string) => tags?.indexOf(tag) as number;
    const row = rows.find((r) => r[0] === ids.tricky) as string[];
    assert.ok(row, 'the offer is exported');
    // The text comes back whole, behind the apostrophe that keeps a spreadsheet from running it.
    assert.equal(row[at('#activity+name')], `'${tricky.title}`);
    // A spreadsheet set to Spanish starts a cell after each ; and line break: each such piece is protected too.
    assert.equal(row[at('#description')], `Línea uno, con "comillas"\nLínea dos\n'-3 bidones, @todos;' =1+1;'"+cmd"`);
    assert.equal(row[at('#org')], `'${tricky.contactName}`);
    hxlColumns.forEach((column, i) => {
      if (column.kind === 'text')
        assert.doesNotMatch(row[i] as string, /^[=+\-@\t\r]/, `${column.tag} starts a formula`);
    });
    // Read as such a spreadsheet reads it: split at every ; and line break, quotes honoured at no piece's start.
    for (const cell of res.body.split(/[;\r\n]/)) {
      assert.doesNotMatch(cell.replace(/^[ "]+/, ''), /^[=+\-@\t]/, `a ; reader's cell starts a formula: ${cell}`);
    }
    // A negative longitude is a number, not text to protect (the offer's public point: about 300 m off).
    assert.equal(row[at('#geo+lon')], String(snapToGrid(-76.6513)));
    // JSON carries the texts as published, the same as the record's detail.
    const detail = (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${ids.tricky}` })).body.item;
    const json = JSON.parse((await exportOf(JSON_EXPORT, { emergencySlug: SLUG, type: 'offer' })).body);
    const object = json.find((o: Record<string, unknown>) => o['#meta+id'] === ids.tricky);
    assert.equal(object['#activity+name'], detail.title);
    assert.equal(object['#description'], detail.description);
    assert.equal(object['#org'], detail.contact.name);
    assert.equal(detail.title, tricky.title);
    assert.equal(detail.contact.name, tricky.contactName);
  });

  test('an export holds exactly the records the list counts for the same filters; CSV and JSON agree', async () => {
    const filters: Record<string, string>[] = [
      { emergencySlug: SLUG, type: 'request', category: 'agua', municipalityCode: '86001' },
      { emergencySlug: SLUG, municipalityCode: '86568' },
      { q: 'bidones' },
      { emergencySlug: SLUG, q: 'agua', status: 'all' },
      { emergencySlug: SLUG, status: 'all', priority: 'deficit' },
      { latitude: '1.142', longitude: '-76.65', radiusKm: '2' },
      { type: 'offer', category: 'alimentos' },
      {},
    ];
    for (const params of filters) {
      const what = JSON.stringify(params);
      const list = await listed(params);
      const csv = await exportOf(CSV, params);
      assert.equal(csv.statusCode, 200, what);
      const [, tags, ...rows] = parseCsv(csv.body);
      const json = JSON.parse((await exportOf(JSON_EXPORT, params)).body) as Record<string, unknown>[];
      assert.equal(rows.length, list.total, `${what}: CSV rows = list total`);
      assert.equal(json.length, list.total, `${what}: JSON rows = list total`);
      assert.deepEqual(rows.map((r) => r[0]).sort(), [...list.ids].sort(), what);
      // The same records in the same order, value for value.
      json.forEach((object, n) => {
        assert.deepEqual(
          rows[n],
          tags?.map((tag) => csvCell(object[tag])),
          what,
        );
      });
    }
    // The filters select something real: not every export is the whole emergency or empty.
    const sizes = await Promise.all(filters.slice(0, 3).map(async (params) => (await listed(params)).total));
    assert.ok(sizes.every((n) => n > 0));
    assert.ok(new Set(sizes).size > 1);
  });

  test('the place is the public one, with its DIVIPOLA names (credit DANE) and its HDX place code', async () => {
    const json = JSON.parse((await exportOf(JSON_EXPORT, { emergencySlug: SLUG, status: 'all' })).body);
    const detail = (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${ids.home}` })).body.item;
    const home = json.find((o: Record<string, unknown>) => o['#meta+id'] === ids.home);
    assert.equal(home['#geo+lat'], detail.location.latitude);
    assert.equal(home['#geo+lon'], detail.location.longitude);
    assert.notEqual(home['#geo+lat'], HOME.latitude, 'the sent point never leaves');
    assert.equal(detail.location.precision, 'approximate');
    assert.deepEqual(
      [home['#adm1+code'], home['#adm1+name'], home['#adm2+code'], home['#adm2+name'], home['#adm2+code+pcode']],
      ['86', 'Putumayo', '86001', 'Mocoa', 'CO86001'],
    );
    assert.equal(home['#crisis+code'], SLUG);
    assert.equal(home['#item+name'], 'Agua');
    assert.equal(home['#meta+url'], detail.publicUrl);
    assert.equal(home['#org'], null, "a requester's name is not open data");
    const asis = json.find((o: Record<string, unknown>) => o['#adm2+code'] === '86568');
    assert.equal(asis['#adm2+name'], 'Puerto Asís');
    assert.equal(asis['#adm2+code+pcode'], 'CO86568');
  });

  test('pending, rejected and expired records, phones, identity documents and requesters never appear', async () => {
    const bodies: string[] = [];
    for (const path of [CSV, JSON_EXPORT]) {
      const scopes: Record<string, string>[] = [
        {},
        { status: 'all' },
        { emergencySlug: SLUG, status: 'all' },
        { q: 'medicamentos' },
      ];
      for (const params of scopes) {
        const res = await exportOf(path, params);
        assert.equal(res.statusCode, 200);
        bodies.push(`${JSON.stringify(res.headers)}\n${res.body}`);
      }
    }
    const all = bodies.join('\n');
    for (const value of [
      ...Object.values(canaries),
      canaries.pendingPhone.slice(1),
      canaries.publishedPhone.slice(1),
      // The numbers every other published request and offer of this file was sent with.
      '573001234567',
      '573157654321',
      'wa.me',
      ids.expired,
    ]) {
      assert.ok(!all.includes(value), `${value} leaked`);
    }
    // The search can fail: the approved record with a document is there, and the expired one when asked for.
    assert.ok(all.includes(ids.identity));
    const expired = await exportOf(CSV, { emergencySlug: SLUG, status: 'all', confirmation: 'expired' });
    assert.ok(expired.body.includes(ids.expired) && expired.body.includes(canaries.expiredTitle));
    assert.equal(parseCsv(expired.body).length, 3, 'the head rows and the one expired record');
  });

  test('licence, attachment and rate-limit headers; a bad parameter is the list’s 400', async () => {
    for (const [path, type, extension] of [
      [CSV, 'text/csv; charset=utf-8; header=present', 'csv'],
      [JSON_EXPORT, 'application/json; charset=utf-8', 'json'],
    ] as const) {
      const day = h.ctx.now().toISOString().slice(0, 10);
      const scoped = await exportOf(path, { emergencySlug: SLUG });
      assert.equal(scoped.headers['content-type'], type);
      assert.equal(
        scoped.headers['content-disposition'],
        `attachment; filename="ayuda-directa-${SLUG}-${day}.${extension}"`,
      );
      const link = String(scoped.headers.link);
      assert.ok(link.includes(`<${LICENSE}>; rel="license"`), link);
      assert.match(link, /<http:\/\/ayuda\.test\/desarrolladores#datos-abiertos>; rel="describedby"; title="[^"]*DANE/);
      assert.ok(scoped.headers['ratelimit-limit']);
      // Built once and kept: served from its file, whole, with its length and an ETag.
      assert.equal(Number(scoped.headers['content-length']), Buffer.byteLength(scoped.body));
      assert.match(String(scoped.headers.etag), new RegExp(`^"\\d+-[\\w-]{22}\\.${extension}"$`));
      const remaining = Number(scoped.headers['ratelimit-remaining']);
      const all = await exportOf(path);
      assert.equal(
        all.headers['content-disposition'],
        `attachment; filename="ayuda-directa-todas-${day}.${extension}"`,
      );
      assert.equal(Number(all.headers['ratelimit-remaining']), remaining - 1, 'each export is one read');
      assert.match(String(all.headers['access-control-expose-headers']), /Content-Disposition/);

      const bads: Record<string, string>[] = [
        { radiusKm: '5' },
        { emergencySlug: 'no-existe' },
        { category: 'nada' },
        { latitude: '1.1' },
        { municipalityCode: '99999' },
        { q: 'x'.repeat(121) },
      ];
      for (const bad of bads) {
        const listed = await h.json({ method: 'GET', url: `${HELP}?${new URLSearchParams({ view: 'list', ...bad })}` });
        const exported = await h.json({ method: 'GET', url: `${path}?${new URLSearchParams(bad)}` });
        assert.equal(listed.status, 400);
        assert.equal(exported.status, 400, JSON.stringify(bad));
        assert.deepEqual(exported.body, listed.body, JSON.stringify(bad));
      }
      // Paging is the list's alone: an export takes every record.
      for (const paging of ['limit=10', 'cursor=abc', 'sort=priority', 'view=list']) {
        const res = await h.json({ method: 'GET', url: `${path}?${paging}` });
        assert.equal(res.status, 400, paging);
        assert.equal(res.body.code, 'invalid_query', paging);
      }
    }
  });

  test('the standard CSV is RFC 4180 as documented, byte for byte; excel=1 is the same rows in the Excel dialect', async () => {
    const scopes: Record<string, string>[] = [
      { status: 'all' },
      { emergencySlug: SLUG, type: 'offer' },
      { q: 'bidones' },
    ];
    for (const params of scopes) {
      const what = JSON.stringify(params);
      const json = JSON.parse((await exportOf(JSON_EXPORT, params)).body) as Record<string, unknown>[];
      assert.ok(json.length > 0, what);
      const standard = await exportOf(CSV, params);
      assert.notDeepEqual([...standard.rawPayload.subarray(0, 3)], BOM_BYTES, `${what}: no BOM`);
      assert.equal(standard.body, expectedCsv(json, DIALECTS.standard), what);
      const excel = await exportOf(CSV, { ...params, excel: '1' });
      assert.equal(excel.statusCode, 200, what);
      assert.equal(excel.body, expectedCsv(json, DIALECTS.excel), what);
    }
  });

  test('excel=1: a BOM, semicolons, a decimal comma, accents intact, the HXL row, quotes and the formula guard', async () => {
    const day = h.ctx.now().toISOString().slice(0, 10);
    const res = await exportOf(CSV, { emergencySlug: SLUG, excel: '1' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual([...res.rawPayload.subarray(0, 3)], BOM_BYTES, 'UTF-8 with a BOM');
    const text = res.rawPayload.subarray(3).toString('utf8');
    assert.ok(!text.includes('\uFFFD'), 'valid UTF-8');
    const [headers, tags, ...rows] = parseCsv(text, ';');
    // The accented headers, and the hashtag row kept for HXL tools.
    assert.deepEqual(
      headers,
      hxlColumns.map((c) => c.header),
    );
    assert.ok(headers?.includes('Descripción') && headers.includes('Página pública'));
    assert.deepEqual(
      tags,
      hxlColumns.map((c) => c.tag),
    );
    for (const row of rows) assert.equal(row.length, tags?.length, 'split at semicolons only');
    const at = (tag: string) => tags?.indexOf(tag) as number;
    const byId = new Map(rows.map((row) => [row[0], row]));
    const row = byId.get(ids.spreadsheet) as string[];
    assert.equal(row[at('#value+required')], '1500,5');
    assert.equal(row[at('#indicator+unit')], spreadsheet.unit);
    assert.equal(row[at('#activity+name')], spreadsheet.title);
    // A text with a semicolon and quotes comes back whole: quoted, its quotes doubled.
    assert.equal(row[at('#description')], spreadsheet.description);
    assert.ok(text.includes('"Bidones; ""grandes"" y jabón"'));
    const detail = (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${ids.spreadsheet}` })).body.item;
    assert.equal(row[at('#geo+lat')], String(detail.location.latitude).replace('.', ','));
    assert.equal(row[at('#geo+lon')], String(detail.location.longitude).replace('.', ','));
    // A formula start is written as text, in the cell and in every piece a ; reader makes.
    const offer = byId.get(ids.tricky) as string[];
    assert.equal(offer[at('#activity+name')], `'${tricky.title}`);
    assert.equal(offer[at('#org')], `'${tricky.contactName}`);
    // A negative number is a number to the spreadsheet, never a formula.
    for (const cell of text.split(/[;\r\n]/).filter((piece) => !/^-\d+(,\d+)?$/.test(piece))) {
      assert.doesNotMatch(cell.replace(/^[ "]+/, ''), /^[=+\-@\t]/, `a cell starts a formula: ${cell}`);
    }
    // Its own file name, the same media type and licence, its length with the BOM.
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8; header=present');
    assert.equal(res.headers['content-disposition'], `attachment; filename="ayuda-directa-${SLUG}-${day}-excel.csv"`);
    assert.ok(String(res.headers.link).includes(`<${LICENSE}>; rel="license"`));
    assert.equal(Number(res.headers['content-length']), res.rawPayload.length);
  });

  test('excel=1 is kept apart from the standard CSV: its own ETag and file, each answering its own 304', async () => {
    const params = { emergencySlug: SLUG, status: 'all' };
    const standard = await exportOf(CSV, params);
    const excel = await exportOf(CSV, { ...params, excel: '1' });
    assert.notEqual(excel.headers.etag, standard.headers.etag);
    assert.match(String(excel.headers.etag), /^"\d+-[\w-]{22}-excel\.csv"$/);
    // Asked again in turn, each comes from its own file, whole.
    const standardAgain = await exportOf(CSV, params);
    const excelAgain = await exportOf(CSV, { ...params, excel: '1' });
    assert.ok(standardAgain.rawPayload.equals(standard.rawPayload));
    assert.ok(excelAgain.rawPayload.equals(excel.rawPayload));
    assert.ok(!excel.rawPayload.equals(standard.rawPayload));
    const url = (excelParam: boolean) =>
      `${CSV}?${new URLSearchParams({ ...params, ...(excelParam ? { excel: '1' } : {}) })}`;
    const notModified = await h.request({
      method: 'GET',
      url: url(true),
      headers: { 'if-none-match': String(excel.headers.etag) },
    });
    assert.equal(notModified.statusCode, 304);
    const otherTag = await h.request({
      method: 'GET',
      url: url(true),
      headers: { 'if-none-match': String(standard.headers.etag) },
    });
    assert.equal(otherTag.statusCode, 200, "the standard CSV's ETag is not the Excel one's");
  });

  test('excel takes the value 1 only; anything else, or excel on the JSON export, is 400 invalid_query', async () => {
    for (const value of ['2', '0', 'true', '', 'sí']) {
      const res = await h.json({ method: 'GET', url: `${CSV}?${new URLSearchParams({ excel: value })}` });
      assert.equal(res.status, 400, value);
      assert.equal(res.body.code, 'invalid_query', value);
      assert.ok(
        res.body.details.some((d: { field: string }) => d.field === 'excel'),
        JSON.stringify(res.body.details),
      );
    }
    const twice = await h.json({ method: 'GET', url: `${CSV}?excel=1&excel=1` });
    assert.equal(twice.status, 400);
    assert.equal(twice.body.code, 'invalid_query');
    const json = await h.json({ method: 'GET', url: `${JSON_EXPORT}?excel=1` });
    assert.equal(json.status, 400);
    assert.equal(json.body.code, 'invalid_query');
  });

  test('the pages that link the CSV link "Para Excel" ("For Excel"), their twins too, and the link gives the Excel CSV', async () => {
    const pages = [
      [`/emergencias/${SLUG}`, 'Para Excel'],
      [`/emergencias/${SLUG}?lang=en`, 'For Excel'],
      [`/emergencias/${SLUG}.md`, 'Para Excel'],
      [`/emergencias/${SLUG}.md?lang=en`, 'For Excel'],
      ['/desarrolladores', 'Para Excel'],
      ['/desarrolladores?lang=en', 'For Excel'],
      ['/desarrolladores.md', 'Para Excel'],
    ] as const;
    for (const [page, label] of pages) {
      const res = await h.app.inject({ method: 'GET', url: page });
      assert.equal(res.statusCode, 200, page);
      const found = page.includes('.md')
        ? new RegExp(`\\[${label}\\]\\(<?([^)>\\s]+)>?\\)`).exec(res.body)
        : new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${label}</a>`).exec(res.body);
      assert.ok(found, `${page}: a link "${label}"`);
      const href = new URL((found[1] as string).replaceAll('&amp;', '&'), h.config.baseUrl);
      assert.equal(href.pathname, CSV, page);
      assert.equal(href.searchParams.get('excel'), '1', page);
      if (page.startsWith('/emergencias/')) assert.equal(href.searchParams.get('emergencySlug'), SLUG, page);
      const download = await h.request({ method: 'GET', url: `${href.pathname}${href.search}` });
      assert.equal(download.statusCode, 200, `${page}: ${href}`);
      assert.deepEqual([...download.rawPayload.subarray(0, 3)], BOM_BYTES, page);
      assert.match(String(download.headers['content-disposition']), /-excel\.csv"$/, page);
    }
  });
});

describe('the reads limit', () => {
  let limited: Harness;
  before(async () => {
    limited = await setup({ RATE_LIMIT_READS_PER_MINUTE: '2' });
    await addEmergency(limited, SLUG, 'Inundación Mocoa');
  });
  after(() => limited.close());

  test('exports count as reads: past the limit, 429 rate_limited with Retry-After, before anything is read', async () => {
    const answers = [];
    for (const path of [CSV, JSON_EXPORT, CSV]) answers.push(await limited.request({ method: 'GET', url: path }));
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [200, 200, 429],
    );
    const refused = answers[2] as (typeof answers)[number];
    assert.equal(JSON.parse(refused.body).code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(refused.headers['content-disposition'], undefined);
  });
});

/**
 * Published records in bulk, copied in the database itself from the records already published: each copy with its
 * own id, pair, title, creation time and change number, so a new instance's index reads them all.
 */
async function seedCopies(h: Harness, count: number): Promise<void> {
  const db = h.ctx.db;
  const templates = await db.selectFrom('help_records').selectAll().where('review_status', '=', 'approved').execute();
  const last = Math.max(...templates.map((t) => Number(t.change_seq)));
  const postgres = engine === 'postgres';
  const made: Record<string, RawBuilder<unknown>> = {
    id: postgres
      ? sql`'00000000-0000-4000-8000-' || lpad(n.i::text, 12, '0')`
      : sql`'00000000-0000-4000-8000-' || printf('%012d', n.i)`,
    external_id: sql`'copia-' || n.i`,
    title: sql`t.title || ' ' || n.i`,
    receipt_code_hash: sql`null`,
    receipt_code_sealed: sql`null`,
    send_token_hash: sql`null`,
    edit_token_hash: sql`null`,
    created_at: postgres
      ? sql`to_char(timestamp '2026-05-01' + n.i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%S.000Z', '2026-05-01', '+' || n.i || ' seconds')`,
    change_seq: sql`${last} + 1 + n.i`,
  };
  made.updated_at = made.created_at as RawBuilder<unknown>;
  const columns = Object.keys(templates[0] ?? {});
  const values = columns.map((column) => made[column] ?? sql`t.${sql.id(column)}`);
  const batch = 20_000;
  for (let first = 0; first < count; first += batch) {
    const end = Math.min(count, first + batch) - 1;
    await sql`
      with recursive n(i) as (select ${sql.lit(first)} union all select i + 1 from n where i < ${sql.lit(end)})
      insert into help_records (${sql.join(columns.map((column) => sql.id(column)))})
      select ${sql.join(values)}
      from n
      join (select h.*, row_number() over (order by h.created_at, h.id) - 1 as k
            from help_records h where h.review_status = 'approved' and h.external_id not like 'copia-%') t
        on t.k = n.i % ${sql.lit(templates.length)}`.execute(db);
  }
  // The rows carry their change numbers: the sequence continues after them.
  if (postgres) await sql`select setval('help_records_change_seq', ${last + count})`.execute(db);
}

describe('100,000 records', () => {
  const RECORDS = 100_000;
  /**
   * What the export may keep while it streams, over the idle service: the live heap (after a full collection) plus
   * the memory outside it (buffers waiting for the socket). The CSV itself is over twice as large.
   */
  const BOUND_MB = 16;
  let seeded: Harness;
  let big: Harness;

  before(async () => {
    seeded = await setup();
    await addEmergency(seeded, SLUG, 'Inundación Mocoa');
    const description =
      'Somos seis familias en la vereda, sin agua potable desde el martes. El camino está cortado por el río y solo ' +
      'se llega a pie desde el puente. Necesitamos bidones, pastillas potabilizadoras y algo de comida para los niños.';
    const templates = [
      requestBody({ emergencySlug: SLUG, description, quantityRequired: 30, unit: 'bidones' }),
      requestBody({
        emergencySlug: SLUG,
        description,
        latitude: undefined,
        longitude: undefined,
        municipalityCode: '86568',
      }),
      offerBody({ emergencySlug: SLUG, description, latitude: 1.15, longitude: -76.65, address: 'Coliseo' }),
      offerBody({ emergencySlug: SLUG, description, category: 'acopio', collectionCenterStatus: 'needs_resources' }),
    ];
    for (const body of templates) await publish(seeded, body);
    await seedCopies(seeded, RECORDS - templates.length);
    // A second instance on the seeded database builds its index from it, as a restarted service would.
    big = await setup({}, seeded);
    await big.ctx.search.warm();
    await big.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await big?.close();
    await seeded?.close();
  });

  test(`a CSV export of ${RECORDS} records streams over HTTP keeping under ${BOUND_MB} MB`, async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const kept = () => {
      gc();
      gc();
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.external;
    };
    const { port } = big.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}${CSV}?status=all`;

    /** Counts records as they arrive, never holding the body: a line ends at an LF outside quotes. */
    const stream = (onChunk: (n: number) => void) =>
      new Promise<{ lines: number; bytes: number; status: number }>((resolve, reject) => {
        httpGet(url, (res) => {
          let lines = 0;
          let bytes = 0;
          let chunks = 0;
          let quoted = false;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            for (let i = 0; i < chunk.length; i++) {
              const byte = chunk[i];
              if (byte === 0x22) quoted = !quoted;
              else if (byte === 0x0a && !quoted) lines++;
            }
            onChunk(++chunks);
          });
          res.on('end', () => resolve({ lines, bytes, status: res.statusCode ?? 0 }));
          res.on('error', reject);
        }).on('error', reject);
      });

    // Compiled code, statements and pools at their working size first.
    await stream(() => {});
    const baseline = kept();
    let peak = baseline;
    const result = await stream((n) => {
      // Measured all along the stream, not only at its end.
      if (n % 100 === 0) peak = Math.max(peak, kept());
    });
    const growthMb = (peak - baseline) / 2 ** 20;
    assert.equal(result.status, 200);
    assert.equal(result.lines, RECORDS + 2, 'the two head rows and one line per record');
    assert.ok(result.bytes > 2 * BOUND_MB * 2 ** 20, `the body (${result.bytes} bytes) is over twice the bound`);
    assert.ok(growthMb < BOUND_MB, `the export kept ${growthMb.toFixed(1)} MB while streaming`);
  });

  test('a client that stops reading holds the export back, and one that leaves ends it', async () => {
    const { port } = big.app.server.address() as AddressInfo;
    const db = big.ctx.db;
    const executeQuery = db.executeQuery.bind(db);
    let reads = 0;
    db.executeQuery = ((query: Parameters<typeof executeQuery>[0]) => {
      reads++;
      return executeQuery(query);
    }) as typeof db.executeQuery;
    const pages = Math.ceil(RECORDS / EXPORT_PAGE);
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        httpGet(`http://127.0.0.1:${port}${CSV}?status=all`, (answer) => {
          answer.once('data', () => {
            answer.pause();
            resolve(answer);
          });
        }).on('error', reject);
      });
      // The buffers between the database and the paused client fill, then the reads stop.
      let held = -1;
      for (let tries = 0; tries < 20 && reads !== held; tries++) {
        held = reads;
        await wait(300);
      }
      assert.equal(reads, held, 'nothing more is read while the client reads nothing');
      assert.ok(held < pages / 2, `${held} of ${pages} pages read before the client read on`);
      res.destroy();
      await wait(300);
      const left = reads;
      await wait(300);
      assert.equal(reads, left, 'the export stopped with its client');
      assert.ok(left < pages / 2);
    } finally {
      db.executeQuery = executeQuery;
    }
  });
});
