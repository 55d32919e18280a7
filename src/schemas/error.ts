import * as z from 'zod';
import { errorCodes } from '../errors.ts';

export const errorDetail = z
  .object({
    field: z.string().describe('Campo o parámetro con el problema (ruta con puntos); vacío si es del cuerpo entero.'),
    message: z.string(),
    code: z.string().optional().describe('Código estable del problema (required, too_small, invalid_whatsapp…).'),
  })
  .loose()
  .meta({ id: 'ErrorDetail' });

export const errorSchema = z
  .object({
    error: z.string().describe('Frase para personas (español; inglés si Accept-Language lo prefiere).'),
    code: z.enum(errorCodes).describe('Código estable para programas.'),
    details: z.union([z.array(errorDetail), z.record(z.string(), z.unknown()), z.null()]),
  })
  .meta({
    id: 'Error',
    examples: [
      {
        error: 'Los datos enviados no son válidos.',
        code: 'validation_failed',
        details: [{ field: 'title', message: 'Debe tener al menos 4 caracteres.', code: 'too_small' }],
      },
    ],
  });
