// Pledges ("voy a llevar"): the one schema behind POST /api/public/v1/help/{id}/pledges, the website's form and
// the MCP tool comprometer_ayuda, and the answers of the pledge's code.
import * as z from 'zod';
import { bounds } from '../domain/bounds.ts';
import {
  DEFAULT_DELIVER_WITHIN_HOURS,
  MAX_DELIVER_WITHIN_HOURS,
  PLEDGE_GRACE_HOURS,
  pledgeStatuses,
} from '../domain/pledges.ts';
import { RECEIPT_CODE_FORMAT } from '../domain/receipt-code.ts';
import { isoDateTime, text } from './common.ts';
import { whatsapp } from './submission.ts';

const quantity = z
  .number()
  .positive()
  .max(bounds.quantityRequired.max)
  .describe(
    'Cuánto llevará, en la unidad de la solicitud (quantities.unit). Obligatorio si la solicitud tiene cantidad ' +
      'requerida; no se admite si no la tiene ("llevaré algo": se cuenta como un compromiso más). No puede pasar ' +
      'de lo que aún no está comprometido (quantities.uncommitted).',
  );

export const pledgeFields = {
  quantity: quantity.optional(),
  deliverWithinHours: z
    .int()
    .min(1)
    .max(MAX_DELIVER_WITHIN_HOURS)
    .default(DEFAULT_DELIVER_WITHIN_HOURS)
    .describe(
      `En cuántas horas espera entregar (1 a ${MAX_DELIVER_WITHIN_HOURS}; por defecto ${DEFAULT_DELIVER_WITHIN_HOURS}). ` +
        `Si la entrega no se confirma, el compromiso vence ${PLEDGE_GRACE_HOURS} horas después y libera la cantidad.`,
    ),
  contactName: text({
    min: bounds.contactName.min,
    max: bounds.contactName.max,
    description: 'Nombre de quien llevará la ayuda. Privado: solo lo ven los líderes y quien pidió la ayuda.',
  }),
  contactWhatsapp: whatsapp.describe(
    'WhatsApp de quien llevará la ayuda, con + y código de país. Privado: solo lo ven los líderes de la emergencia ' +
      'y quien pidió la ayuda; nunca se publica.',
  ),
};

export const helpPledge = z.strictObject(pledgeFields).meta({
  id: 'HelpPledge',
  description:
    'Un compromiso de llevar parte de lo que falta a una solicitud publicada. No cambia lo cubierto: lo comprometido ' +
    'se muestra aparte (quantities.committed) hasta que se confirma la entrega.',
  examples: [{ quantity: 20, deliverWithinHours: 24, contactName: 'Ana Gómez', contactWhatsapp: '+573001234567' }],
});
export type HelpPledge = z.output<typeof helpPledge>;

export const pledgeCode = z
  .string()
  .min(1)
  .max(64)
  .describe('El código del compromiso (ej. K7P-42Q-X9M-D3R), como lo recibió quien se comprometió.');

export const pledgeView = z
  .object({
    helpId: z.uuid().describe('La solicitud.'),
    helpTitle: z.string(),
    status: z
      .enum(pledgeStatuses)
      .describe(
        'open: en camino; reported: entregado según quien lo llevó, sin confirmar (sigue comprometido y aún no ' +
          'suma a lo cubierto); delivered: entregado y confirmado por quien pidió la ayuda o un líder; cancelled: ' +
          'cancelado; expired: venció sin confirmarse; disputed: quien pidió la ayuda o un líder dijo que no llegó.',
      ),
    quantity: z.number().nullable().describe('Lo comprometido; null en una solicitud sin cantidad.'),
    deliveredQuantity: z
      .number()
      .nullable()
      .describe('reported: lo que quien lo llevó dice que entregó; delivered: lo que sumó la entrega a lo cubierto.'),
    unit: z.string().nullable(),
    deliverBy: isoDateTime.describe('Cuándo espera entregar.'),
    expiresAt: isoDateTime.describe(`deliverBy más ${PLEDGE_GRACE_HOURS} horas: si sigue abierto entonces, vence.`),
    createdAt: isoDateTime,
    publicUrl: z.url().describe('La página pública de la solicitud.'),
  })
  .meta({ id: 'PledgeView', description: 'Un compromiso, como lo ve quien tiene su código. Sin datos de contacto.' });
export type PledgeView = z.infer<typeof pledgeView>;

export const pledgeResult = z
  .object({
    ok: z.literal(true),
    code: z
      .string()
      .regex(RECEIPT_CODE_FORMAT)
      .describe(
        'Código del compromiso: con él quien se comprometió confirma la entrega o cancela (POST ' +
          '/api/public/v1/pledges/confirm o /cancel, o la página /compromisos). Es secreto: el servicio guarda solo ' +
          'su hash; entrégueselo solo a esa persona y no lo ponga en ninguna URL.',
      ),
    pledge: pledgeView,
    message: z.string().describe('Mensaje para la persona, en español.'),
  })
  .meta({
    id: 'PledgeResult',
    examples: [
      {
        ok: true,
        code: 'K7P-42Q-X9M-D3R',
        pledge: {
          helpId: '0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11',
          helpTitle: 'Agua potable para 30 familias',
          status: 'open',
          quantity: 20,
          deliveredQuantity: null,
          unit: 'bidones',
          deliverBy: '2026-05-11T14:32:00.000Z',
          expiresAt: '2026-05-12T14:32:00.000Z',
          createdAt: '2026-05-10T14:32:00.000Z',
          publicUrl: 'https://ayuda.example.org/ayudas/0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11',
        },
        message: 'Gracias: su compromiso quedó registrado. Guarde el código para confirmar la entrega o cancelar.',
      },
    ],
  });
export type PledgeResult = z.infer<typeof pledgeResult>;

export const pledgeCodeBody = z.strictObject({ code: pledgeCode }).meta({
  id: 'PledgeCode',
  examples: [{ code: 'K7P-42Q-X9M-D3R' }],
});

export const pledgeDeliveryBody = z
  .strictObject({
    code: pledgeCode,
    quantity: quantity
      .optional()
      .describe('Lo que entregó, si fue menos de lo comprometido; por defecto, todo lo comprometido.'),
  })
  .meta({ id: 'PledgeDelivery', examples: [{ code: 'K7P-42Q-X9M-D3R', quantity: 12 }] });

export const pledgeActionResult = z
  .object({ ok: z.literal(true), pledge: pledgeView, message: z.string() })
  .meta({ id: 'PledgeActionResult', description: 'El compromiso después del cambio.' });
export type PledgeActionResult = z.infer<typeof pledgeActionResult>;

/** Inputs of the MCP tool comprometer_ayuda: the request's id plus the REST body. */
export const pledgeToolShape = {
  id: z.string().min(1).max(64).describe('Id (uuid) de la solicitud publicada, tomado de buscar_ayudas o ver_ayuda.'),
  ...pledgeFields,
};

/** POST /api/public/v1/help/{id}/deliveries/confirm: nothing to send but the key; an empty object at most. */
export const deliveriesConfirmBody = z.strictObject({}).meta({ id: 'DeliveriesConfirm', examples: [{}] });

export const deliveriesConfirmed = z
  .object({
    ok: z.literal(true),
    confirmed: z.int().min(0).describe('Cuántas entregas reportadas quedaron confirmadas.'),
    quantity: z.number().describe('Lo que sumaron a lo cubierto, en la unidad de la solicitud.'),
    covered: z.number().describe('quantities.covered de la solicitud después de confirmar.'),
  })
  .meta({
    id: 'DeliveriesConfirmed',
    description: 'Las entregas reportadas de la solicitud, confirmadas por la integración que la envió.',
    examples: [{ ok: true, confirmed: 1, quantity: 12, covered: 12 }],
  });
export type DeliveriesConfirmed = z.infer<typeof deliveriesConfirmed>;
