import { rejectSubmission } from '../../commands/reject-submission.ts';
import { type CliCommand, cliActor, positional, requireString, withContext } from '../io.ts';
import { versionOption } from './review-version.ts';

export const reviewReject: CliCommand = {
  path: ['review', 'reject'],
  summary: 'Rechaza un envío (nunca se publica) o una revisión pendiente (lo publicado se mantiene).',
  usage: 'ayuda review reject ID --reason TEXTO [--version N] [--json]',
  options: { reason: { type: 'string' }, version: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    const reason = requireString(args, 'reason');
    const version = versionOption(args.values.version, false);
    const row = await withContext(io, (ctx) => rejectSubmission(ctx, id, cliActor(io.env), reason, version));
    if (args.values.json) io.out(JSON.stringify({ id: row.id, reviewStatus: row.review_status }));
    else io.out(`Rechazado: ${row.id}`);
    return 0;
  },
};
