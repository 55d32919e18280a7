import assert from 'node:assert/strict';
import { test } from 'node:test';
import { choice, envFor, location, play, sticker } from '../../../test/helpers/conversation-harness.ts';
import type { ConversationEnv, ConversationState, Inbound, Step } from './types.ts';

/** A request from its first message to its summary: one answer per step. */
const REQUEST = [
  'necesito ayuda',
  '2',
  'Agua potable',
  '30 bidones',
  '1',
  'Mocoa',
  'San Miguel',
  'Calle 8 # 5-21',
  '1',
  '1',
];

/** The state of a request waiting at step. */
function at(step: Step, env: ConversationEnv = envFor()): ConversationState {
  let state: ConversationState | null = null;
  for (const answer of REQUEST) {
    state = play([answer], env, state).state;
    if (state?.step === step) return state;
  }
  throw new Error(`no step ${step}`);
}

const ALL_STEPS: Step[] = [
  'category',
  'what',
  'quantity',
  'urgency',
  'place',
  'neighborhood',
  'address',
  'name',
  'consent',
  'confirm',
];

/** The answer stays at the same step, with the same draft, one more miss, and says why. */
function refused(state: ConversationState, answer: Inbound | string, why: RegExp, env = envFor()): void {
  const played = play([answer], env, state);
  assert.equal(played.state?.step, state.step, `${JSON.stringify(answer)} at ${state.step}`);
  assert.deepEqual(played.state?.draft, state.draft);
  assert.equal(played.state?.misses, state.misses + 1);
  assert.match(played.said, why);
  assert.equal(played.last.action, undefined);
}

test('a sticker, an image or an audio is answered at every step with the question again', () => {
  for (const step of ['type' as Step, ...ALL_STEPS]) {
    const state = step === 'type' ? play(['hola']).state : at(step);
    assert.ok(state);
    refused(state, sticker, /solo puedo leer mensajes de texto/);
  }
});

test('out-of-range numbers, unknown words and choices not offered at this step are not understood', () => {
  const type = play(['hola']).state as ConversationState;
  refused(type, '3', /No entendí/);
  refused(type, 'tal vez', /No entendí/);
  refused(type, choice('send'), /No entendí/);
  refused(at('category'), '16', /No entendí/);
  refused(at('category'), choice('cat:mascotas'), /No entendí/, envFor());
  refused(at('urgency'), '4', /No entendí/);
  refused(at('urgency'), choice('yes'), /No entendí/);
  refused(at('consent'), 'quizás', /No entendí/);
  refused(at('confirm'), 'tal vez', /No entendí/);
  refused(at('place'), '2', /No entendí/);
  refused(at('what'), location(1.15, -76.65), /No entendí/);
});

test('after three misses at one step, the question says how to leave', () => {
  let state = at('urgency');
  const said: string[] = [];
  for (let i = 0; i < 3; i++) {
    const played = play(['no sé qué poner'], envFor(), state);
    state = played.state as ConversationState;
    said.push(played.said);
  }
  assert.doesNotMatch(said[1] ?? '', /escriba cancelar/);
  assert.match(said[2] ?? '', /escriba cancelar/);
  const next = play(['1'], envFor(), state);
  assert.equal(next.state?.misses, 0, 'a new step starts with no misses');
});

test('titles, quantities, places, names and addresses that cannot be taken', () => {
  refused(at('what'), 'ok', /al menos 4 letras/);
  refused(at('what'), '....!', /al menos 4 letras/);
  refused(at('quantity'), 'muchos', /No entendí la cantidad/);
  refused(at('quantity'), '5000000 litros', /demasiado grande/);
  refused(at('place'), location(40.4168, -3.7038), /fuera de Colombia/);
  refused(at('place'), location(12.5431, -81.7176), /fuera de Colombia continental/);
  refused(at('place'), 'Atlantis', /No encontré el municipio «Atlantis»/);
  refused(at('place'), 'Putumayo', /Putumayo es un departamento.*Mocoa, Putumayo/);
  refused(at('place'), 'Providencia, San Andrés', /no podemos registrar ayuda en Providencia/);
  refused(at('neighborhood'), 'x', /barrio o la vereda/);
  refused(at('neighborhood'), 'b'.repeat(81), /hasta 80/);
  refused(at('address'), 'no', /Necesitamos la dirección/);
  refused(at('address'), 'ahí', /al menos 4 letras/);
  refused(at('address'), 'c'.repeat(181), /hasta 180/);
  const noProfile = envFor({ profileName: undefined });
  refused(at('name', noProfile), '1', /al menos 2 letras/, noProfile);
  refused(at('name'), 'n'.repeat(101), /hasta 100/);
});

test('a municipality list takes a number, a button, or another name', () => {
  const pick = play(['La Unión'], envFor(), at('place')).state as ConversationState;
  assert.equal(pick.step, 'place_pick');
  assert.deepEqual(pick.candidates, ['05400', '52399', '70400', '76400']);
  refused(pick, '9', /No entendí/);
  refused(pick, 'Atlantis', /No encontré/);
  for (const [answer, code] of [
    ['2', '52399'],
    [choice('mun:70400'), '70400'],
    ['Mocoa', '86001'],
    ['Sucre', '70400'],
  ] as const) {
    const played = play([answer], envFor(), pick);
    assert.equal(played.state?.step, 'neighborhood');
    assert.deepEqual(played.state?.draft.place, { kind: 'municipality', code });
  }
  const sanMiguel = play(['San Miguel'], envFor(), pick);
  assert.equal(sanMiguel.state?.candidates?.length, 2, 'another shared name');
  assert.deepEqual(
    sanMiguel.last.replies.at(-1)?.choices?.map((c) => c.title),
    ['Putumayo', 'Santander'],
    'buttons show the department',
  );
  assert.equal(play([location(1.15, -76.65)], envFor(), pick).state?.step, 'neighborhood', 'a location too');
});

test('choices work by button id, by number and by their text', () => {
  for (const answer of [choice('type:offer'), '2', 'Quiero ayudar', 'quiero AYUDAR!']) {
    assert.equal(play(['hola', answer]).state?.draft.type, 'offer', JSON.stringify(answer));
  }
  for (const answer of [choice('cat:medicamentos'), '3', 'Medicamentos', 'medicinas', 'MEDICAMENTOS.']) {
    assert.equal(play([answer], envFor(), at('category')).state?.draft.category, 'medicamentos');
  }
  for (const answer of [choice('urg:stable'), '3', 'puede esperar']) {
    assert.equal(play([answer], envFor(), at('urgency')).state?.draft.urgency, 'stable');
  }
  for (const answer of [choice('skip'), 'No sé', 'no se', '0']) {
    assert.equal(play([answer], envFor(), at('quantity')).state?.draft.quantity, null);
  }
  for (const answer of [choice('skip'), 'No aplica', 'no']) {
    assert.equal(play([answer], envFor(), at('neighborhood')).state?.draft.neighborhood, null);
  }
  for (const answer of [choice('name:profile'), '1', 'sí', 'María Fernanda Rojas']) {
    assert.equal(play([answer], envFor(), at('name')).state?.draft.contactName, 'María Fernanda Rojas');
  }
  assert.equal(play(['Ana Pérez'], envFor(), at('name')).state?.draft.contactName, 'Ana Pérez');
  for (const answer of [choice('yes'), '1', 'Sí, acepto', 'acepto']) {
    assert.equal(play([answer], envFor(), at('consent')).state?.step, 'confirm');
  }
});

test('WhatsApp shows 9 categories and "Otra categoría", whose page lists the rest', () => {
  const state = at('category');
  const more = play([choice('cat:more')], envFor(), state);
  assert.equal(more.state?.step, 'category');
  assert.match(
    more.said,
    /1\. Mascotas\n2\. Transporte\n3\. Herramientas\n4\. Voluntariado\n5\. Centro de acopio\n6\. Otro\n7\. Volver/,
  );
  assert.equal(play(['4'], envFor(), more.state).state?.draft.category, 'voluntariado');
  assert.equal(play([choice('cat:acopio')], envFor(), more.state).state?.draft.category, 'acopio');
  assert.equal(play(['10'], envFor(), state).state?.page, 'more', '10 on the first page is "Otra categoría"');
  const back = play([choice('cat:back')], envFor(), more.state);
  assert.deepEqual(back.state, { ...state, misses: 0 });
  assert.equal(play(['herramientas'], envFor(), state).state?.draft.category, 'herramientas', 'a name from any page');
  const sms = at('category', envFor({ channel: 'sms' }));
  assert.equal(play(['13'], envFor({ channel: 'sms' }), sms).state?.draft.category, 'voluntariado');
});

test('cancelar or salir at any step ends the conversation with nothing sent', () => {
  for (const step of ['type' as Step, ...ALL_STEPS, 'place_pick' as Step]) {
    const state =
      step === 'type'
        ? play(['hola']).state
        : step === 'place_pick'
          ? play(['La Unión'], envFor(), at('place')).state
          : at(step);
    for (const word of ['cancelar', 'Salir', ' CANCELAR. ']) {
      const played = play([word], envFor(), state);
      assert.equal(played.state, null, `${word} at ${step}`);
      assert.equal(played.last.action, undefined);
      assert.match(played.said, /No se envió nada/);
    }
  }
  assert.match(play(['cancelar']).said, /No hay nada abierto/);
});

test('estado and retirar with a code, at a middle step, keep the conversation as it was', () => {
  const state = at('place');
  const status = play(['estado k7p 42q x9m d3r'], envFor(), state);
  assert.deepEqual(status.last.action, { kind: 'status', code: 'K7P-42Q-X9M-D3R' });
  assert.deepEqual(status.state, state);
  assert.deepEqual(status.last.replies, [], 'the caller answers with statusReplies');
  const withdraw = play(['Retirar K7P42QX9MD3R'], envFor(), state);
  assert.deepEqual(withdraw.last.action, { kind: 'withdraw', code: 'K7P-42Q-X9M-D3R' });
  assert.deepEqual(withdraw.state, state);
  const outside = play(['estado K7P-42Q-X9M-D3R']);
  assert.equal(outside.state, null);
  assert.deepEqual(outside.last.action, { kind: 'status', code: 'K7P-42Q-X9M-D3R' });
  const noEmergency = play(['retirar K7P-42Q-X9M-D3R'], envFor({ emergencies: [] }));
  assert.deepEqual(noEmergency.last.action, { kind: 'withdraw', code: 'K7P-42Q-X9M-D3R' });
});

test('a malformed code explains the format and keeps the conversation', () => {
  const state = at('neighborhood');
  for (const typed of ['estado K7P-42Q', 'retirar 1234-5678', 'estado']) {
    const played = play([typed], envFor(), state);
    assert.equal(played.last.action, undefined);
    assert.deepEqual(played.state, state);
    assert.match(played.said, /K7P-42Q-X9M-D3R/);
    assert.match(played.said, /barrio o vereda/, 'then the open question again');
  }
  const outside = play(['estado xyz']);
  assert.equal(outside.state, null);
  assert.match(outside.said, /estado K7P-42Q-X9M-D3R/);
  const words = play(['Retirar escombros de 3 casas'], envFor(), at('what'));
  assert.equal(words.state?.draft.title, 'Retirar escombros de 3 casas', 'words after retirar are an answer');
});

test('hola, ayuda or menú in a conversation repeats the question with how to leave', () => {
  const state = at('urgency');
  for (const word of ['hola', 'Ayuda', 'menú', 'inicio']) {
    const played = play([word], envFor(), state);
    assert.deepEqual(played.state, state);
    assert.match(played.said, /¿Qué tan urgente es\?/);
    assert.match(played.said, /escriba cancelar/);
  }
});
