import { setRecordStatus } from '../../commands/set-record-status.ts';
import { type RecordStatus, recordStatuses } from '../../domain/statuses.ts';
import { type CliCommand, cliActor, positional, UsageError, withContext } from '../io.ts';

export const recordStatus: CliCommand = {
  path: ['record', 'status'],
  summary: 'Cambia el estado de un registro publicado (active, in_process, completed) con una nota pública opcional.',
  usage: 'ayuda record status ID active|in_process|completed [--note TEXTO] [--json]',
  options: { note: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    const status = positional(args, 1, 'ESTADO') as RecordStatus;
    if (!recordStatuses.includes(status))
      throw new UsageError(`estado no válido: ${status} (use ${recordStatuses.join(', ')})`);
    const note = (args.values.note as string | undefined) ?? null;
    const row = await withContext(io, (ctx) => setRecordStatus(ctx, id, status, cliActor(io.env), note));
    if (args.values.json) io.out(JSON.stringify({ id: row.id, status: row.status, priorityScore: row.priority_score }));
    else io.out(`Estado de ${row.id}: ${row.status}`);
    return 0;
  },
};
