// GET /healthz and /readyz: the process is alive; the database answers and the search index is built.
import { errorResponse } from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

export const healthRoute = declareRoute({
  method: 'get',
  path: '/healthz',
  operation: () => ({
    operationId: 'health',
    tags: ['estado'],
    summary: 'El proceso está vivo.',
    description: 'Responde sin consultar la base de datos.',
    responses: {
      '200': {
        description: 'Vivo.',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] },
          },
        },
      },
    },
  }),
});

export const readyRoute = declareRoute({
  method: 'get',
  path: '/readyz',
  operation: () => ({
    operationId: 'ready',
    tags: ['estado'],
    summary: 'La base de datos responde y el índice de búsqueda está listo.',
    description:
      'Consulta la base de datos y dice cuál usa (sqlite o postgres); 503 si no responde, o mientras la instancia ' +
      'construye su índice de búsqueda al arrancar (un detalle { field: "searchIndex", code: "building" }; pedirlo de ' +
      'nuevo en un momento).',
    responses: {
      '200': {
        description: 'Listo.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { status: { const: 'ready' }, database: { enum: ['sqlite', 'postgres'] } },
              required: ['status', 'database'],
            },
          },
        },
      },
      '503': errorResponse(503, 'La base de datos no responde o el índice de búsqueda aún se construye.'),
    },
  }),
});
