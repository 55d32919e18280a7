// A typed amount whose dot was read as the thousands mark ("150.000" = 150000) and turned out more than its field
// takes: instead of a bare "too big", the form asks once, quoting the number as read, in case the dot was meant
// as a decimal mark. Any other refusal keeps its own message.
import { readAmount } from '../../domain/decimal.ts';
import type { ErrorDetail } from '../../errors.ts';
import { catalogue, strings } from '../../views/site/catalogue.ts';
import type { Lang } from '../../views/site/document.ts';
import { fill, formatNumber } from '../../views/site/format.ts';

/** The question for this refusal of what the person typed, or undefined when there is nothing to ask. */
export function amountQuestion(detail: Pick<ErrorDetail, 'code'>, typed: string, lang: Lang): string | undefined {
  if (detail.code !== 'too_big') return undefined;
  const reading = readAmount(typed);
  if (!reading?.thousandsDot) return undefined;
  const t = strings(catalogue.amountQuestion, lang);
  const text = typed.trim();
  const read = formatNumber(reading.value, lang);
  // One dot and no comma: the same digits with a comma are what a decimal would have been.
  if (/^\d+\.\d{3}$/.test(text)) return fill(t.decimal, { read, decimal: text.replace('.', ',') });
  return fill(t.plain, { read });
}
