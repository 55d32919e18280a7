import { joinDuplicate } from '../../commands/join-duplicate.ts';
import { type CliCommand, cliActor, positional, requireString, withContext } from '../io.ts';
import { versionOption } from './review-version.ts';

export const reviewJoin: CliCommand = {
  path: ['review', 'join'],
  summary:
    'Une un envío pendiente a una publicación ya publicada de la misma emergencia y tipo (duplicado): no se publica ' +
    'ni cuenta como rechazado, y se avisa a quien lo envió con el enlace de la publicación.',
  usage: 'ayuda review join ID --into PUBLICADA --version N [--note TEXTO] [--json]',
  options: {
    into: { type: 'string' },
    version: { type: 'string' },
    note: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    const keptId = requireString(args, 'into');
    // Required: joining hides the submission from the inbox, so it must be the version the operator read.
    const version = versionOption(args.values.version, true) as number;
    const note = typeof args.values.note === 'string' ? args.values.note : null;
    const row = await withContext(io, (ctx) =>
      joinDuplicate(ctx, { id, version, keptId, actor: cliActor(io.env), note }),
    );
    if (args.values.json)
      io.out(JSON.stringify({ id: row.id, reviewStatus: row.review_status, duplicateOf: row.duplicate_of }));
    else io.out(`Unido: ${row.id} → ${row.duplicate_of}`);
    return 0;
  },
};
