// GET /api/public/v1/help query (SPEC 4.1). Query strings arrive as text; each parameter is parsed strictly.
import * as z from 'zod';
import { bounds } from '../domain/bounds.ts';
import { categories } from '../domain/categories.ts';
import { confirmationFilters } from '../domain/confirmation.ts';
import { municipalityByCode } from '../domain/municipalities.ts';
import { commitmentFilters, helpSorts, helpTypes, priorityFilters, recordStatuses } from '../domain/statuses.ts';
import { slugPattern, text } from './common.ts';

const decimal = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function numberParam(min: number, max: number) {
  return z.string().regex(decimal, { error: 'not_a_number' }).transform(Number).pipe(z.number().min(min).max(max));
}

const booleanParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .pipe(z.boolean());

/** Where a list page ended, in the order it was listed by: the next page starts right after this record. */
export interface ListPosition {
  order: 'priority' | 'distance';
  priorityScore: number;
  createdMs: number;
  id: string;
  /**
   * The distance in the nearest-first order, Infinity for a record whose distance is unknown (placed by the search
   * point's municipality alone: listed after every measured one); null in the priority order.
   */
  distance: number | null;
}

const positionFields = z.tuple([
  z.enum(['p', 'd']),
  z.number(),
  z.number(),
  z.string().min(1).max(64),
  z.number().nonnegative().nullable(),
]);

/**
 * The opaque cursor: base64url of the position as JSON. Numbers round-trip exactly through JSON; an unknown distance
 * (Infinity, which JSON cannot hold) is written as null in the nearest-first order.
 */
export function encodeCursor(position: ListPosition): string {
  const distance = position.distance !== null && Number.isFinite(position.distance) ? position.distance : null;
  const fields = [
    position.order === 'distance' ? 'd' : 'p',
    position.priorityScore,
    position.createdMs,
    position.id,
    distance,
  ];
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url');
}

/** The position a cursor names; null when it is not one this service wrote. */
export function decodeCursor(cursor: string): ListPosition | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = positionFields.safeParse(json);
  if (!parsed.success) return null;
  const [order, priorityScore, createdMs, id, distance] = parsed.data;
  if (order === 'p') return { order: 'priority', priorityScore, createdMs, id, distance: null };
  return { order: 'distance', priorityScore, createdMs, id, distance: distance ?? Number.POSITIVE_INFINITY };
}

/** The cursor of a page in this order; a cursor of the other order would skip or repeat records. */
function cursorRules(query: { cursor?: string; sort?: string }, ctx: z.RefinementCtx): void {
  if (query.cursor === undefined) return;
  const position = decodeCursor(query.cursor);
  if (!position) {
    ctx.addIssue({ code: 'custom', path: ['cursor'], params: { code: 'invalid_cursor' }, message: 'invalid_cursor' });
  } else if (position.order !== (query.sort ?? 'priority')) {
    ctx.addIssue({ code: 'custom', path: ['cursor'], params: { code: 'cursor_order' }, message: 'cursor_order' });
  }
}

/** DIVIPOLA code of a municipality of Colombia (5 digits, the first two the department's). */
export const municipalityCodeParam = z
  .string()
  .regex(/^\d{5}$/)
  .refine((code) => municipalityByCode(code) !== undefined, {
    params: { code: 'unknown_municipality' },
    message: 'unknown_municipality',
  })
  .describe('Código DIVIPOLA (DANE) de 5 dígitos: solo registros de ese municipio (location.municipalityCode).');

/** Rules across parameters, shared with the MCP search tool. */
export function queryRules(
  query: { view?: string; id?: string; latitude?: number; longitude?: number; radiusKm?: number; sort?: string },
  ctx: z.RefinementCtx,
): void {
  if (query.view === 'detail' && !query.id) {
    ctx.addIssue({ code: 'custom', path: ['id'], params: { code: 'required' }, message: 'required' });
  }
  const hasLat = query.latitude !== undefined;
  if (hasLat !== (query.longitude !== undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [hasLat ? 'longitude' : 'latitude'],
      params: { code: 'coordinates_pair' },
      message: 'coordinates_pair',
    });
  }
  if (query.radiusKm !== undefined && !hasLat) {
    ctx.addIssue({
      code: 'custom',
      path: ['radiusKm'],
      params: { code: 'needs_coordinates' },
      message: 'needs_coordinates',
    });
  }
  if (query.sort === 'distance' && !hasLat) {
    ctx.addIssue({
      code: 'custom',
      path: ['sort'],
      params: { code: 'sort_needs_coordinates' },
      message: 'sort_needs_coordinates',
    });
  }
}

export const sortDescription =
  'priority (por defecto): mayor priorityScore primero, luego los más nuevos. distance: el más cercano a ' +
  'latitude/longitude primero (requiere ambas), a igual distancia por prioridad; los registros ubicados solo por ' +
  'el municipio del punto de búsqueda (distancia desconocida, location.distanceKm null) van después de todos los ' +
  'medidos, por prioridad.';

export const commitmentDescription =
  'uncommitted: solo solicitudes sin completar a las que aún les falta algo que nadie se comprometió a llevar ' +
  '(quantities.uncommitted mayor que 0, o sin cantidad y sin compromisos abiertos).';

export const confirmationDescription =
  'not_expired (por defecto): vigentes y por confirmar; current, to_confirm o expired: solo ese estado ' +
  '(confirmation.state); all: todos. Los vencidos (expired) salen de las listas, el mapa y los conteos hasta que ' +
  'alguien los confirme de nuevo.';

export const helpViews = ['discovery', 'panorama', 'list', 'detail'] as const;

export const helpQuery = z
  .strictObject({
    view: z.enum(helpViews).default('discovery').describe('Qué responder; por defecto discovery.'),
    id: z.string().min(1).max(64).optional().describe('Id del registro; obligatorio con view=detail.'),
    emergencySlug: z.string().regex(slugPattern).optional().describe('Limita a una emergencia.'),
    type: z.enum(['all', ...helpTypes]).default('all'),
    status: z.enum(['all', ...recordStatuses]).default('active'),
    category: z.enum(categories).optional(),
    priority: z
      .enum(priorityFilters)
      .default('all')
      .describe(
        'urgent: urgencia urgent; deficit: menos de la mitad cubierta; near_covered: 75% o más, sin completar.',
      ),
    commitment: z.enum(commitmentFilters).default('all').describe(commitmentDescription),
    confirmation: z.enum(confirmationFilters).default('not_expired').describe(confirmationDescription),
    q: text({ max: bounds.q.max })
      .optional()
      .describe(
        'Busca palabras (o su comienzo) en título, descripción, lugar público (dirección si es pública, barrio o ' +
          'vereda, municipio), categoría o nombre público; sin distinguir mayúsculas ni tildes.',
      ),
    latitude: numberParam(bounds.latitude.min, bounds.latitude.max).optional(),
    longitude: numberParam(bounds.longitude.min, bounds.longitude.max).optional(),
    radiusKm: numberParam(bounds.radiusKm.min, bounds.radiusKm.max)
      .optional()
      .describe(
        'Radio en km alrededor de latitude/longitude; por defecto 25. Se mide hasta el punto público de cada ' +
          'registro (en las solicitudes aproximadas, el centro de su celda de unos 300 m). Los registros ubicados ' +
          'solo por su municipio (location.precision municipality) cuyo municipio es el más cercano al punto de ' +
          'búsqueda se incluyen siempre, sea cual sea el radio, sin distancia (location.distanceKm null); los de ' +
          'otros municipios se miden hasta el punto del municipio, como los demás.',
      )
      // Applied where a point is given (SPEC 4.1); documented as the parameter's default.
      .meta({ default: bounds.radiusKm.default }),
    sort: z.enum(helpSorts).default('priority').describe(sortDescription),
    logistics: booleanParam
      .default(false)
      .describe('true: solicitudes activas, con ubicación, a las que aún les falta algo por entregar.'),
    capacity: numberParam(0, Number.MAX_SAFE_INTEGER)
      .optional()
      .describe('Cantidad máxima que puede llevar: deja los registros cuya cantidad pendiente cabe.'),
    limit: z
      .string()
      .regex(/^\d+$/, { error: 'not_an_integer' })
      .transform(Number)
      .pipe(z.int().min(bounds.limit.min).max(bounds.limit.max))
      .default(bounds.limit.default),
    municipalityCode: municipalityCodeParam.optional(),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,400}$/)
      .optional()
      .describe(
        'Continuación opaca de view=list: el nextCursor de la respuesta anterior, con los mismos filtros y el ' +
          'mismo sort. Devuelve los registros que siguen al último de esa página, en el mismo orden.',
      ),
  })
  .superRefine((query, ctx) => {
    queryRules(query, ctx);
    cursorRules(query, ctx);
  });

/** The list's filters in the query string, shared by the map's points (view, id, sort, limit and cursor are the list's). */
const { view: _view, id: _id, sort: _sort, limit: _limit, cursor: _cursor, ...filterShape } = helpQuery.shape;

const coordinate = '[+-]?(\\d+(\\.\\d*)?|\\.\\d+)';
const bboxPattern = new RegExp(`^${coordinate},${coordinate},${coordinate},${coordinate}$`);

/** minLon,minLat,maxLon,maxLat as numbers; null when the text is not four numbers in order. */
export function parseBbox(text: string): { minLon: number; minLat: number; maxLon: number; maxLat: number } | null {
  if (!bboxPattern.test(text)) return null;
  const [minLon = 0, minLat = 0, maxLon = 0, maxLat = 0] = text.split(',').map(Number);
  const inRange = (lon: number, lat: number) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90;
  if (!inRange(minLon, minLat) || !inRange(maxLon, maxLat) || minLon > maxLon || minLat > maxLat) return null;
  return { minLon, minLat, maxLon, maxLat };
}

export const mapPointsQuery = z
  .strictObject({
    ...filterShape,
    bbox: z
      .string()
      .max(200)
      .optional()
      .describe(
        'Área visible del mapa: minLon,minLat,maxLon,maxLat en grados WGS84 (oeste, sur, este, norte). Sin ella, ' +
          'todos los puntos que cumplen los filtros.',
      )
      .meta({ examples: ['-76.70,1.10,-76.60,1.20'] }),
  })
  .superRefine((query, ctx) => {
    queryRules(query, ctx);
    if (query.bbox !== undefined && !parseBbox(query.bbox)) {
      ctx.addIssue({ code: 'custom', path: ['bbox'], params: { code: 'invalid_bbox' }, message: 'invalid_bbox' });
    }
  });

/** The list's filters alone: an export takes every record they select, with no page, order or size. */
export const exportQuery = z.strictObject(filterShape).superRefine(queryRules);

/** The one value of the CSV export's `excel` parameter: the file written for a spreadsheet set to Spanish. */
export const EXCEL_CSV = '1';

/** The CSV export's query: the export's filters, and `excel` for the spreadsheet dialect. */
export const csvExportQuery = z
  .strictObject({
    ...filterShape,
    excel: z
      .enum([EXCEL_CSV])
      .optional()
      .describe(
        `${EXCEL_CSV}: el mismo CSV para una hoja de cálculo en español (Excel en Colombia): UTF-8 con BOM, punto y ` +
          'coma entre campos y coma decimal en los números, con la fila de hashtags HXL, las mismas comillas y la ' +
          'misma protección contra fórmulas; el archivo se llama …-excel.csv. Sin él, el CSV estándar (comas y ' +
          'punto decimal). Otro valor: 400 invalid_query.',
      ),
  })
  .superRefine(queryRules);

export type HelpQuery = z.output<typeof helpQuery>;
export type MapPointsQuery = z.output<typeof mapPointsQuery>;
export type ExportQuery = z.output<typeof exportQuery>;
export type CsvExportQuery = z.output<typeof csvExportQuery>;
