// Nothing published that nobody said: SPEC 2.3 stores 1 person when a submission leaves neededPeople out, and the
// API keeps that 1; what people and assistants read shows a count only when the person gave it.

/** The people count the person gave; null when the stored number is only the default (or there is none). */
export function saidPeople(
  quantities: { people: number | null; peopleGiven: boolean } | null | undefined,
): number | null {
  return quantities?.peopleGiven ? quantities.people : null;
}
