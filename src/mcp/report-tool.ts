// MCP tool reportar_registro: the same command and schema as POST /api/public/v1/help/{id}/reports.
import * as z from 'zod';
import { reportRecord } from '../commands/report-record.ts';
import { parseOrThrow } from '../schemas/parse.ts';
import { helpReport, reportResult, reportToolShape } from '../schemas/report.ts';
import { callerScope } from './caller.ts';
import { defineTool, submissionAnnotations } from './tool-definition.ts';

export const reportTool = defineTool({
  name: 'reportar_registro',
  title: 'Reportar un registro publicado a los líderes de su emergencia',
  description:
    'Avisa al equipo de la emergencia que un registro publicado parece una estafa (reason scam: p. ej. pide dinero a ' +
    'una cuenta que no es de quien necesita la ayuda), ya se resolvió (resolved), tiene datos equivocados ' +
    '(wrong_data) u otro motivo (other), con una nota opcional de un párrafo. El reporte NO se publica y no oculta ' +
    'el registro: un líder lo revisa. Repetir el mismo motivo sobre el mismo registro no cuenta dos veces. Un id no ' +
    'publicado responde help_not_found.',
  input: z.strictObject(reportToolShape),
  output: reportResult,
  annotations: submissionAnnotations,
  submits: true,
  run: async (ctx, args) => {
    const { id, ...body } = args;
    const report = parseOrThrow(helpReport, body, 'validation_failed', 'es');
    return (await reportRecord(ctx, id, report, callerScope(ctx))).result;
  },
});
