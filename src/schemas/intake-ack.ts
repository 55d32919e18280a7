// The answer of the WhatsApp and SMS intakes: how many messages the notification held, and how many were seen
// before (a provider's retry) or arrived after a newer one.
import * as z from 'zod';

export const intakeAck = z
  .strictObject({
    ok: z.literal(true),
    received: z.int().min(0).describe('Mensajes nuevos, tomados por la conversación.'),
    duplicates: z.int().min(0).describe('Mensajes ya recibidos antes (reintentos del proveedor): no se hizo nada.'),
    late: z
      .int()
      .min(0)
      .describe('Mensajes que llegaron después de uno más reciente: se guardan pero no mueven la conversación.'),
    ignored: z.int().min(0).describe('Estados, otros eventos o números no válidos: aceptados y sin efecto.'),
  })
  .meta({
    id: 'IntakeAck',
    title: 'Recibido',
    examples: [{ ok: true, received: 1, duplicates: 0, late: 0, ignored: 0 }],
  });

export type IntakeAck = z.output<typeof intakeAck>;
