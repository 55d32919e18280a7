import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  choice,
  envFor,
  location,
  MOCOA,
  type Played,
  play,
  SALGAR,
} from '../../../test/helpers/conversation-harness.ts';
import { helpSubmission } from '../../schemas/submission.ts';
import { converse } from './converse.ts';
import type { Action, ConversationState, SubmissionDraft } from './types.ts';

/** The submission as the caller completes it, through the one submission schema. */
function parsed(submission: SubmissionDraft) {
  const full = {
    ...submission,
    source: 'whatsapp',
    externalId: 'wamid.X',
    contactWhatsapp: '+573001234567',
    publishContact: true,
  };
  const result = helpSubmission.safeParse(full);
  assert.ok(result.success, JSON.stringify(result.error?.issues));
  return result.data;
}

function submitted(played: Played): SubmissionDraft {
  const action = played.last.action as Action;
  assert.equal(action?.kind, 'submit');
  assert.equal(played.last.replies.length, 0, 'the caller answers with receiptReplies or submitFailedReplies');
  assert.equal(played.state?.step, 'confirm', 'kept at confirm: "enviar" again retries when saving failed');
  return (action as Extract<Action, { kind: 'submit' }>).submission;
}

const steps = (played: Played) => played.turns.map((turn) => turn.state?.step ?? null);

test('a full request on WhatsApp with a shared location, answered with buttons', () => {
  const played = play([
    'Hola',
    choice('type:request'),
    choice('cat:agua'),
    'Agua potable para 6 familias',
    '30 bidones',
    choice('urg:urgent'),
    location(1.1478, -76.6476),
    'San Miguel',
    'Calle 8 # 5-21, junto a la escuela',
    choice('name:profile'),
    choice('yes'),
    choice('send'),
  ]);
  assert.deepEqual(steps(played), [
    'type',
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
    'confirm',
  ]);
  const submission = submitted(played);
  assert.deepEqual(submission, {
    type: 'request',
    emergencySlug: MOCOA.slug,
    title: 'Agua potable para 6 familias',
    category: 'agua',
    contactName: 'María Fernanda Rojas',
    latitude: 1.1478,
    longitude: -76.6476,
    address: 'Calle 8 # 5-21, junto a la escuela',
    neighborhood: 'San Miguel',
    urgency: 'urgent',
    resourceLabel: 'Agua potable para 6 familias',
    quantityRequired: 30,
    unit: 'bidones',
  });
  const data = parsed(submission);
  assert.equal(data.type, 'request');
  const welcome = played.turns[0]?.replies[0];
  assert.match(welcome?.text ?? '', /Ayuda Directa/);
  assert.match(welcome?.text ?? '', /1\. Necesito ayuda\n2\. Quiero ayudar/);
  assert.deepEqual(
    welcome?.choices?.map((c) => c.id),
    ['type:request', 'type:offer'],
  );
  const summary = played.turns[10]?.replies.map((r) => r.text).join('\n') ?? '';
  for (const shown of [
    'Agua potable para 6 familias',
    '30 bidones',
    'Urgente',
    'cerca de Mocoa, Putumayo',
    'San Miguel',
  ]) {
    assert.ok(summary.includes(shown), shown);
  }
  assert.match(summary, /1\. Enviar\n2\. Empezar de nuevo/);
  assert.match(played.turns[5]?.replies[0]?.text ?? '', /123/, 'urgent: call 123 if life is at risk');
});

test('a full request by SMS with a shared municipality name, answered with numbers and words', () => {
  const env = envFor({ channel: 'sms', profileName: undefined });
  const played = play(
    [
      'Necesito ayuda por favor',
      '2',
      'Bidones de agua',
      'no sé',
      'se necesita pronto',
      'La Unión',
      '4',
      'no',
      'Vereda El Placer, casa azul',
      'Jorge Muñoz',
      'sí',
      '1',
    ],
    env,
  );
  assert.equal(steps(played)[0], 'category', '"necesito…" skips the first question');
  assert.equal(steps(played)[5], 'place_pick');
  const pick = played.turns[5]?.replies.map((r) => r.text).join('\n') ?? '';
  assert.match(
    pick,
    /1\. La Unión, Antioquia\n2\. La Unión, Nariño\n3\. La Unión, Sucre\n4\. La Unión, Valle del Cauca/,
  );
  const submission = submitted(played);
  assert.deepEqual(submission, {
    type: 'request',
    emergencySlug: MOCOA.slug,
    title: 'Bidones de agua',
    category: 'agua',
    contactName: 'Jorge Muñoz',
    municipalityCode: '76400',
    address: 'Vereda El Placer, casa azul',
    urgency: 'needed',
  });
  parsed(submission);
  const consent = played.turns[9]?.replies.map((r) => r.text).join('\n') ?? '';
  assert.match(consent, /Jorge Muñoz/);
  assert.match(consent, /este número,/);
  assert.doesNotMatch(consent, /WhatsApp/);
});

test('an offer skips quantity, urgency and neighbourhood, and may leave out the address', () => {
  const played = play([
    'Hola, quiero ayudar',
    '6',
    'Camioneta 4x4 para llevar mercados',
    'Mocoa, Putumayo',
    'no',
    'Fundación Manos Unidas',
    '1',
    'Enviar',
  ]);
  assert.deepEqual(steps(played), ['category', 'what', 'place', 'address', 'name', 'consent', 'confirm', 'confirm']);
  const submission = submitted(played);
  assert.deepEqual(submission, {
    type: 'offer',
    emergencySlug: MOCOA.slug,
    title: 'Camioneta 4x4 para llevar mercados',
    category: 'transporte',
    contactName: 'Fundación Manos Unidas',
    municipalityCode: '86001',
  });
  assert.equal(parsed(submission).type, 'offer');
  assert.match(played.turns[0]?.replies[0]?.text ?? '', /ofrece/);
  const withAddress = play(['quiero ayudar', 'agua', 'Agua embotellada', 'Sibundoy', 'Parque principal de Sibundoy']);
  assert.equal(withAddress.state?.draft.address, 'Parque principal de Sibundoy');
});

test('with several emergencies the person picks one, by number, name or button', () => {
  const env = envFor({ emergencies: [MOCOA, SALGAR] });
  const asked = play(['hola', '1'], env);
  assert.equal(asked.state?.step, 'emergency');
  assert.match(asked.said, /1\. Inundación Mocoa 2026\n2\. Avalancha de Salgar/);
  assert.doesNotMatch(asked.turns[0]?.replies[0]?.text ?? '', /en la emergencia/, 'no single emergency to name');
  for (const answer of ['2', 'avalancha de salgar', choice(`emer:${SALGAR.slug}`)]) {
    const played = play([answer], env, asked.state);
    assert.equal(played.state?.step, 'category');
    assert.equal(played.state?.draft.emergencySlug, SALGAR.slug);
  }
  assert.equal(play(['3'], env, asked.state).state?.step, 'emergency', 'out of range');
});

test('with one emergency it is used without asking; with none nothing starts', () => {
  const one = play(['hola', '1']);
  assert.equal(one.state?.draft.emergencySlug, MOCOA.slug);
  const none = play(['hola'], envFor({ emergencies: [] }));
  assert.equal(none.state, null);
  assert.match(none.said, /no hay ninguna emergencia activa/);
  const sms = play(['necesito agua'], envFor({ emergencies: [], channel: 'sms' }));
  assert.equal(sms.state, null);
});

test('an emergency that closes before sending is asked again, or the conversation ends', () => {
  const ready = play([
    'necesito ayuda',
    '1',
    'Arroz y panela',
    '10 kg',
    '2',
    'Mocoa',
    'no',
    'Barrio Centro, calle 5',
    '1',
    '1',
  ]);
  assert.equal(ready.state?.step, 'confirm');
  const other = envFor({ emergencies: [SALGAR, { slug: 'sequia-guajira', name: 'Sequía en La Guajira' }] });
  const asked = play(['enviar'], other, ready.state);
  assert.equal(asked.state?.step, 'emergency');
  assert.equal(asked.last.action, undefined);
  assert.match(asked.said, /ya no está activa/);
  const ended = play(['enviar'], envFor({ emergencies: [] }), ready.state);
  assert.equal(ended.state, null);
  assert.match(ended.said, /no hay ninguna emergencia activa/);
});

test('rescue is urgent without asking, with the emergency number', () => {
  const played = play(['necesito', '9', 'Familia atrapada en el techo']);
  assert.equal(played.state?.step, 'quantity');
  const skipped = play(['no sé'], envFor(), played.state);
  assert.equal(skipped.state?.step, 'place');
  assert.equal(skipped.state?.draft.urgency, 'urgent');
  assert.match(skipped.said, /llame ya al 123/);
});

test('consent refused ends the conversation and says nothing was sent', () => {
  const played = play([
    'necesito ayuda',
    'medicamentos',
    'Insulina',
    '2 frascos',
    '1',
    'Mocoa',
    'no',
    'Hospital, sala 3',
    '1',
    'No',
  ]);
  assert.equal(played.state, null);
  assert.equal(played.last.action, undefined);
  assert.match(played.said, /No enviamos nada/);
  assert.match(played.said, /123/);
  const offer = play(['quiero ayudar', '1', 'Mercados', 'Mocoa', 'no', 'Ana', choice('no')]);
  assert.equal(offer.state, null);
  assert.match(offer.said, /Cruz Roja/);
});

test('the summary can start over, and sending again after a failure sends the same submission', () => {
  const ready = play(['quiero ayudar', '1', 'Mercados', 'Mocoa', 'no', 'Ana', '1']);
  assert.equal(ready.state?.step, 'confirm');
  const restarted = play([choice('restart')], envFor(), ready.state);
  assert.equal(restarted.state?.step, 'type');
  assert.deepEqual(restarted.state?.draft, {});
  const first = converse(ready.state, { kind: 'text', text: 'enviar' }, envFor());
  const again = converse(first.state, { kind: 'text', text: 'Enviar' }, envFor());
  assert.deepEqual(again, first);
});

test('a long description: the title is its first words, the whole text the description', () => {
  const long = `Necesitamos agua potable para las familias del barrio ${'que quedaron aisladas por la creciente del río '.repeat(4)}`;
  const played = play(['necesito', '2', long]);
  const { title, description } = played.state?.draft ?? {};
  assert.ok(title && title.length <= 100 && title.startsWith('Necesitamos agua potable'), title);
  assert.ok(title?.endsWith('…'));
  assert.equal(description, long.trim());
  const huge = play(['necesito', '2', 'agua '.repeat(200)]).state?.draft.description ?? '';
  assert.ok(huge.length <= 600 && huge.length > 500);
});

test('a state this version cannot read starts a new conversation', () => {
  for (const saved of [
    { version: 0, step: 'type', draft: {}, misses: 0 },
    { version: 1, step: 'gone', draft: {}, misses: 0 },
  ]) {
    const turn = converse(saved as unknown as ConversationState, { kind: 'text', text: '1' }, envFor());
    assert.equal(turn.state?.step, 'type');
    assert.match(turn.replies[0]?.text ?? '', /Ayuda Directa/);
  }
});
