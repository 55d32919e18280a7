import * as z from 'zod';
import { RECEIPT_CODE_FORMAT } from '../domain/receipt-code.ts';
import { helpTypes, reviewStatuses } from '../domain/statuses.ts';

export const publishResult = z
  .object({
    ok: z.boolean(),
    queued: z.boolean().describe('true: el envío espera la revisión del equipo de la emergencia.'),
    id: z.uuid().describe('Id del registro (el mismo en cada reenvío con igual source + externalId).'),
    type: z.enum(helpTypes),
    emergencySlug: z.string(),
    reviewStatus: z
      .enum(reviewStatuses)
      .describe('pending_review: en revisión (también una revisión de un registro publicado); approved; rejected.'),
    message: z.string().describe('Mensaje para la persona, en español.'),
    receiptCode: z
      .string()
      .regex(RECEIPT_CODE_FORMAT)
      .optional()
      .describe(
        'Código de recibo para la persona (ej. K7P-42Q-X9M-D3R): con él consulta el estado del envío en /estado. ' +
          'Es secreto como el editToken: entrégueselo solo a ella y no lo ponga en ninguna URL. Se da solo a quien ' +
          'envía: en la respuesta que crea el par, y en un reenvío o una revisión solo si trae el editToken del par ' +
          'o la clave de la integración registrada como Authorization: Bearer (el servicio guarda solo su hash). Es ' +
          'el mismo en cada reenvío y revisión hasta que un líder genera uno nuevo; falta en envíos anteriores a los ' +
          'códigos.',
      ),
    editToken: z
      .string()
      .optional()
      .describe(
        'Secreto para cambiar después este envío (Authorization: Bearer <editToken> con el mismo source + externalId). ' +
          'Solo viene en el primer 202 de un par nuevo (y en su repetición con la misma Idempotency-Key); nunca en ' +
          'reenvíos ni para integraciones registradas, que usan su clave. Guárdelo: el servicio guarda solo su hash, ' +
          'y en claro únicamente la respuesta de una Idempotency-Key durante sus 24 horas.',
      ),
  })
  .meta({
    id: 'PublishResult',
    examples: [
      {
        ok: true,
        queued: true,
        id: '0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11',
        type: 'request',
        emergencySlug: 'inundacion-mocoa-2026',
        reviewStatus: 'pending_review',
        message: 'Recibimos su solicitud. El equipo de la emergencia la revisará antes de publicarla.',
        receiptCode: 'K7P-42Q-X9M-D3R',
        editToken: 'q3Jx9bX0cN6m2VtE8yPzL1kAa4sWfGhR7uYdKiOoMnB',
      },
    ],
  });

export type PublishResult = z.infer<typeof publishResult>;

/** What the MCP tools answer: the same result plus the externalId, which they generate when it is left out. */
export const publishToolResult = z.object({
  ...publishResult.shape,
  externalId: z.string().describe('externalId del envío: el indicado, o el generado (UUID) si se omitió.'),
});
