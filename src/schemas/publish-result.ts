import * as z from 'zod';
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
      },
    ],
  });

export type PublishResult = z.infer<typeof publishResult>;
