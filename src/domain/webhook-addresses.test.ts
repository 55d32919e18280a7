import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isForbiddenAddress, webhookUrlProblem } from './webhook-addresses.ts';

test('loopback, private, link-local, CGNAT, multicast, reserved and unspecified addresses are refused', () => {
  for (const address of [
    '127.0.0.1',
    '127.255.1.2',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.2.10',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '0:0:0:0:0:ffff:c0a8:0101',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '2002:7f00:1::1',
    '2001:db8::1',
    '[::1]',
    'no-es-una-direccion',
    // IPv4 forms ipaddr.js names: broadcast, benchmarking, protocol assignments, AS112 and AMT anycast.
    '192.0.0.9',
    '198.19.255.255',
    '192.31.196.1',
    '192.52.193.1',
    // The IPv6 forms of ::ffff:0:0/96 and its neighbours: mapped, translated (SIIT) and the old IPv4-compatible.
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:8.8.8.8',
    '::ffff:0.0.0.0',
    '::ffff:100.64.0.1',
    '::ffff:198.18.0.1',
    '::8.8.8.8',
    '::808:808',
    '[::]',
    // NAT64 and 6to4 judged by the IPv4 address they carry; the local-use NAT64 block leads inside.
    '64:ff9b::7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::808:808',
    '2002:6440:1::1',
    '2002:c612:1::1',
    // Named IPv6 blocks, and what lies outside the global unicast block 2000::/3.
    '100::1',
    '2001:2::1',
    '2001:20::1',
    '3fff::1',
    '5f00::1',
    'fec0::1',
    '4000::1',
    '1::1',
  ]) {
    assert.equal(isForbiddenAddress(address), true, address);
  }
});

test('public addresses pass, in IPv4, IPv6 and the IPv6 forms of a public IPv4', () => {
  for (const address of [
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '190.85.1.1',
    '2800:3f0:4005:800::200e',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '[2606:4700:4700::1111]',
    '2a00:1450:4001:82b::200e',
  ]) {
    assert.equal(isForbiddenAddress(address), false, address);
  }
});

test('a webhook URL is http(s), has no credentials, and names no forbidden address', () => {
  const problem = (raw: string, allowPrivate = false) => {
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch {}
    return webhookUrlProblem(url, allowPrivate);
  };
  assert.equal(problem('https://receptor.example.org/hooks'), null);
  assert.equal(problem('http://8.8.8.8:8080/x'), null);
  assert.match(problem('ftp://receptor.example.org/') ?? '', /http/);
  assert.match(problem('https://ana:clave@receptor.example.org/') ?? '', /usuario ni contraseña/);
  assert.match(problem('no es una url') ?? '', /URL absoluta/);
  for (const raw of [
    'http://127.0.0.1:9/',
    'http://[::1]/',
    'http://10.0.0.1/',
    'http://169.254.169.254/',
    'http://2130706433/',
  ]) {
    assert.match(problem(raw) ?? '', /local, privada o reservada/, raw);
    assert.equal(problem(raw, true), null, raw);
  }
});
