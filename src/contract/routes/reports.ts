// POST /api/public/v1/help/{id}/reports: anyone reports a published record to its emergency's leaders.
import { REPORT_NOTE_MAX } from '../../domain/report-reasons.ts';
import { helpReport, reportResult } from '../../schemas/report.ts';
import { errorResponse, firstExample, rateLimitHeaders, ref, tooMany } from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';
import { publishedRecordParams, recordPathPreflight } from './record-path.ts';

const REPORTS_PATH = '/api/public/v1/help/{id}/reports';

export const reportRoute = declareRoute({
  method: 'post',
  path: REPORTS_PATH,
  params: publishedRecordParams,
  body: helpReport,
  operation: () => ({
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
    requestBody: { example: firstExample(helpReport.meta()) },
    responses: {
      '202': {
        description: 'Reporte recibido (o ya recibido antes desde esa dirección con el mismo motivo).',
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: ref('ReportResult'), example: firstExample(reportResult.meta()) } },
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
  }),
});

/** Answered by the CORS plugin; declared for the document. */
export const reportPreflightRoute = recordPathPreflight(REPORTS_PATH, publishedRecordParams, 'reportHelpPreflight');
