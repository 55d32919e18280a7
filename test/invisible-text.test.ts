// Invisible and direction-changing characters (C1 controls, zero-width, bidi embeddings/overrides/isolates,
// line and paragraph separators): refused in one-line texts with a detail per field (code invalid_text), in the
// API, the MCP tools, the search, the website's forms and the console; stripped from multi-line texts, except a
// joiner inside an emoji.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, list, offerBody, publish, requestBody, setup } from './helpers/harness.ts';
import { connect, LOCAL_BASE_URL, listen } from './helpers/mcp.ts';
import { nextSerial, tokenFor } from './helpers/samples.ts';

const SLUG = 'inundacion-mocoa';
const RLO = '\u202e';
const ZWSP = '\u200b';
const ZWJ = '\u200d';
const FIREFIGHTER = `👩${ZWJ}🚒`;
const FAMILY = `👨${ZWJ}👩${ZWJ}👧`;

let h: Harness;
before(async () => {
  h = await setup({ BASE_URL: LOCAL_BASE_URL });
  await addEmergency(h);
});
after(() => h.close());

async function records(): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function post(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return h.json({ method: 'POST', url: HELP, payload: body, headers });
}

describe('one-line texts refuse invisible and direction-changing characters', () => {
  test('one request lists every such field, each with code invalid_text, and writes nothing', async () => {
    const before = await records();
    const res = await post(
      requestBody({
        title: `Agua potable ${RLO}gpj.exe`,
        neighborhood: `San${ZWSP}Miguel`,
        contactName: 'María\u0085Rojas',
        address: 'Calle 8\u2028# 5-21',
        resourceLabel: `Bidones${ZWJ}de agua`,
        unit: 'bidones\u2066',
        quantityRequired: 30,
        externalId: `ext-\u200f${tokenFor(nextSerial())}`,
      }),
    );
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.code, 'validation_failed');
    const byField = new Map(res.body.details.map((d: { field: string; code: string }) => [d.field, d]));
    for (const field of ['title', 'neighborhood', 'contactName', 'address', 'resourceLabel', 'unit', 'externalId']) {
      const detail = byField.get(field) as { code: string; message: string } | undefined;
      assert.ok(detail, `a detail for ${field}: ${JSON.stringify(res.body.details)}`);
      assert.equal(detail.code, 'invalid_text', field);
      assert.match(detail.message, /invisibles o que cambian la dirección/);
    }
    assert.equal(await records(), before);
  });

  test('every character of the refused set, in every one-line field of an offer', async () => {
    const refused = [
      '\u0080',
      '\u009f',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u2028',
      '\u2029',
    ];
    for (const ch of refused) {
      const res = await post(
        offerBody({ title: `Camioneta${ch}4x4`, vehicle: `Camioneta${ch}roja`, zones: `Mocoa${ch}y Villagarzón` }),
        { 'accept-language': 'en' },
      );
      const hex = ch.codePointAt(0)?.toString(16);
      assert.equal(res.status, 400, `U+${hex}`);
      const fields = res.body.details
        .filter((d: { code: string }) => d.code === 'invalid_text')
        .map((d: { field: string }) => d.field)
        .sort();
      assert.deepEqual(fields, ['title', 'vehicle', 'zones'], `U+${hex}`);
      assert.match(res.body.details[0].message, /invisible or direction-changing/, 'English when asked');
    }
  });

  test('emoji built with a joiner, accents, ñ and other scripts are accepted as they are', async () => {
    const title = `${FAMILY} Familia sin agua, ${FIREFIGHTER} bomberos`;
    const contactName = 'Ñandú Pérez Ω 中';
    const res = await post(requestBody({ title, contactName, neighborhood: 'La Esmeralda 🌊' }));
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const row = await h.ctx.db
      .selectFrom('help_records')
      .select(['title', 'contact_name', 'neighborhood'])
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual([row.title, row.contact_name, row.neighborhood], [title, contactName, 'La Esmeralda 🌊']);
  });

  test('the search refuses them too: 400 invalid_query with the detail on q', async () => {
    const res = await list(h, { q: `agua${ZWSP}potable` });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'invalid_query');
    assert.deepEqual(
      res.body.details.map((d: { field: string; code: string }) => [d.field, d.code]),
      [['q', 'invalid_text']],
    );
  });

  test('the MCP submission tool answers with the same detail', async () => {
    const url = await listen(h);
    const { client } = await connect(url);
    try {
      const result = await client.callTool({
        name: 'publicar_solicitud',
        arguments: { ...requestBody({ title: `Agua ${RLO}potable` }), type: undefined },
      });
      assert.equal(result.isError, true);
      const body = (result.structuredContent ??
        JSON.parse((result.content as { text: string }[])[0]?.text ?? '{}')) as {
        details?: { field: string; code: string }[];
      };
      assert.ok(
        body.details?.some((d) => d.field === 'title' && d.code === 'invalid_text'),
        JSON.stringify(result),
      );
    } finally {
      await client.close();
    }
  });
});

describe('multi-line texts lose them instead', () => {
  test('zero-width and bidi characters are removed, emoji joiners kept, separators become line breaks', async () => {
    const description = `Línea uno\u2028línea dos${ZWSP} pegado ${RLO}al revés\u202c ${FIREFIGHTER} ok\u2029fin${ZWJ}.`;
    const id = await publish(h, requestBody({ description }));
    const row = await h.ctx.db
      .selectFrom('help_records')
      .select('description')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(row.description, `Línea uno\nlínea dos pegado al revés ${FIREFIGHTER} ok\nfin.`);
    const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
    assert.equal(detail.body.item.description, row.description, 'the public record says the same');
  });

  test('bounds count what is kept; C1 controls are still refused', async () => {
    const long = `${'a'.repeat(600)}${ZWSP.repeat(20)}`;
    assert.equal((await post(requestBody({ description: long }))).status, 202, 'invisible ones do not count');
    const res = await post(requestBody({ description: 'Sin agua\u0085desde ayer' }));
    assert.equal(res.status, 400);
    assert.deepEqual(
      res.body.details.map((d: { field: string; code: string }) => [d.field, d.code]),
      [['description', 'invalid_text']],
    );
  });
});

describe('forms show the problem beside the field, in Spanish', () => {
  test('the website’s request form', async () => {
    const before = await records();
    const res = await h.app.inject({
      method: 'POST',
      url: '/necesito-ayuda',
      payload: new URLSearchParams({
        emergencySlug: SLUG,
        title: `Agua potable ${RLO}para familias`,
        category: 'agua',
        urgency: 'urgent',
        address: 'Calle 8 # 5-21',
        neighborhood: 'San Miguel',
        latitude: '1.1478',
        longitude: '-76.6476',
        contactName: 'María Rojas',
        contactWhatsapp: '+57 300 123 4567',
        publishContact: 'si',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(res.statusCode, 400);
    assert.match(
      res.body,
      /id="title-error">Contiene caracteres invisibles o que cambian la dirección del texto/,
      'the message sits beside the title',
    );
    assert.equal(await records(), before);
  });

  test('the console’s inventory form', async () => {
    const centre = await publish(
      h,
      offerBody({ title: 'Centro de acopio Coliseo', category: 'acopio', collectionCenterStatus: 'needs_resources' }),
    );
    const { browser } = await leader(h, [SLUG]);
    const url = `/panel/e/${SLUG}/centros/${centre}`;
    await browser.get(url);
    const res = await browser.post(`${url}/lineas`, {
      kind: 'need',
      category: 'agua',
      quantity: '5',
      unit: `litros${ZWSP}`,
      note: `Urgente${RLO} hoy`,
    });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /Contiene caracteres invisibles o que cambian la dirección del texto/);
    const saved = await browser.post(`${url}/lineas`, {
      kind: 'need',
      category: 'agua',
      quantity: '5',
      unit: 'litros',
      note: `Urgente${RLO} hoy`,
    });
    assert.equal(saved.statusCode, 303, 'the note is multi-line: cleaned, not refused');
    const line = await h.ctx.db
      .selectFrom('inventory_lines')
      .select('note')
      .where('center_id', '=', centre)
      .executeTakeFirstOrThrow();
    assert.equal(line.note, 'Urgente hoy');
  });
});
