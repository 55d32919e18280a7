// What the person whose submission a leader joined to a published one is told: it was not refused, help is asked
// for (or offered) in that publication, and its link. Their own words only, never the kept record's contact.
import { withoutLinkSchemes } from './text.ts';

export function joinedNoticeText(
  subject: { type: 'request' | 'offer'; title: string },
  links: { kept: string; status: string },
): string {
  const what = subject.type === 'request' ? 'Su solicitud' : 'Su ofrecimiento';
  const same = subject.type === 'request' ? 'la misma necesidad' : 'el mismo ofrecimiento';
  return (
    `Ayuda Directa: ${what} «${withoutLinkSchemes(subject.title)}» se unió a una publicación que ya recoge ${same}, ` +
    `para no repetirla; no fue rechazada. Puede seguirla aquí: ${links.kept} o consultar con su código en ${links.status}`
  );
}
