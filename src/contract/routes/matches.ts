// GET /api/public/v1/help/{id}/matches: who could cover a published request, or whom an offer could help.
import { MATCH_RADII_KM, MAX_MATCHES, MIN_CANDIDATES } from '../../domain/matching.ts';
import type { HelpMatches } from '../../schemas/help-matches.ts';
import { errorResponse, etagHeaders, notModified, rateLimitHeaders, ref, tooMany } from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';
import { publishedRecordParams, recordPathPreflight } from './record-path.ts';

const MATCHES_PATH = '/api/public/v1/help/{id}/matches';

const example: HelpMatches = {
  generatedAt: '2026-05-10T15:00:00.000Z',
  id: '0b9c2f4e-5d1a-4c8e-9f3b-2a7d6e1c4b58',
  type: 'request',
  radiusKm: 5,
  matches: [
    {
      id: '7d3f1c52-8a1e-4b6f-9c0d-5e2a4b7c9f01',
      type: 'offer',
      collectionCenter: true,
      title: 'Centro de acopio Coliseo',
      category: 'agua',
      categoryLabel: 'Agua',
      distanceKm: 1.21,
      score: 0.713,
      reason: 'Centro de acopio con 50 bidones de agua a 1,2 km',
      publicUrl: 'https://ayuda.example.org/ayudas/7d3f1c52-8a1e-4b6f-9c0d-5e2a4b7c9f01',
    },
  ],
};

export const helpMatchesRoute = declareRoute({
  method: 'get',
  path: MATCHES_PATH,
  params: publishedRecordParams,
  operation: () => ({
    operationId: 'getHelpMatches',
    tags: ['ayudas'],
    summary: 'Sugerencias: quién podría cubrir una solicitud, o a quién podría ayudar un ofrecimiento.',
    description:
      'Para una solicitud publicada: los ofrecimientos de su categoría y los centros de acopio con existencias ' +
      'frescas de ella (actualizadas en las últimas 24 horas). Para un ofrecimiento: las solicitudes de su categoría ' +
      '(y, si es un centro de acopio, de lo que tiene en existencia) que aún necesitan algo. Solo registros ' +
      'publicados de la misma emergencia y no completados. La búsqueda empieza en el punto público del registro y ' +
      `crece (${MATCH_RADII_KM.join(', ')} km) hasta que aparecen al menos ${MIN_CANDIDATES} candidatos; si no ` +
      'aparecen, o el registro no tiene lugar, busca en toda la emergencia (radiusKm null). Cada candidato recibe ' +
      'un puntaje de 0 a 1 (cercanía 35 %, urgencia 25 %, parte pendiente 20 % y tiempo de espera 20 %, los tres ' +
      `últimos de la solicitud del par) y una razón en una línea; llegan como mucho ${MAX_MATCHES}, el mejor ` +
      'primero, empates por distancia y luego por id: los mismos datos dan siempre el mismo orden. Son solo ' +
      'sugerencias: nada cambia ni se avisa a nadie hasta que una persona actúa. Respuestas con ETag.',
    responses: {
      '200': {
        description: 'Las sugerencias (puede ser una lista vacía).',
        headers: { ...etagHeaders, ...rateLimitHeaders },
        content: { 'application/json': { schema: ref('HelpMatches'), example } },
      },
      '304': notModified,
      '404': errorResponse(
        404,
        'No existe un registro publicado con ese id (help_not_found), o la dirección está mal formada (not_found).',
        ['help_not_found', 'not_found'],
      ),
      '429': tooMany,
    },
  }),
});

/** Answered by the CORS plugin; declared for the document. */
export const helpMatchesPreflightRoute = recordPathPreflight(
  MATCHES_PATH,
  publishedRecordParams,
  'getHelpMatchesPreflight',
);
