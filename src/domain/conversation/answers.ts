// Reading short answers: a numbered or named option, "no" to skip, a quantity such as "30 bidones".
import { readAmount } from '../decimal.ts';
import { fold } from '../text.ts';
import { clip, oneLine } from './clean-text.ts';

/** One option of a question: its text line, its WhatsApp choice, and the words that also pick it. */
export interface Option {
  id: string;
  title: string;
  /** The numbered line in the text, when longer than the title. */
  label?: string;
  description?: string;
  words?: readonly string[];
}

/** Folded, without punctuation or repeated spaces: "¡Sí!" -> "si", "1." -> "1". */
export function simplify(text: string): string {
  return fold(text)
    .replace(/[¡!¿?.,;:"'()*_~«»]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The option picked by its number (when numbered), its title, its label or one of its words. */
export function pickOption(text: string, options: readonly Option[], numbered = true): Option | undefined {
  const answer = simplify(text);
  const number = /^(?:opcion |numero |#)?(\d{1,2})$/.exec(answer);
  if (number) return numbered ? options[Number(number[1]) - 1] : undefined;
  return options.find((option) =>
    [option.title, option.label, ...(option.words ?? [])].some(
      (name) => name !== undefined && simplify(name) === answer,
    ),
  );
}

export const YES_WORDS = ['si', 's', 'acepto', 'si acepto', 'claro', 'de acuerdo', 'ok', 'listo', 'dale', 'bueno'];
export const NO_WORDS = ['no', 'n', 'no acepto', 'no gracias'];

const SKIP = new Set([
  'no',
  'n',
  'no aplica',
  'n/a',
  'na',
  'ninguno',
  'ninguna',
  'nada',
  'no se',
  'nose',
  'no sabe',
  'no tengo',
  'no hay',
  'omitir',
  'saltar',
  '-',
]);

/** "no", "no aplica", "no sé"…: the person has nothing to say here. */
export function isSkip(text: string): boolean {
  return SKIP.has(simplify(text));
}

export type QuantityAnswer =
  | { kind: 'skip' }
  | { kind: 'amount'; amount: number; unit: string }
  | { kind: 'invalid'; reason: 'too_big' | 'unreadable' };

const SPELLED: Record<string, number> = {
  un: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  veinte: 20,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  cien: 100,
};

/** As the forms read an amount (domain/decimal.ts): "1.500" is fifteen hundred, "1,5" and "2.5" are decimals. */
function readNumber(digits: string): number {
  return readAmount(digits)?.value ?? Number.NaN;
}

const APPROXIMATELY = /^(?:unos|unas|aprox(?:imadamente)?|como|alrededor de|mas de|más de|hasta)\s+/i;

/** "30 bidones", "30", "1.500 litros", "dos cajas", "2 mil kg"; "no sé" and "0" skip; units default to "unidades". */
export function parseQuantity(text: string, maxAmount: number, maxUnit: number): QuantityAnswer {
  const line = oneLine(text).replace(APPROXIMATELY, '');
  if (isSkip(line) || /^0+(?:[.,]0+)?$/.test(line)) return { kind: 'skip' };
  let amount: number;
  let rest: string;
  const numeric = /^(\d[\d.,]*?)[.,]?(?:\s*|\s+(.*)|(\p{L}.*))$/u.exec(line);
  const spelled = /^(\S+)(?:\s+(.*))?$/.exec(line);
  if (numeric) {
    amount = readNumber(numeric[1] ?? '');
    rest = (numeric[2] ?? numeric[3] ?? '').trim();
  } else if (spelled && SPELLED[fold(spelled[1] ?? '')] !== undefined) {
    amount = SPELLED[fold(spelled[1] ?? '')] ?? Number.NaN;
    rest = (spelled[2] ?? '').trim();
  } else return { kind: 'invalid', reason: 'unreadable' };
  const thousands = /^mil(?:\s+(.*))?$/i.exec(rest);
  if (thousands) {
    amount *= 1000;
    rest = (thousands[1] ?? '').trim();
  }
  rest = rest.replace(/^de\s+/i, '');
  // A unit starts with a letter: "30 - 40" and "1/2 kg" are not read as a guess.
  if (!Number.isFinite(amount) || (rest !== '' && !/^\p{L}/u.test(rest))) {
    return { kind: 'invalid', reason: 'unreadable' };
  }
  if (amount === 0) return { kind: 'skip' };
  if (amount > maxAmount) return { kind: 'invalid', reason: 'too_big' };
  return { kind: 'amount', amount, unit: clip(rest === '' ? 'unidades' : rest, maxUnit) };
}
