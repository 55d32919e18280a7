// A municipality from its typed name ("mocoa", "Mocoa, Putumayo", "La Unión"): exact names only, no guessing.
import { choosableMunicipality, type Municipality, municipalities, municipalityByCode } from '../municipalities.ts';
import { fold } from '../text.ts';

export type MunicipalityMatch =
  | { kind: 'one'; municipality: Municipality }
  /** Several choosable municipalities share the name (at most MAX_CANDIDATES, by department). */
  | { kind: 'several'; candidates: Municipality[] }
  /** The name of a department: which municipality? The capital serves as an example. */
  | { kind: 'department'; name: string; example?: Municipality }
  /** A municipality that cannot be chosen (San Andrés and Providencia lie outside the accepted coordinates). */
  | { kind: 'outside'; municipality: Municipality }
  | { kind: 'none' };

export const MAX_CANDIDATES = 9;

/** Official names that differ from the ones people use. */
const ALIASES: Record<string, string> = {
  bogota: '11001',
  cartagena: '13001',
  mompox: '13468',
  mompos: '13468',
  cucuta: '54001',
  tumaco: '52835',
  tolu: '70820',
  buga: '76111',
  mariquita: '73443',
  ubate: '25843',
  piendamo: '19548',
};

/** Folded words joined by single spaces: "Bogotá, D.C." -> "bogota d c". */
function key(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

let byName: Map<string, Municipality[]> | null = null;

function index(): Map<string, Municipality[]> {
  if (byName) return byName;
  const map = new Map<string, Municipality[]>();
  const add = (name: string, m: Municipality) => map.set(name, [...(map.get(name) ?? []), m]);
  for (const m of municipalities()) add(key(m.name), m);
  for (const [alias, code] of Object.entries(ALIASES)) {
    const m = municipalityByCode(code);
    if (m && !map.has(alias)) add(alias, m);
  }
  byName = map;
  return map;
}

/** "valle" names Valle del Cauca, "guajira" La Guajira, "bogota" Bogotá, D.C., "san andres" the archipelago. */
function namesDepartment(typed: string, m: Municipality): boolean {
  const department = key(m.departmentName);
  const words = typed.replace(/^(?:departamento|depto|dpto)(?: del?)? /, '');
  const forms = [department, department.replace(/^(?:la|el|archipielago de) /, '')];
  return forms.some((form) => form === words || form.startsWith(`${words} `));
}

const FILLER =
  /^(?:(?:estoy|estamos|vivo|vivimos|somos|soy|queda|quedamos) )?(?:en |de )?(?:(?:el )?(?:municipio|mpio|ciudad|pueblo) (?:de )?)?/;

/** Municipalities whose name is the text, or whose name and department are ("mocoa putumayo"). */
function lookup(typed: string): Municipality[] {
  const exact = index().get(typed);
  if (exact) return exact;
  const words = typed.split(' ');
  for (let i = words.length - 1; i >= 1; i--) {
    const named = index().get(words.slice(0, i).join(' ')) ?? [];
    const rest = words.slice(i).join(' ');
    const found = named.filter((m) => namesDepartment(rest, m));
    if (found.length > 0) return found;
  }
  return [];
}

function departmentNamed(typed: string): MunicipalityMatch | undefined {
  const m = municipalities().find((candidate) => namesDepartment(typed, candidate) && typed.length >= 4);
  if (!m) return undefined;
  const example = choosableMunicipality(`${m.departmentCode}001`);
  return { kind: 'department', name: m.departmentName, ...(example ? { example } : {}) };
}

export function findMunicipality(typed: string): MunicipalityMatch {
  const full = key(typed).replace(/ colombia$/, '');
  if (/^\d{5}$/.test(full)) return matchOf(municipalityByCode(full) ? [municipalityByCode(full) as Municipality] : []);
  const trimmed = full.replace(FILLER, '');
  const found = lookup(full);
  const matches = found.length > 0 || trimmed === full ? found : lookup(trimmed);
  if (matches.length === 0) return departmentNamed(trimmed) ?? { kind: 'none' };
  return matchOf(matches);
}

function matchOf(matches: Municipality[]): MunicipalityMatch {
  if (matches.length === 0) return { kind: 'none' };
  const choosable = matches.filter((m) => choosableMunicipality(m.code) !== undefined);
  const [first] = matches;
  if (choosable.length === 0 && first) return { kind: 'outside', municipality: first };
  if (matches.length === 1 && first) return { kind: 'one', municipality: first };
  const candidates = [...choosable]
    .sort((a, b) => a.departmentName.localeCompare(b.departmentName, 'es'))
    .slice(0, MAX_CANDIDATES);
  return { kind: 'several', candidates };
}
