// MCP tool comprometer_ayuda: the same command and schema as POST /api/public/v1/help/{id}/pledges.
import * as z from 'zod';
import { pledgeHelp } from '../commands/pledges/make-pledge.ts';
import { PLEDGE_GRACE_HOURS } from '../domain/pledges.ts';
import { parseOrThrow } from '../schemas/parse.ts';
import { helpPledge, pledgeResult, pledgeToolShape } from '../schemas/pledge.ts';
import { callerScope } from './caller.ts';
import { defineTool } from './tool-definition.ts';

export const pledgeTool = defineTool({
  name: 'comprometer_ayuda',
  title: 'Comprometerse a llevar parte de lo que falta a una solicitud publicada',
  description:
    'Registra que una persona va a llevar parte de lo que le falta a una solicitud publicada ("voy a llevar"): ' +
    'quantity en la unidad de la solicitud (obligatoria si la solicitud tiene cantidad; omítala si no la tiene), ' +
    'deliverWithinHours (por defecto 48) y el nombre y WhatsApp de quien lleva, que son privados (solo los ve el ' +
    'equipo de la emergencia; nunca se publican). No puede pasar de quantities.uncommitted de ver_ayuda ' +
    '(pledge_exceeds_pending dice cuánto queda). No cambia lo cubierto: con el código que devuelve, la persona ' +
    'avisa la entrega en /compromisos (queda "entregado según quien lo llevó, sin confirmar"), y suma a covered ' +
    `cuando quien pidió la ayuda o un líder la confirma; sin avisar, vence ${PLEDGE_GRACE_HOURS} horas ` +
    'después de la fecha y libera la cantidad. Entregue el código solo a esa persona y confirme antes con ella la ' +
    'cantidad y el plazo: cada llamada crea un compromiso nuevo.',
  input: z.strictObject(pledgeToolShape),
  output: pledgeResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  submits: true,
  run: async (ctx, args) => {
    const { id, ...body } = args;
    const pledge = parseOrThrow(helpPledge, body, 'validation_failed', 'es');
    return pledgeHelp(ctx, id, pledge, { scope: callerScope(ctx), counted: 'all' });
  },
});
