import { approveSubmission } from '../../commands/approve-submission.ts';
import { type CliCommand, cliActor, positional, withContext } from '../io.ts';
import { versionOption } from './review-version.ts';

export const reviewApprove: CliCommand = {
  path: ['review', 'approve'],
  summary: 'Aprueba un envío (se publica) o una revisión pendiente (reemplaza lo publicado), en la versión revisada.',
  usage: 'ayuda review approve ID --version N [--note TEXTO] [--json]',
  options: { version: { type: 'string' }, note: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    const version = versionOption(args.values.version, true);
    const note = (args.values.note as string | undefined) ?? null;
    const row = await withContext(io, (ctx) => approveSubmission(ctx, id, cliActor(io.env), note, version));
    if (args.values.json) {
      io.out(JSON.stringify({ id: row.id, reviewStatus: row.review_status, status: row.status, version }));
    } else io.out(`Aprobado y publicado: ${row.id} (${row.title}), versión ${version}`);
    return 0;
  },
};
