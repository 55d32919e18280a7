// Test harness of the conversation tests: plays messages through converse(), checking every turn on the way.
import assert from 'node:assert/strict';
import { type Channel, conversationOf } from '../../src/channels/adapters.ts';
import { converse } from '../../src/domain/conversation/converse.ts';
import type { ConversationEnv, ConversationState, Inbound, Reply, Turn } from '../../src/domain/conversation/types.ts';

export const MOCOA = { slug: 'inundacion-mocoa-2026', name: 'Inundación Mocoa 2026' };
export const SALGAR = { slug: 'avalancha-salgar-2026', name: 'Avalancha de Salgar' };

/** A conversation as it runs on `channel` (WhatsApp unless given), with overrides. */
export function envFor(overrides: Partial<ConversationEnv> & { channel?: Channel } = {}): ConversationEnv {
  const { channel = 'whatsapp', ...rest } = overrides;
  return {
    medium: conversationOf(channel).medium,
    emergencies: [MOCOA],
    profileName: 'María Fernanda Rojas',
    statusUrl: (code) => `https://ayuda.example/estado#${code}`,
    ...rest,
  };
}

export const text = (value: string): Inbound => ({ kind: 'text', text: value });
export const choice = (id: string): Inbound => ({ kind: 'choice', id });
export const location = (latitude: number, longitude: number): Inbound => ({ kind: 'location', latitude, longitude });
export const sticker: Inbound = { kind: 'other' };

/** WhatsApp's limits and the rules of a channel without choices (SMS), for every reply. */
export function checkReplies(replies: Reply[], env: ConversationEnv): void {
  for (const reply of replies) {
    assert.ok(reply.text.length > 0 && reply.text.length <= 1000, reply.text);
    assert.ok(reply.text.length <= env.medium.maxText, `${reply.text.length} characters: ${reply.text}`);
    if (!env.medium.choices) assert.equal(reply.choices, undefined, 'no choices where the channel has none');
    if (!env.medium.sharesLocation) {
      assert.doesNotMatch(reply.text, /ubicaci[oó]n|clip|compart/i, 'no mention of sharing a location');
    }
    const choices = reply.choices ?? [];
    assert.ok(choices.length <= 10);
    assert.equal(new Set(choices.map((c) => c.id)).size, choices.length, 'ids are unique');
    assert.equal(new Set(choices.map((c) => c.title)).size, choices.length, 'titles are unique');
    for (const [i, c] of choices.entries()) {
      assert.ok(c.title.length >= 1 && c.title.length <= (choices.length <= 3 ? 20 : 24), c.title);
      assert.ok((c.description ?? '').length <= 72);
      // Every option is numbered in the text too, but a shortcut for typing a word ("No sé").
      if (c.id !== 'skip') assert.ok(reply.text.includes(`${i + 1}. `), `${c.id} numbered in: ${reply.text}`);
    }
  }
}

export interface Played {
  state: ConversationState | null;
  turns: Turn[];
  /** The last turn. */
  last: Turn;
  /** All reply texts of the last turn, joined. */
  said: string;
}

/**
 * Plays the messages in order from state. Each turn's replies are checked, its state is plain JSON, and the same
 * message from the state read back from JSON gives the same turn.
 */
export function play(
  messages: (string | Inbound)[],
  env: ConversationEnv = envFor(),
  from: ConversationState | null = null,
): Played {
  let state = from;
  const turns: Turn[] = [];
  for (const message of messages) {
    const input = typeof message === 'string' ? text(message) : message;
    const before = JSON.stringify(state);
    const turn = converse(state, input, env);
    assert.equal(JSON.stringify(state), before, 'the state passed in is not changed');
    const reread = converse(state === null ? null : JSON.parse(JSON.stringify(state)), input, env);
    assert.deepEqual(reread, turn, 'the state read back from JSON gives the same turn');
    assert.deepEqual(JSON.parse(JSON.stringify(turn.state)), turn.state, 'the state is plain JSON');
    checkReplies(turn.replies, env);
    turns.push(turn);
    state = turn.state;
  }
  const last = turns.at(-1) as Turn;
  return { state, turns, last, said: last.replies.map((r) => r.text).join('\n') };
}
