// A feed entry -> ChangeEvent, as JSON text: the stored state is already the public JSON it was, so it is set in
// as it is, never parsed and written again. Every other field is copied one by one.
import type { ChangeRow } from '../repositories/public-changes.ts';

export function changeEventText(row: ChangeRow, emergencySlug: string): string {
  return (
    `{"cursor":"${row.seq}","kind":${JSON.stringify(row.kind)},"entity":${JSON.stringify(row.entity)},` +
    `"id":${JSON.stringify(row.entity_id)},"emergencySlug":${JSON.stringify(emergencySlug)},` +
    `"at":${JSON.stringify(row.at)},"state":${row.state ?? 'null'},"redacted":${row.redacted === 1}}`
  );
}
