// The public change feed (GET /api/public/v1/changes, its event stream and the webhooks' payloads): one event
// per change of what the public API shows, with the public state after it, in commit order.
import * as z from 'zod';
import { emergencySlug, isoDateTime } from './common.ts';
import { inventoryCenter } from './inventory.ts';
import { logisticsOperation } from './logistics-operation.ts';
import { publicHelp } from './public-help.ts';

export const changeEntities = ['help', 'inventory', 'route'] as const;
export const changeKinds = ['published', 'updated', 'status_changed', 'quantities_changed', 'withdrawn'] as const;

/** Most events one read returns; the default. */
export const CHANGES_MAX_LIMIT = 500;
export const CHANGES_DEFAULT_LIMIT = 100;

/** A cursor: the decimal number of a change, as the feed gave it. Opaque to clients. */
export const changeCursor = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,15})$/)
  .describe(
    'Cursor opaco que dio el feed (next o cursor de un evento). "0": desde el cambio más antiguo que se guarda.',
  );

export const changesQuery = z.strictObject({
  since: changeCursor
    .optional()
    .describe(
      'Los cambios después de este cursor. Sin él, desde ahora: la respuesta no trae eventos y su next es el cursor ' +
        'con el que seguir. Un cursor más antiguo que la retención responde 410 cursor_expired con el más antiguo válido.',
    ),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHANGES_MAX_LIMIT)
    .default(CHANGES_DEFAULT_LIMIT)
    .describe(`Eventos por respuesta (1 a ${CHANGES_MAX_LIMIT}; por defecto ${CHANGES_DEFAULT_LIMIT}).`),
  emergencySlug: emergencySlug.optional().describe('Solo los cambios de esta emergencia.'),
});
export type ChangesQuery = z.output<typeof changesQuery>;

export const changesStreamQuery = changesQuery.omit({ limit: true });
export type ChangesStreamQuery = z.output<typeof changesStreamQuery>;

export const changeEvent = z
  .object({
    cursor: changeCursor.describe('Crece con cada cambio, en el orden en que se confirmaron. Opaco.'),
    kind: z
      .enum(changeKinds)
      .describe(
        'published: aparece en la vista pública; updated: cambió un campo público; status_changed: cambió status; ' +
          'quantities_changed: cambiaron las cantidades; withdrawn: salió de la vista pública (state es null).',
      ),
    entity: z
      .enum(changeEntities)
      .describe(
        'help: un registro (state como PublicHelp); inventory: el inventario de un centro de acopio (state como ' +
          'InventoryCenter); route: una ruta logística disponible (state como LogisticsOperation).',
      ),
    id: z.uuid().describe('Id del registro (del centro, para inventory; de la ruta, para route).'),
    emergencySlug: z.string(),
    at: isoDateTime.describe('Cuándo se confirmó el cambio.'),
    state: z
      .union([publicHelp, inventoryCenter, logisticsOperation])
      .nullable()
      .describe(
        'El estado público después del cambio, tal como lo da la API pública en ese momento. null: retirado (withdrawn), ' +
          'o un evento anterior cuyos datos se borraron al retirar o borrar el registro (redacted).',
      ),
    redacted: z
      .boolean()
      .describe('true: el registro se retiró o se borraron sus datos personales después; este estado ya no se da.'),
  })
  .meta({
    id: 'ChangeEvent',
    description:
      'Un cambio de lo que la API pública muestra. Los cambios que solo mueven priorityScore o la antigüedad de un ' +
      'inventario no son eventos; una revisión rechazada nunca aparece.',
  });

export const changeList = z
  .object({
    events: z.array(changeEvent).describe('En orden de cursor.'),
    next: changeCursor.describe('Pedir de nuevo con since=next para seguir.'),
    hasMore: z.boolean().describe('true: hay más eventos ya confirmados; pedir de inmediato con since=next.'),
  })
  .meta({ id: 'ChangeList' });

export type ChangeEvent = z.infer<typeof changeEvent>;
export type ChangeList = z.infer<typeof changeList>;
