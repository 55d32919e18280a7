// Pieces /centros, /rutas and /desarrolladores share: which emergency a page shows, ages in words, links that
// keep the language, code shown as <pre> in the page and as a fenced block in the twin.
import { html } from '../../html.ts';
import { type Block, type Inline, type Lang, localized } from '../document.ts';
import { fill, formatNumber } from '../format.ts';
import { type PluralForms, plural } from '../plural.ts';

export { fill, formatNumber };

/** A public emergency as these pages name it. */
export interface EmergencyRef {
  slug: string;
  name: string;
}

/**
 * What a page scoped to one emergency can show: that emergency, a choice among the active ones, or why not
 * (a malformed parameter is 400, an unknown emergency 404: both are pages, never a server error).
 */
export type EmergencyChoice =
  | { kind: 'one'; emergency: EmergencyRef }
  | { kind: 'choose'; emergencies: EmergencyRef[] }
  | { kind: 'invalid'; param: string }
  | { kind: 'unknown'; slug: string };

/** A template whose {key} becomes inline content (a link, code) rather than text. */
export function fillInline(template: string, key: string, content: Inline[]): Inline[] {
  return template.split(`{${key}}`).flatMap((part, i) => (i === 0 ? [part] : [...content, part]));
}

/** An internal link that keeps the page's language. */
export const withLang = localized;

/** A page path with its query: parameters without a value are left out; lang=en last. */
export function pagePath(path: string, params: Record<string, string | undefined>, lang: Lang): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return withLang(text ? `${path}?${text}` : path, lang);
}

export interface AgeStrings {
  ageNow: string;
  ageHours: PluralForms;
  ageDays: PluralForms;
}

/** How long ago, in words a person reads at a glance: hours for the first two days, then days. */
export function ageInWords(hours: number, t: AgeStrings, lang: Lang): string {
  if (hours < 1) return t.ageNow;
  if (hours < 48) return plural(Math.floor(hours), t.ageHours, lang);
  return plural(Math.floor(hours / 24), t.ageDays, lang);
}

/** Hours between an ISO instant and now, never negative (another machine's clock may run ahead). */
export function hoursSince(iso: string, now: Date): number {
  return Math.max(0, now.getTime() - Date.parse(iso)) / 3_600_000;
}

// Colombia has one time zone and no daylight saving: dates are shown as people there read their clocks.
const dateFormats = {
  es: new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Bogota' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Bogota' }),
};
export function formatDate(iso: string, lang: Lang): string {
  return dateFormats[lang].format(new Date(iso));
}

/** Code shown as it is: a <pre> block in the page, a fenced block in the twin. */
export function codeBlock(code: string, language = 'sh'): Block[] {
  return [
    // Focusable: a long line scrolls sideways, and keyboards must reach it too.
    { kind: 'html', html: html`<pre tabindex="0"><code>${code}</code></pre>` },
    { kind: 'markdown', text: `\`\`\`${language}\n${code}\n\`\`\`` },
  ];
}
