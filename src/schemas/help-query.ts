// GET /api/public/v1/help query (SPEC 4.1). Query strings arrive as text; each parameter is parsed strictly.
import * as z from 'zod';
import { bounds } from '../domain/bounds.ts';
import { categories } from '../domain/categories.ts';
import { helpSorts, helpTypes, priorityFilters, recordStatuses } from '../domain/statuses.ts';
import { slugPattern, text } from './common.ts';

const decimal = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function numberParam(min: number, max: number) {
  return z.string().regex(decimal, { error: 'not_a_number' }).transform(Number).pipe(z.number().min(min).max(max));
}

const booleanParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .pipe(z.boolean());

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
  'latitude/longitude primero (requiere ambas), a igual distancia por prioridad.';

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
          'registro (en las solicitudes aproximadas, el centro de su celda de unos 300 m).',
      ),
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
  })
  .superRefine(queryRules);

export type HelpQuery = z.output<typeof helpQuery>;
