// `ayuda pledge confirm`: the operator, who runs the service, confirms a pledge's delivery with its code, as a leader
// would: open or reported by the pledger, it adds to the request's covered quantity (less than pledged with
// --quantity).
import { settleByCode } from '../../commands/pledges/settle-pledge.ts';
import { type CliCommand, cliActor, optionalNumber, withContext } from '../io.ts';
import { pledgeCodeArgument, pledgeOutcome } from './pledge-cancel.ts';

export const pledgeConfirm: CliCommand = {
  path: ['pledge', 'confirm'],
  summary:
    'Confirma, como líder, la entrega de un compromiso con su código (--quantity si llegó menos de lo comprometido).',
  usage: 'ayuda pledge confirm CODIGO [--quantity Q] [--json]',
  options: { quantity: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const code = pledgeCodeArgument(args);
    const quantity = optionalNumber(args, 'quantity');
    const result = await withContext(io, (ctx) =>
      settleByCode(ctx, code, 'deliver', quantity, { party: 'leader', actor: cliActor(io.env) }),
    );
    if (args.values.json) io.out(JSON.stringify(result));
    else io.out(pledgeOutcome(result));
    return 0;
  },
};
