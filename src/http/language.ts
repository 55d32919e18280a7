import type { Lang } from '../errors.ts';

/** Spanish unless Accept-Language prefers English. */
export function preferredLanguage(header: string | undefined): Lang {
  if (!header) return 'es';
  let best: Lang = 'es';
  let bestQ = -1;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    const lang = tag.startsWith('en') ? 'en' : tag.startsWith('es') ? 'es' : null;
    if (lang && Number.isFinite(q) && q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  return best;
}
