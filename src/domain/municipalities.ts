// Colombia's municipalities (DANE's DIVIPOLA codes, CC BY-SA 4.0, credit DANE; see data/README.md), each
// with a representative point: the nearest one names the municipality of a point.
import { readFileSync } from 'node:fs';
import { distanceKm } from './distance.ts';

export interface Municipality {
  /** 5-digit DIVIPOLA code; the first two digits are the department's. */
  code: string;
  name: string;
  departmentCode: string;
  departmentName: string;
  latitude: number;
  longitude: number;
}

let loaded: Municipality[] | null = null;
let byCode: Map<string, Municipality> | null = null;

/** Names are upper case in the source; people read "Mocoa", "San José del Guaviare". */
function titleCase(name: string): string {
  const small = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'e']);
  return name
    .toLocaleLowerCase('es')
    .split(/(\s+|-|\()/)
    .map((word, i) => (i > 0 && small.has(word) ? word : word.charAt(0).toLocaleUpperCase('es') + word.slice(1)))
    .join('');
}

export function municipalities(): Municipality[] {
  if (loaded) return loaded;
  const text = readFileSync(new URL('./data/divipola-municipios.csv', import.meta.url), 'utf8');
  const list: Municipality[] = [];
  for (const line of text.trim().split('\n').slice(1)) {
    const [code = '', name = '', departmentCode = '', departmentName = '', , lat = '', lon = ''] = line.split(',');
    list.push({
      code,
      name: titleCase(name),
      departmentCode,
      departmentName: titleCase(departmentName),
      latitude: Number(lat),
      longitude: Number(lon),
    });
  }
  loaded = list;
  return list;
}

export function municipalityByCode(code: string | null | undefined): Municipality | undefined {
  if (!code) return undefined;
  byCode ??= new Map(municipalities().map((m) => [m.code, m]));
  return byCode.get(code);
}

/** The municipality whose representative point is nearest: a good guess, which a leader can correct. */
export function nearestMunicipality(latitude: number, longitude: number): Municipality {
  const all = municipalities();
  let best = all[0] as Municipality;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const m of all) {
    // A cheap box test first: most points are far away in latitude alone.
    if (Math.abs(m.latitude - latitude) * 111 > bestKm) continue;
    const km = distanceKm(latitude, longitude, m.latitude, m.longitude);
    if (km < bestKm) {
      bestKm = km;
      best = m;
    }
  }
  return best;
}
