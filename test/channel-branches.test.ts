// Channels are adapters (src/channels/): what differs between WhatsApp, SMS and any later channel is declared there,
// and the rest of the service asks the adapter. A comparison or a `case` with a channel's name anywhere else is a
// branch the compiler cannot follow when a channel is added, so this test refuses it in every source file.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readTree, SOURCE_ROOT } from '../bench/layers.ts';
import { CHANNELS, channelAdapters } from '../src/channels/adapters.ts';

const ADAPTERS_FOLDER = 'channels/';

/** Every place in `text` that compares with, or switches on, one of `names`. */
export function channelBranches(file: string, text: string, names: readonly string[]): string[] {
  const name = `['"\`](?:${names.join('|')})['"\`]`;
  const patterns = [
    new RegExp(`(?:===|!==|==|!=)\\s*${name}`, 'g'),
    new RegExp(`${name}\\s*(?:===|!==|==|!=)`, 'g'),
    new RegExp(`\\bcase\\s+${name}`, 'g'),
    // A query builder's comparison: .where('channel', '=', 'sms').
    new RegExp(`['"](?:=|<>|!=|in)['"]\\s*,\\s*${name}`, 'g'),
  ];
  const found: string[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`src/${file}:${line}: ${match[0]}`);
    }
  }
  return found.sort();
}

test('no source file outside the adapters compares with or switches on a channel name', () => {
  const names = Object.keys(channelAdapters);
  assert.ok(CHANNELS.includes('whatsapp') && CHANNELS.includes('sms') && names.includes('kobo'));
  const files = readTree(SOURCE_ROOT);
  const found = [...files]
    .filter(([file]) => !file.startsWith(ADAPTERS_FOLDER))
    .flatMap(([file, text]) => channelBranches(file, text, names));
  assert.deepEqual(found, []);
});

test('the check finds each form of branch, and leaves a table keyed by channel alone', () => {
  const names = ['whatsapp', 'sms'];
  const text = [
    "if (row.channel === 'sms') send();",
    'const a = "whatsapp" !== channel;',
    'switch (channel) {',
    "  case 'whatsapp':",
    '}',
    "db.selectFrom('m').where('channel', '=', 'sms');",
    "const labels: Record<Channel, string> = { whatsapp: 'WhatsApp', sms: 'SMS' };",
    "const source = 'sms';",
  ].join('\n');
  assert.deepEqual(channelBranches('x.ts', text, names), [
    "src/x.ts:1: === 'sms'",
    'src/x.ts:2: "whatsapp" !==',
    "src/x.ts:4: case 'whatsapp'",
    "src/x.ts:6: '=', 'sms'",
  ]);
});
