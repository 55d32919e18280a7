// Colombia's municipalities (DANE's DIVIPOLA codes, CC BY-SA 4.0, credit DANE; see data/README.md), each
// with a representative point: the nearest one names the municipality of a point.
import { readFileSync } from 'node:fs';
import { bounds } from './bounds.ts';
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

const SMALL_WORDS = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'e']);

/** Names are upper case in the source; people read "Mocoa", "San José del Guaviare", "Bogotá, D.C.". */
export function titleCase(name: string): string {
  return name
    .toLocaleLowerCase('es')
    .split(/(\s+|-|\(|\.)/)
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toLocaleUpperCase('es') + word.slice(1)))
    .join('');
}

/** One CSV line: names with commas ("BOGOTÁ, D.C.") come in double quotes, "" stands for a quote. */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

export function municipalities(): Municipality[] {
  if (loaded) return loaded;
  const text = readFileSync(new URL('./data/divipola-municipios.csv', import.meta.url), 'utf8');
  const list: Municipality[] = [];
  for (const line of text.trim().split(/\r?\n/).slice(1)) {
    const [code = '', name = '', departmentCode = '', departmentName = '', , lat = '', lon = ''] = csvFields(line);
    const latitude = Number(lat);
    const longitude = Number(lon);
    // A row without a usable point could never be the nearest; it would only poison the search.
    if (!/^\d{5}$/.test(code) || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    list.push({
      code,
      name: titleCase(name),
      departmentCode,
      departmentName: titleCase(departmentName),
      latitude,
      longitude,
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

/** "Mocoa, Putumayo"; Bogotá, whose department is itself, is named once. */
export function municipalityLabel(m: Municipality): string {
  return m.name === m.departmentName ? m.name : `${m.name}, ${m.departmentName}`;
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

/**
 * Whether a municipality's point lies within the coordinates the API accepts: a record placed only by its
 * municipality publishes that point, which must itself be a valid point. San Andrés and Providencia lie west of
 * the accepted longitudes, so they cannot be chosen yet.
 */
export function withinContract(m: Pick<Municipality, 'latitude' | 'longitude'>): boolean {
  const { latitude, longitude } = bounds;
  return (
    m.latitude >= latitude.min &&
    m.latitude <= latitude.max &&
    m.longitude >= longitude.min &&
    m.longitude <= longitude.max
  );
}

/** A municipality a submission may name instead of a point: known, and within the accepted coordinates. */
export function choosableMunicipality(code: string | null | undefined): Municipality | undefined {
  const m = municipalityByCode(code);
  return m && withinContract(m) ? m : undefined;
}

export interface Department {
  code: string;
  name: string;
}

let departmentList: Department[] | null = null;

/** Departments with at least one choosable municipality, by name as people read them. */
export function departments(): Department[] {
  if (departmentList) return departmentList;
  const byDepartment = new Map<string, string>();
  for (const m of municipalities()) if (withinContract(m)) byDepartment.set(m.departmentCode, m.departmentName);
  departmentList = [...byDepartment]
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  return departmentList;
}

/** The choosable municipalities of one department, by name; none for an unknown or excluded department. */
export function municipalitiesOf(departmentCode: string): Municipality[] {
  return municipalities()
    .filter((m) => m.departmentCode === departmentCode && withinContract(m))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}
