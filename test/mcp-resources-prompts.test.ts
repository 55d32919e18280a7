// MCP beyond tools, in both protocol eras: resources (the panorama of each active emergency as JSON and Markdown,
// the HXL export, the centres feed, a record by template), prompts in Spanish with arguments, and completion of
// emergency slugs, categories and municipalities.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { submitHelp } from '../src/commands/submit-help.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';
import { type Connected, connect, ERAS, type Era, LOCAL_BASE_URL, listen } from './helpers/mcp.ts';

let h: Harness;
let slug = '';
let publishedId = '';
let pendingId = '';
const clients = new Map<Era, Connected>();
const hostileTitle = `Agua | potable *urgente* ${randomUUID().slice(0, 6)}`;

before(async () => {
  h = await setup({ BASE_URL: LOCAL_BASE_URL });
  const url = await listen(h);
  slug = (await addEmergency(h)).slug;
  await addEmergency(h, 'deslizamiento-salgar', 'Deslizamiento Salgar');
  publishedId = await publish(
    h,
    requestBody({ title: hostileTitle, category: 'agua', urgency: 'urgent', emergencySlug: 'inundacion-mocoa' }),
  );
  const pending = await submitHelp(
    h.ctx,
    helpSubmission.parse(requestBody({ title: 'Aún en revisión', emergencySlug: 'inundacion-mocoa' })),
  );
  pendingId = pending.result.id;
  for (const era of ERAS) clients.set(era, await connect(url, era));
});
after(async () => {
  for (const connected of clients.values()) await connected.client.close();
  await h.close();
});

function client(era: Era) {
  const connected = clients.get(era);
  assert.ok(connected);
  return connected.client;
}

const textOf = (contents: unknown[]) => (contents[0] as { text: string }).text;

for (const era of ERAS) {
  describe(`resources (${era})`, () => {
    test('the list holds the documents and, for each active emergency, its panorama and HXL export', async () => {
      const { resources } = await client(era).listResources();
      const uris = resources.map((r) => r.uri);
      for (const uri of [
        `${LOCAL_BASE_URL}/api/public/openapi.json`,
        `${LOCAL_BASE_URL}/llms.txt`,
        `${LOCAL_BASE_URL}/api/aid-places/places`,
      ]) {
        assert.ok(uris.includes(uri), uri);
      }
      for (const s of [slug, 'deslizamiento-salgar']) {
        for (const suffix of ['panorama', 'panorama.md', 'hxl.csv']) {
          assert.ok(uris.includes(`ayuda://emergencias/${s}/${suffix}`), `${s}/${suffix}`);
        }
      }
      const { resourceTemplates } = await client(era).listResourceTemplates();
      assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate).sort(), [
        'ayuda://ayudas/{id}',
        'ayuda://emergencias/{slug}/hxl.csv',
        'ayuda://emergencias/{slug}/panorama',
        'ayuda://emergencias/{slug}/panorama.md',
      ]);
    });

    test('the panorama resource is what consultar_panorama says, in JSON and in Markdown', async () => {
      const read = await client(era).readResource({ uri: `ayuda://emergencias/${slug}/panorama` });
      const resource = JSON.parse(textOf(read.contents));
      const tool = await client(era).callTool({ name: 'consultar_panorama', arguments: { emergencySlug: slug } });
      const fromTool = (tool.structuredContent as { emergencies: unknown[] }).emergencies[0];
      assert.deepEqual(resource.emergency, fromTool);
      assert.equal(resource.emergency.counts.urgentRequests, 1);
      const markdown = textOf(
        (await client(era).readResource({ uri: `ayuda://emergencias/${slug}/panorama.md` })).contents,
      );
      assert.match(markdown, /^# Inundación Mocoa\n/);
      assert.match(markdown, /\| Solicitudes \| 1 \|/);
      // A title people wrote cannot break the Markdown: its pipes and stars are escaped.
      assert.ok(markdown.includes(hostileTitle.replace(/([|*])/g, '\\$1')), markdown);
      assert.ok(markdown.includes(`/ayudas/${publishedId}`));
    });

    test('an unknown emergency or an unpublished record is "not found"; a published record reads as ver_ayuda', async () => {
      await assert.rejects(client(era).readResource({ uri: 'ayuda://emergencias/no-existe/panorama' }), /no-existe/);
      await assert.rejects(client(era).readResource({ uri: `ayuda://ayudas/${pendingId}` }), /No hay un registro/);
      await assert.rejects(client(era).readResource({ uri: 'ayuda://ayudas/no-es-un-id' }), /No hay un registro/);
      const read = await client(era).readResource({ uri: `ayuda://ayudas/${publishedId}` });
      const detail = await client(era).callTool({ name: 'ver_ayuda', arguments: { id: publishedId } });
      assert.deepEqual(JSON.parse(textOf(read.contents)).item, (detail.structuredContent as { item: unknown }).item);
    });

    test('buscar_ayudas points hosts at the map App, whose page may reach the tile server and nothing else', async () => {
      const { tools } = await client(era).listTools();
      const search = tools.find((t) => t.name === 'buscar_ayudas');
      const meta = search?._meta as { ui?: { resourceUri?: string } } | undefined;
      assert.equal(meta?.ui?.resourceUri, 'ui://ayuda-directa/mapa-de-ayudas.html');
      assert.equal(tools.filter((t) => t._meta !== undefined).length, 1, 'only the search shows a map');
      const read = await client(era).readResource({ uri: 'ui://ayuda-directa/mapa-de-ayudas.html' });
      const page = read.contents[0] as { mimeType: string; text: string; _meta?: { ui?: { csp?: unknown } } };
      assert.equal(page.mimeType, 'text/html;profile=mcp-app');
      assert.deepEqual(page._meta?.ui?.csp, {
        resourceDomains: ['https://tile.openstreetmap.org'],
        connectDomains: [],
      });
      assert.match(page.text, /^<!doctype html>/i);
      assert.doesNotMatch(page.text, /<script[^>]+src=/i);
    });

    test('the HXL export and the centres feed read as the HTTP exports do', async () => {
      const hxl = await client(era).readResource({ uri: `ayuda://emergencias/${slug}/hxl.csv` });
      assert.equal((hxl.contents[0] as { mimeType: string }).mimeType, 'text/csv');
      const served = await h.app.inject({ method: 'GET', url: `/api/public/v1/export.csv?emergencySlug=${slug}` });
      assert.equal(textOf(hxl.contents), served.body);
      assert.match(textOf(hxl.contents).split('\n')[1] ?? '', /^#/);
      const places = await client(era).readResource({ uri: `${LOCAL_BASE_URL}/api/aid-places/places` });
      assert.equal(JSON.parse(textOf(places.contents)).type, 'FeatureCollection');
    });
  });

  describe(`prompts and completions (${era})`, () => {
    test('three prompts in Spanish, each with its arguments', async () => {
      const { prompts } = await client(era).listPrompts();
      const byName = new Map(prompts.map((p) => [p.name, p]));
      assert.deepEqual([...byName.keys()].sort(), ['ayudar_a_pedir_ayuda', 'coordinar_entregas', 'resumir_emergencia']);
      const args = (name: string) => byName.get(name)?.arguments?.map((a) => `${a.name}${a.required ? '!' : ''}`);
      assert.deepEqual(args('resumir_emergencia'), ['emergencySlug!']);
      assert.deepEqual(args('ayudar_a_pedir_ayuda'), ['emergencySlug', 'category', 'municipality']);
      assert.deepEqual(args('coordinar_entregas'), ['emergencySlug!', 'category', 'municipality']);
    });

    test('resumir_emergencia embeds the panorama; the others guide with the arguments resolved', async () => {
      const summary = await client(era).getPrompt({ name: 'resumir_emergencia', arguments: { emergencySlug: slug } });
      const embedded = summary.messages[1]?.content as { type: string; resource: { uri: string; text: string } };
      assert.equal(embedded.type, 'resource');
      assert.equal(embedded.resource.uri, `ayuda://emergencias/${slug}/panorama.md`);
      assert.match(embedded.resource.text, /Necesidades urgentes/);
      const ask = await client(era).getPrompt({
        name: 'ayudar_a_pedir_ayuda',
        arguments: { category: 'agua', municipality: 'Mocoa, Putumayo' },
      });
      const guide = (ask.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
      assert.match(guide, /código DIVIPOLA 86001/);
      assert.match(guide, /consentimiento/);
      assert.match(guide, /123/);
      const coordinate = await client(era).getPrompt({
        name: 'coordinar_entregas',
        arguments: { emergencySlug: slug, category: 'agua', municipality: '86001' },
      });
      assert.match(
        (coordinate.messages[0]?.content as { text?: string } | undefined)?.text ?? '',
        /municipalityCode: "86001"/,
      );
    });

    test('a bad argument is a -32602 error naming it', async () => {
      await assert.rejects(
        client(era).getPrompt({ name: 'coordinar_entregas', arguments: { emergencySlug: slug, category: 'oro' } }),
        (err: { code?: number; message?: string }) => err.code === -32602 && /category/.test(err.message ?? ''),
      );
      await assert.rejects(
        client(era).getPrompt({ name: 'resumir_emergencia', arguments: { emergencySlug: 'no-existe' } }),
        (err: { code?: number; message?: string }) => err.code === -32602 && /no-existe/.test(err.message ?? ''),
      );
    });

    test('completion offers active emergencies, categories and municipalities, ignoring case and accents', async () => {
      const complete = async (name: string, argument: string, value: string) =>
        (
          await client(era).complete({
            ref: { type: 'ref/prompt', name },
            argument: { name: argument, value },
          })
        ).completion.values;
      assert.deepEqual(await complete('resumir_emergencia', 'emergencySlug', 'inun'), [slug]);
      assert.deepEqual(await complete('resumir_emergencia', 'emergencySlug', 'SALGAR'), ['deslizamiento-salgar']);
      assert.deepEqual(await complete('coordinar_entregas', 'category', 'medic'), ['medicamentos']);
      assert.deepEqual(await complete('coordinar_entregas', 'category', 'pañ'), ['panales']);
      assert.ok((await complete('ayudar_a_pedir_ayuda', 'municipality', 'moco')).includes('Mocoa, Putumayo'));
      assert.ok((await complete('ayudar_a_pedir_ayuda', 'municipality', 'bogota')).some((v) => v.startsWith('Bogotá')));
      assert.deepEqual(await complete('ayudar_a_pedir_ayuda', 'municipality', '86001'), ['Mocoa, Putumayo']);
      const templated = await client(era).complete({
        ref: { type: 'ref/resource', uri: 'ayuda://emergencias/{slug}/panorama' },
        argument: { name: 'slug', value: 'des' },
      });
      assert.deepEqual(templated.completion.values, ['deslizamiento-salgar']);
    });
  });
}

describe('the server card', () => {
  test('names the endpoint and both eras, and lists exactly what the server offers', async () => {
    const res = await h.json({ method: 'GET', url: '/.well-known/mcp/server-card.json' });
    assert.equal(res.status, 200);
    const card = res.body;
    assert.equal(card.$schema, 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json');
    assert.equal(card.name, 'localhost/ayuda-directa');
    assert.equal(card.version, '1.6.0');
    assert.ok(card.description.length <= 100);
    assert.deepEqual(card.remotes, [
      {
        type: 'streamable-http',
        url: `${LOCAL_BASE_URL}/mcp`,
        supportedProtocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'],
      },
    ]);
    const offered = card._meta['localhost/ayuda-directa/primitives'];
    const live = client('modern');
    const tools = (await live.listTools()).tools;
    assert.deepEqual(
      offered.tools,
      tools.map((t) => ({ name: t.name, title: t.title, readOnly: t.annotations?.readOnlyHint === true })),
    );
    const templates = (await live.listResourceTemplates()).resourceTemplates;
    assert.deepEqual(
      offered.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate).sort(),
      templates.map((t) => t.uriTemplate).sort(),
    );
    const listed = new Set((await live.listResources()).resources.map((r) => r.uri));
    for (const resource of offered.resources) assert.ok(listed.has(resource.uri), resource.uri);
    const prompts = (await live.listPrompts()).prompts;
    assert.deepEqual(
      offered.prompts.map((p: { name: string; arguments: unknown }) => [p.name, p.arguments]),
      prompts.map((p) => [p.name, (p.arguments ?? []).map((a) => ({ name: a.name, required: a.required === true }))]),
    );
    // Cached with its ETag, refused with a parameter, linked from /llms.txt.
    const again = await h.app.inject({
      method: 'GET',
      url: '/.well-known/mcp/server-card.json',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    assert.equal(again.statusCode, 304);
    const bad = await h.json({ method: 'GET', url: '/.well-known/mcp/server-card.json?x=1' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'invalid_query');
    const llms = await h.app.inject({ method: 'GET', url: '/llms.txt' });
    assert.ok(llms.body.includes(`](${LOCAL_BASE_URL}/.well-known/mcp/server-card.json)`));
  });
});
