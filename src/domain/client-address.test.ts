import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientScope } from './client-address.ts';

test('IPv4 addresses count one by one', () => {
  assert.equal(clientScope('203.0.113.7'), '203.0.113.7');
  assert.equal(clientScope('::ffff:203.0.113.7'), '203.0.113.7');
});

test('IPv6 addresses count per /64, however they are written', () => {
  const a = clientScope('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
  assert.equal(a, '2001:db8:1:2::/64');
  assert.equal(clientScope('2001:0db8:0001:0002::1'), a);
  assert.equal(clientScope('2001:db8:1:2::ffff'), a);
  assert.notEqual(clientScope('2001:db8:1:3::1'), a);
  assert.equal(clientScope('::1'), '0:0:0:0::/64');
  assert.equal(clientScope('fe80::1%eth0'), 'fe80:0:0:0::/64');
});
