// A webhook never reaches the service's own network through an address in disguise: the IPv6 forms of ::ffff:0:0/96
// and its neighbours, NAT64 and 6to4 carrying a local IPv4, CGNAT, benchmarking and unspecified addresses are refused
// at registration (400 webhook_url_refused) and again where a delivery resolves the name it connects to.
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { describe, test } from 'node:test';
import { checkWebhookUrl } from '../src/commands/webhooks/check-url.ts';
import { guardedLookup, postWebhook } from '../src/commands/webhooks/http-post.ts';
import { AppError } from '../src/errors.ts';

/** Addresses a subscriber could write or make a name resolve to, each one local, private or reserved. */
const DISGUISED = [
  '::ffff:0:7f00:1',
  '::ffff:127.0.0.1',
  '::ffff:0:0',
  '::127.0.0.1',
  '64:ff9b::7f00:1',
  '64:ff9b::a9fe:a9fe',
  '2002:7f00:1::1',
  '100.64.0.1',
  '198.18.0.1',
  '0.0.0.0',
  '::',
];

const hostOf = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** What the delivery's lookup answers for a name that resolves to this address (a literal resolves to itself). */
function resolve(address: string, allowPrivate: boolean): Promise<LookupAddress[]> {
  return new Promise((done, fail) => {
    guardedLookup(allowPrivate)(address, { all: true }, (err, addresses) =>
      err ? fail(err) : done(addresses as LookupAddress[]),
    );
  });
}

describe('addresses in disguise', () => {
  test('registration refuses each with webhook_url_refused and says which address', async () => {
    for (const address of DISGUISED) {
      const url = `http://${hostOf(address)}:8080/hooks`;
      await assert.rejects(
        checkWebhookUrl(url, false),
        (err: unknown) =>
          err instanceof AppError &&
          err.code === 'webhook_url_refused' &&
          /es local, privada o reservada/.test(JSON.stringify(err.details)),
        url,
      );
      // Where the instance allows private receivers, the same URL is taken as written.
      assert.equal(await checkWebhookUrl(url, true), new URL(url).href, url);
    }
  });

  test('a delivery whose name resolves to one is refused before it connects', async () => {
    for (const address of DISGUISED) {
      await assert.rejects(resolve(address, false), /es local, privada o reservada/, address);
      assert.equal((await resolve(address, true))[0]?.address, address, 'allowed where private receivers are');
    }
    const posted = await postWebhook(
      'http://[::ffff:0:7f00:1]:9/hooks',
      '{}',
      {},
      { timeoutMs: 1000, allowPrivate: false },
    );
    assert.deepEqual([posted.delivered, posted.status], [false, null]);
    assert.match(posted.error ?? '', /es local, privada o reservada/);
  });

  test('a public address, also carried in IPv6, still passes', async () => {
    for (const address of ['8.8.8.8', '::ffff:8.8.8.8', '64:ff9b::808:808', '2606:4700:4700::1111']) {
      const url = `https://${hostOf(address)}/hooks`;
      assert.equal(await checkWebhookUrl(url, false), new URL(url).href, url);
      assert.equal((await resolve(address, false))[0]?.address, address);
    }
  });
});
