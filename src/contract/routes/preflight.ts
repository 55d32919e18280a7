// The CORS preflight of a public path that names a record: answered by the CORS plugin for every path, declared here
// for the document.
import type * as z from 'zod';
import { errorResponse, preflightResponse } from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

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
