// What the public paths that name a published record share: the id parameter, and the CORS preflight (answered by
// the CORS plugin for every path, declared here for the document).
import * as z from 'zod';
import { errorResponse, preflightResponse } from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

/**
 * Any segment is accepted: an id that names no published record answers 404 help_not_found, like view=detail,
 * so the uuid format is documented, not enforced here.
 */
export const publishedRecordParams = z.object({
  id: z.string().meta({ description: 'Id (uuid) de un registro publicado, el mismo de view=detail.', format: 'uuid' }),
});

export function recordPathPreflight<P extends z.ZodObject>(path: string, params: P, operationId: string) {
  return declareRoute({
    method: 'options',
    path,
    params,
    operation: () => ({
      operationId,
      tags: ['ayudas'],
      summary: 'Preflight CORS.',
      description:
        'Lo envía el navegador antes de una petición de otro origen; la API pública admite cualquier origen.',
      responses: {
        '204': preflightResponse,
        '404': errorResponse(404, 'La dirección está mal formada.', ['not_found']),
      },
    }),
  });
}
