// The record page's WhatsApp button: a wa.me link whose prefilled text has every reserved character
// percent-encoded, so a title with parentheses neither ends the Markdown twin's link nor gets cut by a chat app.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';

const TITLE = "Agua (urgente) para 6 familias* ¡ya! it's";
const NAME = "María (Mafe) O'Neil";

let h: Harness;
let id = '';
before(async () => {
  h = await setup();
  await addEmergency(h);
  id = await publish(h, requestBody({ title: TITLE, contactName: NAME }));
});
after(() => h.close());

function textOf(url: string): string {
  const query = url.slice(url.indexOf('?text=') + '?text='.length);
  assert.doesNotMatch(query, /[()!'*\s]/, `reserved characters are encoded: ${query}`);
  return decodeURIComponent(query);
}

describe('wa.me links', () => {
  test('the page’s button carries the whole message, encoded', async () => {
    const page = await h.app.inject({ method: 'GET', url: `/ayudas/${id}` });
    assert.equal(page.statusCode, 200);
    const href = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    assert.ok(href, 'a wa.me button');
    assert.ok(href.startsWith('https://wa.me/573001234567?text='), href);
    const message = textOf(href);
    assert.ok(message.includes(`«${TITLE}»`), message);
    assert.ok(message.includes(NAME), message);
  });

  test('the Markdown twin’s link is whole: a parenthesis in the title does not end it', async () => {
    const twin = await h.app.inject({ method: 'GET', url: `/ayudas/${id}.md` });
    assert.equal(twin.statusCode, 200);
    const url = /\]\((https:\/\/wa\.me\/[^)\s]+)\)/.exec(twin.body)?.[1];
    assert.ok(url, twin.body);
    const message = textOf(url);
    assert.ok(message.includes(`«${TITLE}»`), message);
    assert.ok(message.endsWith(`/ayudas/${id}`), message);
  });
});
