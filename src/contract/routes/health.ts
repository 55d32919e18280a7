// GET /healthz and /readyz: the process is alive; the database answers.
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
    summary: 'La base de datos responde.',
    description: 'Consulta la base de datos y dice cuál usa (sqlite o postgres); 503 si no responde.',
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
      '503': errorResponse(503, 'La base de datos no responde.'),
    },
  }),
});
