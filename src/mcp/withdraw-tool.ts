// MCP tool retirar_publicacion: the same command as /retirar, for the person who sent a record and kept its receipt
// code; the REST twin is DELETE /api/public/v1/help/{id} with the edit token.
import * as z from 'zod';
import { withdrawWithReceipt } from '../commands/personal-data/withdraw.ts';
import { helpTypes } from '../domain/statuses.ts';
import { defineTool } from './tool-definition.ts';

/**
 * Loose bounds only: a malformed code or number is answered like a wrong one (help_not_found), so the answer never
 * says which of the two failed.
 */
const withdrawInput = z.strictObject({
  receiptCode: z
    .string()
    .min(1)
    .max(64)
    .describe(
      'El código de recibo que la persona recibió al enviar (receiptCode de publicar_solicitud o ' +
        'publicar_ofrecimiento, ej. K7P-42Q-X9M-D3R); se acepta como lo escriba, con o sin guiones.',
    ),
  contactWhatsapp: z
    .string()
    .min(1)
    .max(40)
    .describe('El WhatsApp con que se hizo el envío, como lo escriba la persona: +57 300 123 4567 o 3001234567.'),
});

const withdrawResult = z.object({
  withdrawn: z.literal(true).describe('El envío se retiró y sus datos personales se borraron.'),
  id: z.string().describe('Id del registro retirado.'),
  type: z.enum(helpTypes),
  title: z.string().describe('Título del envío retirado.'),
  emergencyName: z.string().describe('La emergencia a la que pertenecía.'),
  message: z.string().describe('Mensaje para la persona, en español.'),
});

export const withdrawTool = defineTool({
  name: 'retirar_publicacion',
  title: 'Retirar un envío propio y borrar sus datos personales',
  description:
    'Retira una solicitud o un ofrecimiento a pedido de la persona que lo envió, con el código de recibo ' +
    '(receiptCode) que recibió al enviar y el WhatsApp con que lo envió; sirve esté en revisión, publicado o ' +
    'rechazado. El registro sale en el acto de toda lectura pública (mapa, listas, API, MCP) y se borran para ' +
    'siempre su nombre de contacto, su WhatsApp, el documento de identidad, la dirección, el punto exacto, la ' +
    'descripción y el código de recibo; solo quedan, sin datos de personas, la categoría, las cantidades y el ' +
    'municipio. NO se puede deshacer y el mismo envío no se puede volver a mandar (help_withdrawn): confirme antes ' +
    'con la persona que quiere retirarlo. Un código o un número equivocados, o un envío ya retirado, responden ' +
    'help_not_found, sin decir cuál falló. Devuelve withdrawn, id, type, title y emergencyName.',
  input: withdrawInput,
  output: withdrawResult,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  // Counted with the submissions: a write, and each try spends a guess at a code.
  submits: true,
  run: async (ctx, args) => {
    const summary = await withdrawWithReceipt(ctx, args.receiptCode, args.contactWhatsapp);
    return {
      withdrawn: true as const,
      id: summary.id,
      type: summary.type,
      title: summary.title,
      emergencyName: summary.emergencyName,
      message: 'Listo: el envío se retiró y sus datos personales se borraron. Esto no se puede deshacer.',
    };
  },
});
