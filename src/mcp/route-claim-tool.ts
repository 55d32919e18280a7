// MCP tool ofrecer_transporte: the same command and schema as POST /api/logistics-operations/{id}/claims.
import * as z from 'zod';
import { claimRoute } from '../commands/route-claims/claim-route.ts';
import { parseOrThrow } from '../schemas/parse.ts';
import { routeClaim, routeClaimResult, routeClaimToolShape } from '../schemas/route-claim.ts';
import { callerScope } from './caller.ts';
import { defineTool } from './tool-definition.ts';

export const routeClaimTool = defineTool({
  name: 'ofrecer_transporte',
  title: 'Ofrecerse a llevar una ruta logística disponible',
  description:
    'Registra que una persona quiere llevar una ruta disponible (id de buscar_operaciones_logisticas): su nombre y ' +
    'WhatsApp (privados: solo los ve el equipo de la emergencia), el vehículo y cuándo puede salir. El equipo de ' +
    'la emergencia acepta (la ruta queda asignada a esa persona) o no; nada público cambia antes. Devuelve un ' +
    'código: con él, en /mi-ruta, la persona ve si la aceptaron y marca "en camino" y "entregado". Entréguele el ' +
    'código solo a ella. Una ruta que ya no está disponible responde route_not_available.',
  input: z.strictObject(routeClaimToolShape),
  output: routeClaimResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  submits: true,
  run: async (ctx, args) => {
    const { id, ...body } = args;
    return claimRoute(ctx, id, parseOrThrow(routeClaim, body, 'validation_failed', 'es'), {
      scope: callerScope(ctx),
      counted: 'all',
    });
  },
});
