// The line of a site error page that names the request, in code type so each character of it reads clearly.
import { REFERENCE_SLOT, referenceLabel } from '../request-reference.ts';
import { type Block, code, type Lang, text } from './document.ts';

export function referenceLine(lang: Lang): Block {
  return text(`${referenceLabel[lang]}: `, code(REFERENCE_SLOT));
}
