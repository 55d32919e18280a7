// `ayuda pledge cancel`: cancels an open pledge with its code; what it held is open to others again.
import { settleByCode } from '../../commands/pledges/settle-pledge.ts';
import { pledgeStatusLabels } from '../../domain/pledges.ts';
import type { PledgeActionResult } from '../../schemas/pledge.ts';
import { type CliCommand, cliActor, type ParsedArgs, positional, withContext } from '../io.ts';

/** The code as typed: one word (K7P-42Q-X9M-D3R) or its groups as separate words (k7p 42q x9m d3r). */
export function pledgeCodeArgument(args: ParsedArgs): string {
  positional(args, 0, 'CODIGO');
  return args.positionals.join(' ');
}

/** One line for people: the request, the pledge's status and quantities, and the message. */
export function pledgeOutcome(result: PledgeActionResult): string {
  const { pledge } = result;
  const unit = pledge.unit ? ` ${pledge.unit}` : '';
  const quantity =
    pledge.deliveredQuantity !== null
      ? ` · entregado ${pledge.deliveredQuantity}${unit} de ${pledge.quantity}${unit}`
      : pledge.quantity !== null
        ? ` · ${pledge.quantity}${unit}`
        : '';
  return `«${pledge.helpTitle}» (${pledge.helpId}): ${pledgeStatusLabels[pledge.status]}${quantity}\n${result.message}`;
}

export const pledgeCancel: CliCommand = {
  path: ['pledge', 'cancel'],
  summary: 'Cancela un compromiso abierto con su código: lo comprometido vuelve a estar disponible.',
  usage: 'ayuda pledge cancel CODIGO [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const code = pledgeCodeArgument(args);
    const result = await withContext(io, (ctx) =>
      settleByCode(ctx, code, 'cancel', undefined, { party: 'leader', actor: cliActor(io.env) }),
    );
    if (args.values.json) io.out(JSON.stringify(result));
    else io.out(pledgeOutcome(result));
    return 0;
  },
};
