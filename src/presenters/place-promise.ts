// A stored record's place promise (domain/public-promise.ts): what its approval publishes of the place, and what
// never. The same words as the MCP consent and the WhatsApp and SMS summary, from the columns as stored.
import { municipalityByCode, municipalityLabel } from '../domain/municipalities.ts';
import { type PlacePromise, placePromise } from '../domain/public-promise.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';

export type PlaceColumns = Pick<
  HelpRow,
  | 'type'
  | 'exact_location'
  | 'collection_center_status'
  | 'latitude'
  | 'longitude'
  | 'address'
  | 'neighborhood'
  | 'municipality_code'
>;

export function rowPlacePromise(row: PlaceColumns, lang: 'es' | 'en' = 'es'): PlacePromise {
  const municipality = municipalityByCode(row.municipality_code);
  return placePromise(
    {
      type: row.type,
      showExactLocation: row.exact_location === 1,
      collectionCenterStatus: row.collection_center_status,
      ...(row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : {}),
      ...(row.address ? { address: row.address } : {}),
      ...(row.neighborhood ? { neighborhood: row.neighborhood } : {}),
      municipality: municipality ? municipalityLabel(municipality) : null,
    },
    lang,
  );
}

/** "Si la aprueba, se publica lo que escribió, …, su nombre y su WhatsApp. No se publica nunca: …." */
export function promiseSentence(row: PlaceColumns): string {
  const promise = rowPlacePromise(row);
  const approves = row.type === 'request' ? 'Si la aprueba' : 'Si lo aprueba';
  const shown = [promise.shown, 'su nombre y su WhatsApp'].filter(Boolean).join(', ');
  const never = promise.hidden ? ` No se publica nunca: ${promise.hidden}.` : '';
  return `${approves}, se publica lo que escribió, ${shown}.${never}`;
}
