import assert from 'node:assert/strict';
import { test } from 'node:test';
import { whatsappPayload } from './whatsapp-send.ts';

interface Interactive {
  type: string;
  action: { buttons?: unknown[]; sections?: { rows: unknown[] }[] };
}
const interactive = (payload: Record<string, unknown>) => payload.interactive as Interactive;

const choices = (n: number, title = 'Opción') =>
  Array.from({ length: n }, (_, i) => ({ id: `c${i}`, title: `${title} ${i + 1}` }));

test('up to three short choices are reply buttons; up to ten a list; more, or a long text, plain numbered text', () => {
  const buttons = whatsappPayload('+573001234567', { text: '¿Qué necesita?', choices: choices(3) }, 'es');
  assert.equal(buttons.to, '573001234567', "Meta's wa_id has no plus");
  assert.equal(interactive(buttons).type, 'button');
  assert.equal(interactive(buttons).action.buttons?.length, 3);

  const longTitles = whatsappPayload(
    '+573001234567',
    { text: 'x', choices: choices(2, 'Un título de más de veinte') },
    'es',
  );
  assert.equal(interactive(longTitles).type, 'list', 'a button title holds 20 characters, a row 24');

  const list = whatsappPayload('+573001234567', { text: 'Elija', choices: choices(10) }, 'es');
  assert.equal(interactive(list).type, 'list');
  assert.equal(interactive(list).action.sections?.[0]?.rows.length, 10);

  for (const body of [
    { text: 'Elija', choices: choices(11) },
    { text: 'x'.repeat(1100), choices: choices(2) },
    { text: 'Sin opciones' },
  ]) {
    const plain = whatsappPayload('+573001234567', body, 'es');
    assert.equal(plain.type, 'text');
    assert.equal((plain.text as { body: string }).body, body.text);
  }
});

test('a template carries the text as its one body parameter, in the configured language', () => {
  const payload = whatsappPayload(
    '+573001234567',
    { text: 'Su solicitud fue publicada.', template: 'aviso_ayuda' },
    'es_CO',
  );
  assert.equal(payload.type, 'template');
  assert.deepEqual(payload.template, {
    name: 'aviso_ayuda',
    language: { code: 'es_CO' },
    components: [{ type: 'body', parameters: [{ type: 'text', text: 'Su solicitud fue publicada.' }] }],
  });
});
