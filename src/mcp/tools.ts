// The MCP tools: each one names the query or command it calls, the same ones the REST API calls.
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { ConsentPayload } from '../commands/consent-drafts.ts';
import { refusesSource, reservedSourceError, submitHelp } from '../commands/submit-help.ts';
import type { RetentionConfig } from '../config.ts';
import type { Context } from '../context.ts';
import { AppError, errorBody } from '../errors.ts';
import { helpForAssistants, helpListForAssistants } from '../presenters/assistant-help.ts';
import { discovery } from '../queries/discovery.ts';
import { getHelp } from '../queries/get-help.ts';
import { helpMatches } from '../queries/help-matches.ts';
import { readInventory } from '../queries/inventory.ts';
import { listHelp } from '../queries/list-help.ts';
import { listLogistics } from '../queries/list-logistics.ts';
import { panorama } from '../queries/panorama.ts';
import { helpMatches as helpMatchesSchema } from '../schemas/help-matches.ts';
import { inventario, inventoryQuery } from '../schemas/inventory.ts';
import { issuesToDetails, validationCode } from '../schemas/issues.ts';
import { logisticsOperationList } from '../schemas/logistics-operation.ts';
import { parseOrThrow } from '../schemas/parse.ts';
import {
  discovery as discoverySchema,
  helpDetail,
  helpList,
  panorama as panoramaSchema,
} from '../schemas/public-help.ts';
import { publishToolResult } from '../schemas/publish-result.ts';
import { helpSubmission } from '../schemas/submission.ts';
import {
  helpIdInputShape,
  helpSearch,
  helpSearchShape,
  logisticsInputShape,
  offerToolShape,
  panoramaInputShape,
  requestToolShape,
} from '../schemas/tool-inputs.ts';
import { pledgeTool } from './pledge-tool.ts';
import { reportTool } from './report-tool.ts';
import { routeClaimTool } from './route-claim-tool.ts';
import { defineTool, readAnnotations, submissionAnnotations, type ToolDefinition } from './tool-definition.ts';
import { withdrawTool } from './withdraw-tool.ts';

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Replaced by buildMcpServer with this instance's retention days (retentionSentence). */
export const RETENTION_PLACEHOLDER = '{plazos}';

/** How long personal data is kept, in the words the tool descriptions use. */
export function retentionSentence(retention: RetentionConfig): string {
  return (
    `nombre, WhatsApp, dirección y punto exacto ${retention.afterCloseDays} días después de completarse el registro ` +
    `o de cerrarse la emergencia, los de un envío rechazado a los ${retention.rejectedDays} días, y el documento de ` +
    `identidad ${retention.identityDays} días después de la revisión`
  );
}

const reviewNote =
  'NO publica nada: el envío queda en la bandeja de revisión del equipo de la emergencia (reviewStatus ' +
  'pending_review) y solo aparece en las lecturas públicas cuando un líder lo aprueba. Es idempotente: source + ' +
  'externalId identifican el registro (si omite externalId se genera uno y se devuelve); reenviar lo mismo devuelve ' +
  'el mismo id sin crear nada. El primer envío devuelve un editToken secreto: guárdelo y páselo como editToken, con ' +
  'el mismo externalId, para cambiar el envío (el cambio queda como revisión). Sin él, cambiar un par ya usado ' +
  'responde el error source_conflict: use otro externalId. Una revisión no puede cambiar la emergencia. ' +
  'Devuelve también receiptCode (al primer envío, o a un reenvío con su editToken): dígaselo a la persona; con él ' +
  'consulta el estado de su envío en /estado. ' +
  'Pida antes a la persona su consentimiento para publicar nombre y WhatsApp (publishContact: true), y dígale qué ' +
  'implica: si un líder lo aprueba se publican el título, la descripción, la categoría, las cantidades, el lugar ' +
  '(aproximado en las solicitudes, salvo que pida el exacto), su nombre y su WhatsApp; el documento de identidad no ' +
  'se publica nunca. Antes de enviar, el servidor le muestra a la persona lo que se publicará y le pide que lo ' +
  'confirme ella misma (en su cliente, o con el enlace del error consent_confirmation_required, que abre el envío ' +
  'en el sitio); sin su confirmación no se envía nada. Lo publicado sigue visible mientras el registro está vigente; sus datos personales se borran ' +
  `después: ${RETENTION_PLACEHOLDER} (más en /privacidad). Puede retirarlo cuando ` +
  'quiera: con retirar_publicacion (receiptCode y su WhatsApp), en /retirar, o con DELETE ' +
  '/api/public/v1/help/{id} y el editToken. Un envío retirado no se puede volver a mandar (error help_withdrawn): ' +
  'use otro externalId.';

const requestInput = z.strictObject(requestToolShape);
const offerInput = z.strictObject(offerToolShape);
type SubmissionArgs = z.output<typeof requestInput> | z.output<typeof offerInput>;

/**
 * The REST body schema decides, so a tool accepts exactly what POST /api/public/v1/help accepts; the person is
 * shown the result before anything is sent.
 */
function submissionPayload(type: 'request' | 'offer', args: SubmissionArgs): ConsentPayload {
  const { editToken, externalId, ...fields } = args;
  // Left out: a fresh pair, so two assistants can never pick the same one by chance (and fixed from here on, so
  // confirming twice sends one submission).
  const body = { type, ...fields, externalId: externalId ?? randomUUID() };
  const submission = parseOrThrow(helpSubmission, body, 'validation_failed', 'es');
  // Refused before the person is asked to confirm; a revision with its editToken is checked when it is sent.
  if (editToken === undefined && refusesSource('mcp', submission.source)) throw reservedSourceError(submission.source);
  return editToken === undefined ? { submission } : { submission, editToken };
}

async function submitConfirmed(ctx: Context, payload: ConsentPayload) {
  const { result } = await submitHelp(ctx, payload.submission, { credential: payload.editToken, from: 'mcp' });
  return { ...result, externalId: payload.submission.externalId };
}

/** A publishing tool's confirmation: what the person is shown, and the send once they confirm. */
const consentFor = (type: 'request' | 'offer') => ({
  payload: (args: SubmissionArgs) => submissionPayload(type, args),
  submit: submitConfirmed,
});

export const tools: ToolDefinition[] = [
  defineTool({
    name: 'listar_emergencias',
    title: 'Listar emergencias activas',
    description:
      'Devuelve el descubrimiento del servicio: las emergencias activas (slug, nombre, coordenadas, fecha de inicio, ' +
      'enlaces), los límites y las direcciones de la API. Úsela primero para saber qué emergencySlug usar en las demás herramientas.',
    input: z.strictObject({}),
    output: discoverySchema,
    annotations: readAnnotations,
    run: (ctx) => discovery(ctx),
  }),
  defineTool({
    name: 'consultar_panorama',
    title: 'Consultar el panorama de una emergencia',
    description:
      'Devuelve el resumen de las emergencias activas (o de la indicada): solicitudes y ofrecimientos por estado y ' +
      'categoría, cantidades requeridas, cubiertas y pendientes, rutas logísticas por estado y las 5 necesidades ' +
      'urgentes de mayor prioridad. Úsela para una visión general antes de buscar registros concretos.',
    input: z.strictObject(panoramaInputShape),
    output: panoramaSchema,
    annotations: readAnnotations,
    run: (ctx, args) => panorama(ctx, args.emergencySlug),
  }),
  defineTool({
    name: 'buscar_ayudas',
    title: 'Buscar solicitudes y ofrecimientos publicados',
    description:
      'Busca registros publicados (aprobados por el equipo de la emergencia): solicitudes (type=request) y ' +
      'ofrecimientos (type=offer), con filtros por emergencia, estado, categoría, prioridad, texto (q), cercanía ' +
      '(latitude + longitude + radiusKm), rutas logísticas (logistics) y capacidad. Orden: mayor priorityScore primero. ' +
      'Devuelve total, filtros aplicados e items con ubicación, contacto publicado con consentimiento, cantidades y enlaces.',
    input: z.strictObject(helpSearchShape),
    output: helpList,
    annotations: readAnnotations,
    showsMap: true,
    // The rules across fields (coordinates in pairs, radius needs a point) are not part of the published schema.
    run: async (ctx, args) =>
      helpListForAssistants(
        await listHelp(ctx, { ...parseOrThrow(helpSearch, args, 'invalid_query', 'es'), view: 'list' }),
      ),
  }),
  defineTool({
    name: 'ver_ayuda',
    title: 'Ver el detalle de un registro publicado',
    description:
      'Devuelve un registro publicado por su id (de buscar_ayudas o consultar_panorama): descripción, lugar, contacto, ' +
      'cantidades, recursos, verificación, logística e historial público. Un id no publicado responde help_not_found.',
    input: z.strictObject(helpIdInputShape),
    output: helpDetail,
    annotations: readAnnotations,
    run: async (ctx, args) => ({
      generatedAt: ctx.now().toISOString(),
      item: helpForAssistants(await getHelp(ctx, args.id)),
    }),
  }),
  defineTool({
    name: 'buscar_operaciones_logisticas',
    title: 'Buscar rutas logísticas disponibles',
    description:
      'Devuelve las rutas logísticas disponibles (status available) de una emergencia, con punto de recogida y destino ' +
      'confirmados, qué se lleva y la distancia. Úsela para ofrecer transporte a quien tiene vehículo. No incluye ' +
      'contactos privados de voluntarios; canManage es siempre false.',
    input: z.strictObject(logisticsInputShape),
    output: logisticsOperationList,
    annotations: readAnnotations,
    run: (ctx, args) => listLogistics(ctx, args.emergencia),
  }),
  defineTool({
    name: 'consultar_inventario',
    title: 'Consultar el inventario de los centros de acopio',
    description:
      'Devuelve lo que cada centro de acopio publicado de una emergencia tiene (have) y necesita (need): categoría, ' +
      'cantidad, unidad, nota, fecha de actualización, horas desde entonces y stale (true tras 24 horas sin ' +
      'actualizar: la cantidad puede ya no estar). Con categoria responde además qué centros ya tienen ese insumo ' +
      '(stock, de mayor a menor cantidad). Úsela antes de llevar donaciones, para saber a qué centro le falta qué.',
    input: inventoryQuery,
    output: inventario,
    annotations: readAnnotations,
    run: (ctx, args) => readInventory(ctx, args),
  }),
  defineTool({
    name: 'sugerir_coincidencias',
    title: 'Sugerir quién podría cubrir una necesidad',
    description:
      'Para una solicitud publicada (id de buscar_ayudas o ver_ayuda): los ofrecimientos de su categoría y los ' +
      'centros de acopio con existencias frescas de ella; para un ofrecimiento: las solicitudes que podría cubrir. ' +
      'Misma emergencia, no completados, el mejor primero (cercanía, urgencia, parte pendiente y tiempo de espera), ' +
      'cada uno con una razón en una línea y su página pública. La búsqueda crece desde 2 km hasta que aparecen ' +
      'unos pocos candidatos. Son solo sugerencias: no cambia nada ni avisa a nadie; el contacto de cada registro ' +
      'está en ver_ayuda. Un id no publicado responde help_not_found.',
    input: z.strictObject(helpIdInputShape),
    output: helpMatchesSchema,
    annotations: readAnnotations,
    run: (ctx, args) => helpMatches(ctx, args.id),
  }),
  defineTool({
    name: 'publicar_solicitud',
    title: 'Enviar una solicitud de ayuda a revisión',
    description: `Envía una solicitud de ayuda (qué se necesita, dónde, para quién, con qué urgencia). ${reviewNote} Devuelve el id, el externalId, el estado de revisión y, en el primer envío, el editToken.`,
    input: requestInput,
    output: publishToolResult,
    annotations: submissionAnnotations,
    submits: true,
    consent: consentFor('request'),
    // Reached only through the confirmation (consent-flow.ts): the same send.
    run: (ctx, args) => submitConfirmed(ctx, submissionPayload('request', args)),
  }),
  defineTool({
    name: 'publicar_ofrecimiento',
    title: 'Enviar un ofrecimiento de ayuda a revisión',
    description: `Envía un ofrecimiento de ayuda (insumos, transporte, centro de acopio, voluntariado). ${reviewNote} Devuelve el id, el externalId, el estado de revisión y, en el primer envío, el editToken.`,
    input: offerInput,
    output: publishToolResult,
    annotations: submissionAnnotations,
    submits: true,
    consent: consentFor('offer'),
    run: (ctx, args) => submitConfirmed(ctx, submissionPayload('offer', args)),
  }),
  reportTool,
  withdrawTool,
  pledgeTool,
  routeClaimTool,
];

/** Arguments that fail the tool's schema: the catalogue error of the REST API, one detail per bad field. */
export function toolInputError(tool: ToolDefinition, issues: readonly z.core.$ZodIssue[], args: unknown): ToolResult {
  const details = issuesToDetails(issues, 'es', args);
  const body = errorBody(validationCode(details, tool.submits ? 'validation_failed' : 'invalid_query'), 'es', details);
  return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
}

/**
 * Parses the arguments with the tool's own input schema, then runs it: structured result plus the same JSON as
 * text; bad arguments or a catalogue error become a tool error naming each field.
 */
export async function callTool(
  tool: ToolDefinition,
  ctx: Context,
  args: unknown,
  onUnexpected: (err: unknown) => void,
): Promise<ToolResult> {
  const call = tool.prepare(args);
  if (!call.ok) return toolInputError(tool, call.issues, args);
  return toolOutcome(() => call.run(ctx), onUnexpected);
}

/** A tool's answer: structured result plus the same JSON as text, or its error as the catalogue body. */
export async function toolOutcome(
  run: () => Promise<Record<string, unknown>>,
  onUnexpected: (err: unknown) => void,
): Promise<ToolResult> {
  try {
    const value = await run();
    return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
  } catch (err) {
    // Unexpected failures are logged, never shown: their messages may carry internals.
    if (!(err instanceof AppError) || err.status >= 500) onUnexpected(err);
    const body = err instanceof AppError ? errorBody(err.code, 'es', err.given) : errorBody('internal_error', 'es');
    return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
  }
}
