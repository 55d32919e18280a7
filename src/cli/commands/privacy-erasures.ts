import { erasureLog } from '../../commands/personal-data/erasure-log.ts';
import { type CliCommand, table, withContext } from '../io.ts';

export const privacyErasures: CliCommand = {
  path: ['privacy', 'erasures'],
  summary: 'Lista las eliminaciones hechas (ids, nunca valores); --json para guardarlas junto a las copias.',
  usage: 'ayuda privacy erasures [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const log = await withContext(io, (ctx) => erasureLog(ctx));
    if (args.values.json) io.out(JSON.stringify(log));
    else
      io.out(
        table(
          log.map((e) => ({
            fecha: e.createdAt,
            tabla: e.targetTable,
            id: e.targetId,
            alcance: e.scope,
            quien: e.actor,
            motivo: e.reason,
          })),
          ['fecha', 'tabla', 'id', 'alcance', 'quien', 'motivo'],
        ),
      );
    return 0;
  },
};
