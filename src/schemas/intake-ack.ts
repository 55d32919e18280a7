// The answer of the WhatsApp and SMS intakes: how many messages the notification held, and how many were seen
// before (a provider's retry), arrived after a newer one, or came past their number's limits.
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
    limited: z
      .int()
      .min(1)
      .optional()
      .describe(
        'Mensajes pasado el límite de su número (CHANNEL_MESSAGES_PER_MINUTE, o CHANNEL_SUBMISSIONS_PER_DAY una vez ' +
          'avisado): se guardan pero no mueven la conversación ni reciben respuesta. Ausente si no hubo ninguno.',
      ),
  })
  .meta({
    id: 'IntakeAck',
    title: 'Recibido',
    examples: [{ ok: true, received: 1, duplicates: 0, late: 0, ignored: 0 }],
  });

export type IntakeAck = z.output<typeof intakeAck>;
