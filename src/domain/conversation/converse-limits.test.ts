import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkReplies,
  choice,
  envFor,
  location,
  MOCOA,
  play,
  sticker,
} from '../../../test/helpers/conversation-harness.ts';
import { CHANNELS, type Channel } from '../../channels/adapters.ts';
import { helpSubmission } from '../../schemas/submission.ts';
import {
  notWithdrawnReplies,
  receiptReplies,
  statusReplies,
  submitFailedReplies,
  withdrawnReplies,
} from './converse.ts';
import type { Action, ConversationEnv } from './types.ts';

const CALLER_FIELDS = {
  source: 'whatsapp',
  externalId: 'wamid.X',
  contactWhatsapp: '+573001234567',
  publishContact: true,
};

/** Everything as long as it may be: emergencies, names, title, address, neighbourhood, unit. */
function longEnv(channel: Channel): ConversationEnv {
  const emergencies = Array.from({ length: 12 }, (_, i) => ({
    slug: `emergencia-de-prueba-numero-${i}`,
    name: `Emergencia de prueba número ${i} con un nombre larguísimo que no cabe en ningún botón ni lista`,
  }));
  return envFor({ channel, emergencies, profileName: `María ${'Fernanda '.repeat(11)}`.slice(0, 100) });
}

test('the longest answers make replies within every limit and a submission the schema takes', () => {
  for (const channel of CHANNELS) {
    const env = longEnv(channel);
    const words = 'palabra '.repeat(120);
    const played = play(
      [
        'hola',
        'necesito ayuda',
        '10',
        '2',
        words,
        `30 ${'bolsas '.repeat(10)}`,
        '1',
        'San Miguel',
        '1',
        'b'.repeat(80),
        'c'.repeat(180),
        'N'.repeat(100),
        '1',
        '1',
      ],
      env,
    );
    const action = played.last.action as Extract<Action, { kind: 'submit' }>;
    assert.equal(action?.kind, 'submit', channel);
    const result = helpSubmission.safeParse({ ...action.submission, ...CALLER_FIELDS });
    assert.ok(result.success, JSON.stringify(result.error?.issues));
    assert.equal(action.submission.emergencySlug, 'emergencia-de-prueba-numero-11', 'the tenth of the newest ten');
    assert.ok(action.submission.title.length <= 100 && action.submission.title.length > 90);
    assert.ok((action.submission.description ?? '').length <= 600);
    const emergencyList = played.turns[1]?.replies.at(-1);
    if (env.medium.choices) assert.equal(emergencyList?.choices?.length, 10);
  }
});

test('every reply of every kind of conversation keeps within its channel', () => {
  const scripts = [
    ['hola', '1', '1', 'Arroz', '10 kg', '2', 'Mocoa', 'no', 'Casa de la esquina', '1', '1', '1'],
    ['hola', '2', '1', 'Mercados', 'Mocoa', 'Parque principal', 'Ana', '1', '2'],
    ['quiero ayudar', 'Putumayo', 'ok', '99', 'cancelar'],
    [
      'necesito',
      '2',
      'ok',
      'Agua',
      'mucha',
      'no sé',
      '7',
      'Atlantis',
      'La Unión',
      '9',
      '1',
      'x',
      'no',
      'no',
      'Calle 1',
      '1',
      'No',
    ],
  ];
  for (const channel of CHANNELS) {
    for (const script of scripts) play(script, envFor({ channel, profileName: undefined }));
    play(['hola', sticker, sticker, sticker, sticker], envFor({ channel }));
    play(
      ['necesito', 'rescate', 'Personas atrapadas', 'no', 'Mocoa', 'no', 'Barrio Obrero', 'Pedro', '1'],
      envFor({ channel }),
    );
  }
});

test('a WhatsApp location is only asked for on WhatsApp', () => {
  const whatsapp = play(['necesito', '1', 'Arroz', 'no', '1']);
  assert.match(whatsapp.said, /Comparta su ubicación/);
  const sms = play(['necesito', '1', 'Arroz', 'no', '1'], envFor({ channel: 'sms' }));
  assert.match(sms.said, /Escriba el municipio/);
  // A location that arrives anyway (a gateway that forwards one) is still taken.
  const taken = play([location(1.15, -76.65)], envFor({ channel: 'sms' }), sms.state);
  assert.equal(taken.state?.step, 'neighborhood');
});

test('the SMS category list has every category, numbered, within two messages', () => {
  const played = play(['necesito ayuda'], envFor({ channel: 'sms' }));
  const listed = played.last.replies.map((r) => r.text).join('\n');
  for (let n = 1; n <= 15; n++) assert.match(listed, new RegExp(`^${n}\\. `, 'm'));
  assert.ok(played.last.replies.length <= 2);
});

test('after saving: the code, its status page, the review, estado and retirar', () => {
  const code = 'K7P-42Q-X9M-D3R';
  for (const channel of CHANNELS) {
    const env = envFor({ channel });
    const replies = receiptReplies(code, env);
    checkReplies(replies, env);
    const said = replies.map((r) => r.text).join('\n');
    for (const part of [code, env.statusUrl(code), `estado ${code}`, `retirar ${code}`, 'líder']) {
      assert.ok(said.includes(part), part);
    }
  }
});

test('a failed save says why and how to try again', () => {
  const replies = submitFailedReplies('El servicio no responde.', envFor({ channel: 'sms' }));
  checkReplies(replies, envFor({ channel: 'sms' }));
  assert.match(replies[0]?.text ?? '', /^El servicio no responde\. Escriba enviar para intentar de nuevo/);
  assert.match(submitFailedReplies(' ', envFor())[0]?.text ?? '', /^No pudimos guardar su registro\. Escriba enviar/);
});

test('status answers: in review, published with pledges, not published, unknown', () => {
  const code = 'K7P-42Q-X9M-D3R';
  const env = envFor({ channel: 'sms' });
  const said = (status: Parameters<typeof statusReplies>[0]) => {
    const replies = statusReplies(status, code, env);
    checkReplies(replies, env);
    return replies.map((r) => r.text).join('\n');
  };
  const base = { type: 'request' as const, emergencyName: MOCOA.name, pledges: 0 };
  assert.match(said({ ...base, state: 'pending_review' }), /en revisión/);
  assert.match(said({ ...base, state: 'published', pledges: 3 }), /publicada.*3/);
  assert.match(said({ ...base, type: 'offer', state: 'published', pledges: 1 }), /publicado.*1/);
  assert.match(said({ ...base, state: 'not_published' }), /no está publicada/);
  assert.match(said(undefined), /No encontramos el código K7P-42Q-X9M-D3R/);
  assert.match(said({ ...base, state: 'pending_review' }), /estado#K7P-42Q-X9M-D3R/, 'with the status page');
});

test('withdrawal answers', () => {
  const withdrawn = withdrawnReplies(envFor({ channel: 'sms' }))[0]?.text ?? '';
  assert.match(withdrawn, /retiramos su registro y borramos sus datos/);
  assert.ok(!withdrawn.includes('K7P-42Q-X9M-D3R'), 'a withdrawn code is not repeated in a message that stays');
  assert.match(notWithdrawnReplies('K7P-42Q-X9M-D3R', envFor({ channel: 'sms' }))[0]?.text ?? '', /No pudimos retirar/);
});

test('buttons: at most three choices with titles of 20 characters, else a list of 10 rows of 24', () => {
  const played = play(['hola', choice('type:request')], envFor({ profileName: 'Un nombre de perfil bastante largo' }));
  assert.equal(played.last.replies.at(-1)?.choices?.length, 10);
  const name = play(
    ['1', 'Arroz', 'no', '2', 'Mocoa', 'no', 'Calle 5 # 3-2'],
    envFor({ profileName: 'Un nombre de perfil bastante largo' }),
    played.state,
  );
  const profile = name.last.replies.at(-1)?.choices?.[0];
  assert.equal(profile?.id, 'name:profile');
  assert.ok((profile?.title.length ?? 99) <= 20);
  assert.match(name.said, /1\. Un nombre de perfil bastante largo/, 'the whole name in the text');
});
