// GET, POST and OPTIONS /api/public/v1/help (SPEC 4.1-4.3): reads by view, submissions to review, CORS preflight;
// DELETE and OPTIONS /api/public/v1/help/{id}: the person who sent a record withdraws it.
import * as z from 'zod';
import { helpQuery } from '../../schemas/help-query.ts';
import { helpSubmission } from '../../schemas/submission.ts';
import { responseExamples } from '../openapi-examples.ts';
import {
  errorResponse,
  firstExample,
  preflightResponse,
  rateLimitHeaders,
  ref,
  submissionBodyCodes,
  tooMany,
} from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

const HELP_PATH = '/api/public/v1/help';
const HELP_ITEM_PATH = '/api/public/v1/help/{id}';

export const helpReadRoute = declareRoute({
  method: 'get',
  path: HELP_PATH,
  query: helpQuery,
  operation: ({ baseUrl }) => ({
    operationId: 'getHelp',
    tags: ['ayudas'],
    summary: 'Descubrimiento, panorama, lista o detalle (según view).',
    description:
      'Sin view responde el descubrimiento. Solo registros aprobados. Orden: priorityScore descendente, luego los más nuevos; con sort=distance (y latitude/longitude), el más cercano primero. ' +
      'Con latitude/longitude filtra por distancia (círculo máximo) y cada resultado trae location.distanceKm. ' +
      'view=list trae como mucho limit (100) registros: si hay más, nextCursor continúa la lista en el mismo orden ' +
      '(envíelo como cursor con los mismos filtros y el mismo sort). ' +
      'Lugar público: las solicitudes muestran por defecto un punto aproximado (unos 300 m), el barrio o vereda ' +
      'y el municipio, sin dirección (location.precision); la distancia y el radio se miden a ese punto. ' +
      'Respuestas con ETag: envíe If-None-Match para recibir 304 si nada cambió.',
    responses: {
      '200': {
        description: 'Discovery, Panorama, HelpList o HelpDetail, según view.',
        headers: { ETag: { schema: { type: 'string' } }, ...rateLimitHeaders },
        content: {
          'application/json': {
            schema: { oneOf: [ref('Discovery'), ref('Panorama'), ref('HelpList'), ref('HelpDetail')] },
            examples: Object.fromEntries(
              Object.entries(responseExamples(baseUrl)).map(([view, value]) => [
                view,
                { summary: `view=${view}`, value },
              ]),
            ),
          },
        },
      },
      '304': { description: 'Sin cambios desde el ETag enviado en If-None-Match.' },
      '400': errorResponse(400, 'Filtros no válidos (details indica cada parámetro).', [
        'invalid_query',
        'unknown_emergency',
      ]),
      '404': errorResponse(404, 'No existe un registro publicado con ese id.', ['help_not_found']),
      '429': tooMany,
    },
  }),
});

/** Anonymous, or proof of authorship: the pair's editToken, or a registered source's key. */
const submitSecurity: Record<string, string[]>[] = [{}, { editToken: [] }, { sourceKey: [] }];

export const helpSubmitRoute = declareRoute({
  method: 'post',
  path: HELP_PATH,
  body: helpSubmission,
  operation: ({ schemas }) => ({
    operationId: 'submitHelp',
    tags: ['ayudas'],
    summary: 'Enviar una solicitud o un ofrecimiento a revisión.',
    description:
      'El envío queda en la bandeja de revisión de la emergencia (reviewStatus pending_review) y no aparece en ninguna lectura ' +
      'pública hasta que un líder lo aprueba. 202 significa que el envío quedó guardado. Sin Authorization para un par ' +
      'nuevo o un reenvío idéntico; para cambiar un par ya enviado, Authorization: Bearer con el editToken del primer 202 ' +
      'o, para un source registrado (siempre), con su clave. Ver la descripción general. ' +
      'Consentimiento: al aprobarse se publican el título, la descripción, la categoría, las cantidades, el lugar ' +
      '(aproximado en las solicitudes, salvo que se pida el exacto) y, con publishContact: true, el nombre de contacto ' +
      'y el WhatsApp; el documento de identidad no se publica nunca. Lo publicado sigue visible mientras el registro ' +
      'está vigente, y los datos personales se borran tras los plazos de la descripción general. Quien envía puede ' +
      'retirarlo cuando quiera: DELETE /api/public/v1/help/{id} con el editToken, o en /retirar con el código de ' +
      'recibo y el WhatsApp. Un par retirado no se puede volver a enviar (409 help_withdrawn): use otro externalId.',
    security: submitSecurity,
    headerParameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Clave única del intento (1 a 255 caracteres ASCII visibles), propia de cada cliente (la integración ' +
          'registrada, o la dirección del cliente); ver la descripción general.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      },
    ],
    requestBody: {
      examples: {
        request: { summary: 'Solicitud', value: firstExample(schemas.HelpRequestSubmission) },
        offer: { summary: 'Ofrecimiento', value: firstExample(schemas.HelpOfferSubmission) },
      },
    },
    responses: {
      '202': {
        description:
          'Recibido y guardado; espera revisión. El primer 202 de un par nuevo (y su repetición con la misma ' +
          'Idempotency-Key) trae editToken, salvo para integraciones registradas.',
        headers: {
          'Idempotent-Replayed': {
            description: 'true si es la respuesta guardada de una Idempotency-Key.',
            schema: { type: 'string' },
          },
          ...rateLimitHeaders,
        },
        content: { 'application/json': { schema: ref('PublishResult') } },
      },
      '400': errorResponse(
        400,
        'Datos no válidos (details indica cada campo). reserved_source: el source es uno de los que escribe el ' +
          'propio servicio (web, whatsapp, sms, mcp y kobo:…, desde el 2026-11-27); solo se acepta para revisar, ' +
          'con su editToken, un par ya guardado con él.',
        [...submissionBodyCodes, 'invalid_idempotency_key', 'emergency_change_not_allowed', 'reserved_source'],
      ),
      '401': errorResponse(401, 'El source es una integración registrada y falta su clave o no es la correcta.', [
        'source_key_required',
      ]),
      '409': errorResponse(
        409,
        'El par source + externalId ya existe con otro contenido y no se probó la autoría (editToken o clave), ' +
          'la misma Idempotency-Key se está procesando, o el par fue retirado por quien lo envió y sus datos ' +
          'personales borrados (help_withdrawn: no se puede volver a enviar; use otro externalId). Nada cambió.',
        ['source_conflict', 'idempotency_key_in_flight', 'help_withdrawn'],
      ),
      '413': errorResponse(413, 'Cuerpo demasiado grande.'),
      '415': errorResponse(415, 'Se requiere application/json.'),
      '422': errorResponse(422, 'Idempotency-Key reutilizada con otro cuerpo.'),
      '429': tooMany,
    },
  }),
});

/** Answered by the CORS plugin for every path; declared for the document. */
export const helpPreflightRoute = declareRoute({
  method: 'options',
  path: HELP_PATH,
  operation: () => ({
    operationId: 'helpPreflight',
    tags: ['ayudas'],
    summary: 'Preflight CORS.',
    description: 'Lo envía el navegador antes de una petición de otro origen; la API pública admite cualquier origen.',
    responses: { '204': preflightResponse },
  }),
});

/**
 * Any segment is accepted: a wrong credential, an unknown id and an id already withdrawn all answer the same
 * 404 help_not_found, so the uuid format is documented, not enforced here.
 */
const helpItemParams = z.object({
  id: z.string().meta({
    description: 'Id (uuid) del registro: el id del 202 de POST /api/public/v1/help, el mismo de view=detail.',
    format: 'uuid',
  }),
});

/** Proof of authorship only: the editToken of the record's pair, or its registered source's key. */
const withdrawSecurity: Record<string, string[]>[] = [{ editToken: [] }, { sourceKey: [] }];

export const helpWithdrawRoute = declareRoute({
  method: 'delete',
  path: HELP_ITEM_PATH,
  params: helpItemParams,
  operation: () => ({
    operationId: 'withdrawHelp',
    tags: ['ayudas'],
    summary: 'Retirar un envío propio y borrar sus datos personales. No se puede deshacer.',
    description:
      'Quien hizo el envío lo retira con Authorization: Bearer <editToken> (el del primer 202 de su par) o, si es ' +
      'una integración registrada, con su clave. Esté en revisión, publicado o rechazado, el registro sale en el ' +
      'acto de toda lectura pública (API, mapa, páginas, MCP, feeds) y se borran para siempre el nombre de contacto, ' +
      'el WhatsApp, el documento de identidad, la dirección, el punto exacto, la descripción, el código de recibo y ' +
      'el editToken; quedan sin datos de personas la categoría, las cantidades, el municipio y las fechas, para las ' +
      'cuentas de la emergencia. No se puede deshacer: el mismo source + externalId responde después 409 ' +
      'help_withdrawn; para volver a publicar, haga un envío nuevo con otro externalId. ' +
      'Un editToken equivocado, la falta de Authorization, un id inexistente y un registro ya retirado responden ' +
      'el mismo 404 help_not_found, así que la respuesta no dice si un registro existe. ' +
      'Tiene su propio límite de intentos por minuto por dirección de cliente (429; RateLimit-Limit dice cuántos). ' +
      'DELETE no lleva cuerpo.',
    security: withdrawSecurity,
    responses: {
      '204': { description: 'Retirado: el registro ya no es público y sus datos personales se borraron.' },
      '400': errorResponse(400, 'Se envió un cuerpo y no es JSON válido (DELETE no necesita cuerpo).', [
        'invalid_json',
        'json_too_deep',
        'duplicate_json_key',
        'empty_body',
      ]),
      '404': errorResponse(
        404,
        'No hay un registro con ese id que esta credencial pueda retirar: credencial equivocada o ausente, id ' +
          'inexistente o ya retirado, todos con la misma respuesta (help_not_found); o la dirección está mal ' +
          'formada (not_found).',
        ['help_not_found', 'not_found'],
      ),
      '413': errorResponse(413, 'Cuerpo demasiado grande.'),
      '415': errorResponse(415, 'Se envió un cuerpo que no es application/json.'),
      '429': tooMany,
    },
  }),
});

/** Answered by the CORS plugin; declared for the document. */
export const helpItemPreflightRoute = declareRoute({
  method: 'options',
  path: HELP_ITEM_PATH,
  params: helpItemParams,
  operation: () => ({
    operationId: 'helpItemPreflight',
    tags: ['ayudas'],
    summary: 'Preflight CORS.',
    description:
      'Lo envía el navegador antes de un DELETE de otro origen; la API pública admite cualquier origen, con ' +
      'Authorization entre las cabeceras permitidas.',
    responses: {
      '204': preflightResponse,
      '404': errorResponse(404, 'La dirección está mal formada.', ['not_found']),
    },
  }),
});
