// What the pledge and route-claim forms say when the daily limit on pledges and route claims refuses one: the same
// limit for both (domain/helper-caps.ts), so the same words.
import type { ErrorDetail } from '../../../errors.ts';
import type { Lang } from '../../../views/site/document.ts';
import { pledgeStrings } from '../../../views/site/pages/pledge-page.ts';
import { plural } from '../../../views/site/plural.ts';

export function helperLimitMessage(detail: ErrorDetail | undefined, lang: Lang): string {
  const t = pledgeStrings(lang);
  const limit = Number(detail?.limit ?? detail?.message ?? 0);
  return plural(limit, detail?.field === 'contactWhatsapp' ? t.dailyLimitWhatsapp : t.dailyLimitAddress, lang);
}
