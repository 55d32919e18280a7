// Inputs of the MCP tools: typed twins of the REST query (same bounds, enums and defaults) and the submission
// schemas without `type`, which each tool fixes.
import * as z from 'zod';
import { MCP_SOURCE } from '../channels/own-sources.ts';
import { bounds } from '../domain/bounds.ts';
import { categories } from '../domain/categories.ts';
import { confirmationFilters } from '../domain/confirmation.ts';
import { commitmentFilters, helpSorts, helpTypes, priorityFilters, recordStatuses } from '../domain/statuses.ts';
import { emergencySlug, text } from './common.ts';
import { helpQuery, municipalityCodeParam, queryRules } from './help-query.ts';
import { logisticsQuery } from './logistics-operation.ts';
import { commonFields, offerSubmission, requestSubmission } from './submission.ts';

const about = (name: keyof typeof helpQuery.shape) => helpQuery.shape[name].description ?? '';

/** The fields of buscar_ayudas; queryRules adds the rules across fields. */
export const helpSearchShape = {
  emergencySlug: emergencySlug.optional().describe('Limita a una emergencia (ver listar_emergencias).'),
  type: z
    .enum(['all', ...helpTypes])
    .default('all')
    .describe('request: solicitudes; offer: ofrecimientos.'),
  status: z.enum(['all', ...recordStatuses]).default('active'),
  category: z.enum(categories).optional(),
  priority: z.enum(priorityFilters).default('all').describe(about('priority')),
  commitment: z.enum(commitmentFilters).default('all').describe(about('commitment')),
  confirmation: z.enum(confirmationFilters).default('not_expired').describe(about('confirmation')),
  q: text({ max: bounds.q.max }).optional().describe(about('q')),
  latitude: z.number().min(bounds.latitude.min).max(bounds.latitude.max).optional().describe('Latitud WGS84.'),
  longitude: z.number().min(bounds.longitude.min).max(bounds.longitude.max).optional().describe('Longitud WGS84.'),
  radiusKm: z.number().min(bounds.radiusKm.min).max(bounds.radiusKm.max).optional().describe(about('radiusKm')),
  sort: z.enum(helpSorts).default('priority').describe(about('sort')),
  logistics: z.boolean().default(false).describe(about('logistics')),
  capacity: z.number().min(0).max(Number.MAX_SAFE_INTEGER).optional().describe(about('capacity')),
  municipalityCode: municipalityCodeParam.optional(),
  limit: z.int().min(bounds.limit.min).max(bounds.limit.max).default(bounds.limit.default),
};

export const helpSearch = z.strictObject(helpSearchShape).superRefine(queryRules);
export type HelpSearch = z.output<typeof helpSearch>;

export const panoramaInputShape = {
  emergencySlug: emergencySlug.optional().describe('Una emergencia; sin él, todas las activas.'),
};

export const helpIdInputShape = {
  id: z.string().min(1).max(64).describe('Id (uuid) del registro publicado, tomado de buscar_ayudas.'),
};

export const logisticsInputShape = logisticsQuery.shape;

/** The secret a first send returned; the tools' twin of the API's Authorization: Bearer. */
export const EDIT_TOKEN_MAX = 512;

/**
 * Without `type`; `source` defaults to mcp and `externalId` may be left out (the tool then makes one up and returns
 * it); `editToken` proves an earlier send is this caller's. Everything else as the REST body.
 */
function submissionShape<T extends Record<string, z.ZodType>>(shape: T) {
  const { type: _type, ...rest } = shape;
  return {
    ...rest,
    source: commonFields.source
      .default(MCP_SOURCE)
      .describe(
        'Nombre estable de la integración que envía; por omisión mcp. No puede ser web, whatsapp, sms ni kobo:…, ' +
          'que escribe solo el propio servicio (reserved_source).',
      ),
    externalId: commonFields.externalId
      .optional()
      .describe(
        'Identificador estable del registro en su aplicación. Si lo omite se genera uno (UUID) y se devuelve: ' +
          'úselo, con el editToken, para cambiar después este envío.',
      ),
    editToken: z
      .string()
      .min(1)
      .max(EDIT_TOKEN_MAX)
      .optional()
      .describe(
        'Solo para cambiar un envío anterior (mismo source + externalId): el editToken que devolvió su primer envío. ' +
          'Sin él, un cambio de un par ya usado responde source_conflict.',
      ),
  };
}

export const requestToolShape = submissionShape(requestSubmission.shape);
export const offerToolShape = submissionShape(offerSubmission.shape);
