// Words that work at any step (cancelar, estado CÓDIGO, retirar CÓDIGO, ayuda) and a first message's intent.
import { normalizeReceiptCode } from '../receipt-code.ts';
import type { HelpType } from '../statuses.ts';
import { fold } from '../text.ts';
import { simplify } from './answers.ts';
import type { Inbound } from './types.ts';

export type Command =
  | { kind: 'cancel' }
  | { kind: 'menu' }
  /** code undefined: the code is malformed or missing. */
  | { kind: 'status' | 'withdraw'; code: string | undefined };

const CANCEL = new Set(['cancelar', 'cancela', 'cancelo', 'salir']);
const MENU =
  /^(?:hola|ola|buenas|buen dia|buenos dias|buenas tardes|buenas noches|ayuda|menu|inicio)(?: (?:hola|buenas|buen dia|buenos dias|buenas tardes|buenas noches))?$/;
const CODE_COMMAND = /^\s*(estado|retirar)(?:$|[\s:]+(.*)$)/su;

/**
 * A command in a text, or undefined for an ordinary answer. Inside a conversation, "estado" followed by words
 * that cannot be a code ("estado crítico") is an answer; outside, it is a malformed code.
 */
export function readCommand(text: string, inConversation: boolean): Command | undefined {
  const answer = simplify(text);
  if (CANCEL.has(answer)) return { kind: 'cancel' };
  if (MENU.test(answer)) return { kind: 'menu' };
  const match = CODE_COMMAND.exec(fold(text));
  if (!match) return undefined;
  const kind = match[1] === 'estado' ? 'status' : 'withdraw';
  const typed = (match[2] ?? '').trim();
  const code = normalizeReceiptCode(typed);
  if (code !== undefined || typed === '' || !inConversation || looksLikeCode(typed)) return { kind, code };
  return undefined;
}

/**
 * A mistyped code rather than words ("retirar escombros de 5 casas", "estado 2"): letters and digits in short
 * groups, each with a digit or at most 3 long, with a group that mixes both ("K7P") or 6 symbols or more.
 */
function looksLikeCode(typed: string): boolean {
  if (!/^[a-z0-9\s\-_./]+$/i.test(typed)) return false;
  const groups = typed.split(/[\s\-_./]+/).filter(Boolean);
  const symbols = groups.join('');
  const mixed = groups.some((group) => /\d/.test(group) && /[a-z]/i.test(group));
  return (
    /\d/.test(symbols) &&
    (mixed || symbols.length >= 6) &&
    symbols.length <= 18 &&
    groups.every((group) => /\d/.test(group) || group.length <= 3)
  );
}

const OFFER =
  /\b(?:quiero ayudar|puedo ayudar|podemos ayudar|queremos ayudar|ofrezco|ofrecemos|ofrecer|quiero donar|puedo donar|donar|donacion|tengo para dar)\b/;
const REQUEST =
  /\b(?:necesito|necesitamos|necesita|necesitan|requiero|requerimos|ayudenme|ayudennos|auxilio|socorro|pedir ayuda)\b/;

/** "Necesito agua" asks for help, "quiero ayudar" offers it; offering is read first ("ayudar a quien necesita"). */
export function intentOf(text: string): HelpType | undefined {
  const answer = simplify(text);
  if (OFFER.test(answer)) return 'offer';
  if (REQUEST.test(answer)) return 'request';
  return undefined;
}

const YES = new Set(['si', 's', 'sii', 'si retirar', 'si quiero', 'si por favor', 'confirmo', 'retirar']);

/** A "SI" to a question that acts only on yes (the withdrawal): a typed yes, never a number or a tap elsewhere. */
export function isYes(input: Inbound): boolean {
  return input.kind === 'text' && YES.has(simplify(input.text));
}

const RECEIVED = new Set([
  'recibido',
  'recibida',
  'recibi',
  'si recibido',
  'si recibi',
  'si llego',
  'llego',
  'ya llego',
]);
const NOT_RECEIVED = new Set(['no llego', 'no recibido', 'no recibi', 'no ha llegado', 'no me llego', 'no llego nada']);

/**
 * The answer to "did the delivery arrive?" (domain/notice-texts.ts): RECIBIDO or NO LLEGÓ, typed. Words of their
 * own, never a bare SI or NO, so an answer to another question is never read as one.
 */
export function deliveryAnswer(input: Inbound): 'received' | 'not_received' | null {
  if (input.kind !== 'text') return null;
  const answer = simplify(input.text);
  if (RECEIVED.has(answer)) return 'received';
  if (NOT_RECEIVED.has(answer)) return 'not_received';
  return null;
}
