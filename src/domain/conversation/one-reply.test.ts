import assert from 'node:assert/strict';
import { test } from 'node:test';
import { envFor, MOCOA, play } from '../../../test/helpers/conversation-harness.ts';
import { conversationOf } from '../../channels/adapters.ts';
import { gsmText, smsParts } from '../sms-text.ts';
import { receiptReplies, withdrawKeptReplies } from './converse.ts';
import { fitLines, oneAnswer, oneText } from './one-reply.ts';

const sms = conversationOf('sms').medium;
const whatsapp = conversationOf('whatsapp').medium;

test('a text too long has its longest lines cut, each still numbered; the question line stays whole', () => {
  const list = [
    '¿Para cuál emergencia es?',
    ...Array.from({ length: 10 }, (_, i) => `${i + 1}. ${'Nombre '.repeat(9)}`),
  ];
  const fitted = fitLines(list.join('\n'), 320);
  assert.ok(fitted.length <= 320, String(fitted.length));
  const lines = fitted.split('\n');
  assert.equal(lines[0], '¿Para cuál emergencia es?');
  for (let n = 1; n <= 10; n++) assert.match(lines[n] ?? '', new RegExp(`^${n}\\. Nombre.*…$`));
  assert.equal(fitLines('corto', 320), 'corto');
  assert.ok(fitLines('x'.repeat(1000), 320).length <= 320, 'one line cut whole');
});

test('one text keeps the question, then the hint after it, then what came before, nearest first, while it fits', () => {
  const core = `¿Enviamos su solicitud?\n1. Enviar\n2. Empezar de nuevo`;
  const text = oneText(core, ['A'.repeat(200), 'Se publica esto.'], ['Para salir, escriba cancelar.'], 120);
  assert.equal(text, `Se publica esto.\n\n${core}\n\nPara salir, escriba cancelar.`);
  assert.equal(oneText(core, [], ['B'.repeat(100)], 80), core, 'a hint that does not fit is left out');
});

test('on SMS all that answers one message is one reply of two parts at most; on WhatsApp nothing changes', () => {
  const env = envFor({ channel: 'sms' });
  const answered = [...withdrawKeptReplies(env), ...receiptReplies('K7P-42Q-X9M-D3R', env)];
  const [only, ...more] = oneAnswer(answered, sms);
  assert.equal(more.length, 0);
  assert.ok(smsParts(gsmText(only?.text ?? '')) <= 2, 'two parts, as the network counts them');
  assert.match(only?.text ?? '', /retirar K7P-42Q-X9M-D3R$/, 'the last reply whole');
  assert.deepEqual(oneAnswer(answered, whatsapp), answered);
  assert.deepEqual(oneAnswer([], sms), []);
});

test('every turn of an SMS conversation is one reply of two parts at most, and the questions are all there', () => {
  const env = envFor({ channel: 'sms', profileName: undefined });
  const scripts = [
    ['necesito ayuda', '1', 'Arroz', '10 kg', '2', 'Mocoa', 'no', 'Casa de la esquina', 'Ana', '1'],
    ['quiero ayudar', '1', 'Mercados', 'Mocoa', 'Parque principal', 'Ana', '1'],
    ['hola', 'estado', 'x', 'x', 'x', 'retirar', 'cancelar'],
  ];
  for (const script of scripts) {
    const played = play(script, env);
    for (const [i, turn] of played.turns.entries()) {
      assert.ok(turn.replies.length <= 1, `${script[i]}: ${turn.replies.length} replies`);
      assert.ok(smsParts(gsmText(turn.replies[0]?.text ?? '')) <= 2, `${script[i]}: ${turn.replies[0]?.text}`);
    }
    const confirm = played.turns.at(-1)?.replies[0]?.text ?? '';
    if (script[0] !== 'hola') assert.match(confirm, /¿Enviamos su (solicitud|ofrecimiento)\?\n1\. Enviar/);
  }
  const first = play(['necesito ayuda'], env).said;
  assert.match(first, new RegExp(`Ayuda Directa, emergencia ${MOCOA.name}`), 'the welcome fits beside the list');
  for (let n = 1; n <= 15; n++) assert.match(first, new RegExp(`^${n}\\. `, 'm'));
});
