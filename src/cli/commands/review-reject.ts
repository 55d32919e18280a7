import { rejectSubmission } from '../../commands/reject-submission.ts';
import { type CliCommand, cliActor, positional, requireString, withContext } from '../io.ts';

export const reviewReject: CliCommand = {
  path: ['review', 'reject'],
  summary: 'Rechaza un envío (nunca se publica) o una revisión pendiente (lo publicado se mantiene).',
  usage: 'ayuda review reject ID --reason TEXTO [--json]',
  options: { reason: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    const reason = requireString(args, 'reason');
    const row = await withContext(io, (ctx) => rejectSubmission(ctx, id, cliActor(io.env), reason));
    if (args.values.json) io.out(JSON.stringify({ id: row.id, reviewStatus: row.review_status }));
    else io.out(`Rechazado: ${row.id}`);
    return 0;
  },
};
