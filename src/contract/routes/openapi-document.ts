// GET /api/public/openapi.json: the document itself.
import { notModified } from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

export const openApiDocumentRoute = declareRoute({
  method: 'get',
  path: '/api/public/openapi.json',
  operation: () => ({
    operationId: 'getOpenApi',
    tags: ['ayudas'],
    summary: 'Este documento.',
    description:
      'OpenAPI 3.1 generado de los mismos esquemas que validan las peticiones. Con ETag (If-None-Match -> 304).',
    responses: {
      '200': { description: 'OpenAPI 3.1.', content: { 'application/json': { schema: { type: 'object' } } } },
      '304': notModified,
    },
  }),
});
