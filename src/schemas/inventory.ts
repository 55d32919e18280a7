// Inventory of collection centres (SPEC 2.9, 4.4): the public query and response, and the one input of a line
// shared by the command, the CLI, the leaders' console and a centre's edit-link form.
import * as z from 'zod';
import { bounds } from '../domain/bounds.ts';
import { categories } from '../domain/categories.ts';
import { readAmount } from '../domain/decimal.ts';
import { STALE_AFTER_HOURS } from '../domain/inventory.ts';
import { collectionCenterStatuses } from '../domain/statuses.ts';
import { emergencySlug, isoDateTime, text } from './common.ts';

export const inventoryKinds = ['have', 'need'] as const;

export const INVENTORY_QUANTITY_MAX = bounds.quantityRequired.max;
export const INVENTORY_UNIT = { min: 1, max: 40 } as const;
export const INVENTORY_NOTE_MAX = 300;

/** GET /api/public/v1/inventario query; unknown parameters are refused like on every public read. */
export const inventoryQuery = z.strictObject({
  emergencia: emergencySlug
    .optional()
    .describe('Identificador de la emergencia (slug); obligatorio cuando hay más de una activa.'),
  categoria: z
    .enum(categories)
    .optional()
    .describe('Solo esta categoría (SPEC 2.1); además llena stock con lo que cada centro tiene de ella.'),
});
export type InventoryQuery = z.output<typeof inventoryQuery>;

const kind = z.enum(inventoryKinds).describe('have: lo que el centro tiene; need: lo que le falta.');

export const inventoryLine = z
  .object({
    id: z.uuid(),
    collectionCenterId: z.uuid().describe('Id del centro de acopio (un ofrecimiento publicado).'),
    kind,
    category: z.enum(categories),
    categoryLabel: z.string().describe('Nombre de la categoría en español.'),
    quantity: z.number().min(0).describe('Cantidad declarada; 0 significa que ya no queda.'),
    unit: z.string().describe('Unidad de la cantidad.'),
    note: z.string().describe('Nota del centro sobre la línea; puede estar vacía.'),
    updatedAt: isoDateTime.describe('Última vez que el centro o el equipo actualizó la línea.'),
    hoursSinceUpdate: z.number().min(0).describe('Horas desde updatedAt, con un decimal.'),
    stale: z
      .boolean()
      .describe(`true tras más de ${STALE_AFTER_HOURS} horas sin actualizar: la cantidad puede ya no estar.`),
  })
  .meta({
    id: 'InventoryLine',
    description: 'Una cantidad que un centro de acopio declara tener o necesitar, con su antigüedad.',
  });

export const inventoryCenter = z
  .object({
    collectionCenterId: z.uuid(),
    title: z.string().describe('Nombre público del centro.'),
    location: z.string().nullable().describe('Dirección del centro, si la dio.'),
    status: z
      .enum(collectionCenterStatuses)
      .nullable()
      .describe('full: lleno; needs_volunteers: necesita voluntarios; needs_resources: necesita recursos.'),
    have: z.array(inventoryLine).describe('Lo que tiene, lo más reciente primero.'),
    need: z.array(inventoryLine).describe('Lo que necesita, lo más reciente primero.'),
  })
  .meta({ id: 'InventoryCenter', description: 'Un centro de acopio publicado y sus líneas de inventario.' });

export const inventario = z
  .object({
    emergencySlug: z.string(),
    category: z.enum(categories).nullable().describe('La categoría filtrada, o null.'),
    stock: z
      .array(inventoryLine)
      .describe('Con categoria: las líneas have de esa categoría en todos los centros, mayor cantidad primero.'),
    centers: z
      .array(inventoryCenter)
      .describe('Centros publicados (con categoria: solo los que tienen o necesitan algo de ella).'),
  })
  .meta({ id: 'Inventario', description: 'Cantidades declaradas por los centros de acopio de una emergencia.' });

export type InventoryLine = z.infer<typeof inventoryLine>;
export type InventoryCenter = z.infer<typeof inventoryCenter>;
export type Inventario = z.infer<typeof inventario>;

/** One line as a leader or a centre writes it. Forms send text, read as people write amounts ("1.500", "12,5"). */
export const inventoryLineInput = z.strictObject({
  kind,
  category: z.enum(categories),
  quantity: z.preprocess(
    (value) => (typeof value === 'string' ? (readAmount(value)?.value ?? value) : value),
    z.number().min(0).max(INVENTORY_QUANTITY_MAX),
  ),
  unit: text({ min: INVENTORY_UNIT.min, max: INVENTORY_UNIT.max, description: 'Unidad (kg, bidones, cajas…).' }),
  note: text({ max: INVENTORY_NOTE_MAX, multiline: true }).default(''),
});
export type InventoryLineInput = z.input<typeof inventoryLineInput>;
export type InventoryLineValues = z.output<typeof inventoryLineInput>;
