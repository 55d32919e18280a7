// POST /api/public/v1/help/{id}/reports: the one schema behind the API, the website's form and the MCP tool.
import * as z from 'zod';
import { REPORT_NOTE_MAX, reportReasons } from '../domain/report-reasons.ts';
import { text } from './common.ts';

export const reportReason = z
  .enum(reportReasons)
  .describe(
    'scam: parece una estafa (p. ej. pide dinero a una cuenta que no es de quien necesita la ayuda); resolved: ya se ' +
      'resolvió; wrong_data: datos equivocados; other: otro motivo.',
  );

export const reportFields = {
  reason: reportReason,
  note: text({
    max: REPORT_NOTE_MAX,
    description: 'Lo que el equipo de la emergencia debe saber (un párrafo, hasta 500 caracteres). Nunca se publica.',
  }).optional(),
};

export const helpReport = z.strictObject(reportFields).meta({
  id: 'HelpReport',
  description: 'Un reporte sobre un registro publicado. Lo leen solo los líderes de la emergencia.',
  examples: [{ reason: 'scam', note: 'Pide consignar a un Nequi que no es de la familia.' }],
});
export type HelpReport = z.output<typeof helpReport>;

export const reportResult = z
  .object({
    ok: z.literal(true),
    message: z.string().describe('Mensaje para la persona, en español.'),
  })
  .meta({
    id: 'ReportResult',
    description: 'El reporte llegó. La respuesta es la misma si esa dirección ya había reportado lo mismo.',
    examples: [{ ok: true, message: 'Gracias: el equipo de la emergencia revisará este registro.' }],
  });
export type ReportResult = z.infer<typeof reportResult>;

/** Inputs of the MCP tool reportar_registro: the record's id plus the REST body. */
export const reportToolShape = {
  id: z.string().min(1).max(64).describe('Id (uuid) del registro publicado, tomado de buscar_ayudas o ver_ayuda.'),
  ...reportFields,
};
