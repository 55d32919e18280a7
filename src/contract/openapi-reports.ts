// POST /api/public/v1/help/{id}/reports in the OpenAPI document: anyone reports a published record to its leaders.
import { REPORT_NOTE_MAX } from '../domain/report-reasons.ts';
import { helpReport, reportResult } from '../schemas/report.ts';
import { errorResponse, preflightResponse, rateLimitHeaders, ref, tooMany } from './openapi-parts.ts';

export const REPORTS_PATH = '/api/public/v1/help/{id}/reports';

const example = (schema: typeof helpReport | typeof reportResult) =>
  (schema.meta() as { examples: Record<string, unknown>[] }).examples[0];

const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'Id (uuid) de un registro publicado, el mismo de view=detail.',
  schema: { type: 'string', format: 'uuid' },
};

export function reportsPath() {
  return {
    post: {
      operationId: 'reportHelp',
      tags: ['ayudas'],
      summary: 'Reportar un registro publicado: estafa, ya resuelto, datos equivocados u otro motivo.',
      description:
        'El reporte llega solo a los líderes de la emergencia del registro; nunca se publica (ni el motivo, ni la nota, ' +
        'ni cuántos reportes hay) y no oculta nada por sí solo: un líder revisa el registro. ' +
        `reason es obligatorio; note es opcional (un párrafo, hasta ${REPORT_NOTE_MAX} caracteres). ` +
        'Cuenta como envío en el límite por dirección de cliente. Repetir el mismo motivo desde la misma dirección ' +
        'responde igual (202) y no cuenta dos veces. Un id inexistente o no publicado responde 404 help_not_found, ' +
        'como view=detail.',
      parameters: [idParameter],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: ref('HelpReport'), example: example(helpReport) } },
      },
      responses: {
        '202': {
          description: 'Reporte recibido (o ya recibido antes desde esa dirección con el mismo motivo).',
          headers: rateLimitHeaders,
          content: { 'application/json': { schema: ref('ReportResult'), example: example(reportResult) } },
        },
        '400': errorResponse(400, 'Datos no válidos (details indica cada campo).', [
          'validation_failed',
          'invalid_json',
          'json_too_deep',
          'duplicate_json_key',
          'empty_body',
        ]),
        '404': errorResponse(
          404,
          'No existe un registro publicado con ese id (help_not_found), o la dirección está mal formada (not_found).',
          ['help_not_found', 'not_found'],
        ),
        '413': errorResponse(413, 'Cuerpo demasiado grande.'),
        '415': errorResponse(415, 'Se requiere application/json.'),
        '429': tooMany,
      },
    },
    options: {
      operationId: 'reportHelpPreflight',
      tags: ['ayudas'],
      summary: 'Preflight CORS.',
      description:
        'Lo envía el navegador antes de una petición de otro origen; la API pública admite cualquier origen.',
      parameters: [idParameter],
      responses: {
        '204': preflightResponse,
        '404': errorResponse(404, 'La dirección está mal formada.', ['not_found']),
      },
    },
  };
}
