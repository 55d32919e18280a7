import { approveSubmission } from '../../commands/approve-submission.ts';
import { type CliCommand, cliActor, positional, withContext } from '../io.ts';

export const reviewApprove: CliCommand = {
  path: ['review', 'approve'],
  summary: 'Aprueba un envío (se publica) o una revisión pendiente (reemplaza lo publicado).',
  usage: 'ayuda review approve ID [--note TEXTO] [--json]',
  options: { note: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    const note = (args.values.note as string | undefined) ?? null;
    const row = await withContext(io, (ctx) => approveSubmission(ctx, id, cliActor(io.env), note));
    if (args.values.json) io.out(JSON.stringify({ id: row.id, reviewStatus: row.review_status, status: row.status }));
    else io.out(`Aprobado y publicado: ${row.id} (${row.title})`);
    return 0;
  },
};
