// Every string of the public website, in Spanish and English: the frame here, each page's section in strings/.
import type { Lang } from './document.ts';
import type { PluralForms } from './plural.ts';
import { centres } from './strings/centres.ts';
import { code } from './strings/code.ts';
import { developers } from './strings/developers.ts';
import { emergency } from './strings/emergency.ts';
import { forms } from './strings/forms.ts';
import { helpChoice } from './strings/help-choice.ts';
import { home } from './strings/home.ts';
import { numberProof } from './strings/number-proof.ts';
import { openData } from './strings/open-data.ts';
import { pledge } from './strings/pledge.ts';
import { privacy } from './strings/privacy.ts';
import { amountQuestion, quantity } from './strings/quantity.ts';
import { record } from './strings/record.ts';
import { report } from './strings/report.ts';
import { routeClaim } from './strings/route-claim.ts';
import { routes } from './strings/routes.ts';
import { status } from './strings/status.ts';
import { withdraw } from './strings/withdraw.ts';

const site = {
  name: { es: 'Ayuda Directa', en: 'Ayuda Directa' },
  tagline: {
    es: 'Coordinación abierta de ayuda directa en emergencias en Colombia.',
    en: 'Open coordination of direct aid in emergencies in Colombia.',
  },
  skip: { es: 'Saltar al contenido', en: 'Skip to content' },
  navHome: { es: 'Inicio', en: 'Home' },
  navNeed: { es: 'Necesito ayuda', en: 'I need help' },
  navGive: { es: 'Quiero ayudar', en: 'I want to help' },
  navCentres: { es: 'Centros de acopio', en: 'Collection centres' },
  navRoutes: { es: 'Rutas logísticas', en: 'Logistics routes' },
  navPrivacy: { es: 'Privacidad', en: 'Privacy' },
  otherLang: { es: 'English', en: 'Español' },
  notFoundTitle: { es: 'Página no encontrada', en: 'Page not found' },
  notFound: {
    es: 'No existe esa página o ese registro no está publicado.',
    en: 'No such page, or the record is not published.',
  },
} as const;

export const catalogue = {
  site,
  home,
  helpChoice,
  emergency,
  record,
  report,
  pledge,
  centres,
  routes,
  routeClaim,
  developers,
  forms,
  status,
  withdraw,
  numberProof,
  openData,
  privacy,
  quantity,
  amountQuestion,
  code,
} as const;

/** A plain string, or the two forms of a string that takes a count (see plural.ts). */
export type Section = Record<string, { es: string; en: string } | { es: PluralForms; en: PluralForms }>;

type InLang<S extends Section> = { [K in keyof S]: S[K]['es'] extends string ? string : PluralForms };

/** The strings of one section in one language. */
export function strings<S extends Section>(section: S, lang: Lang): InLang<S> {
  return Object.fromEntries(Object.entries(section).map(([k, v]) => [k, v[lang]])) as InLang<S>;
}
