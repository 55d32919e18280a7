// What an assistant's tool reads of published records: the public shape, whose people count SPEC 2.3 defaults to 1
// for the API, with that count only when the person gave it (peopleGiven): an assistant repeats what it reads.
import { saidPeople } from '../domain/people-given.ts';
import type { HelpList, PublicHelp } from '../schemas/public-help.ts';

export function helpForAssistants(item: PublicHelp): PublicHelp {
  const q = item.quantities;
  if (!q || q.peopleGiven) return item;
  // A copy: the public reads share presented records between answers.
  return { ...item, quantities: { ...q, people: saidPeople(q) } };
}

export function helpListForAssistants(list: HelpList): HelpList {
  return { ...list, items: list.items.map(helpForAssistants) };
}
