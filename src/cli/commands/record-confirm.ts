// `ayuda record confirm`: a leader confirms that a published record is still current (after a phone call, say),
// which starts its confirmation clock again; with --closed it is closed instead (helped or not needed) and completed.
import {
  type ConfirmationOutcome,
  confirmationOutcomes,
  confirmRecord,
} from '../../commands/confirmation/confirm-record.ts';
import { confirmationDeadlines } from '../../domain/confirmation.ts';
import { type CliCommand, cliActor, positional, UsageError, withContext } from '../io.ts';

const closings = confirmationOutcomes.filter((o) => o !== 'current');

const closedText: Record<string, string> = {
  helped: 'ya recibió ayuda',
  not_needed: 'ya no se necesita',
};

export const recordConfirm: CliCommand = {
  path: ['record', 'confirm'],
  summary:
    'Confirma que un registro publicado sigue vigente (--closed lo cierra: ya recibió ayuda o ya no se necesita).',
  usage: `ayuda record confirm ID [--closed ${closings.join('|')}] [--json]`,
  options: { closed: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const id = positional(args, 0, 'ID');
    const closed = args.values.closed;
    if (closed !== undefined && !(closings as readonly unknown[]).includes(closed)) {
      throw new UsageError(`--closed no válido: ${String(closed)} (use ${closings.join(', ')})`);
    }
    const outcome = (closed ?? 'current') as ConfirmationOutcome;
    const result = await withContext(io, async (ctx) => {
      const row = await confirmRecord(ctx, id, outcome, cliActor(io.env));
      const deadlines = row.confirmed_at ? confirmationDeadlines(row.confirmed_at, ctx.config) : null;
      return {
        id: row.id,
        title: row.title,
        status: row.status,
        confirmation: {
          state: row.confirmation_state,
          confirmedAt: row.confirmed_at,
          toConfirmAt: row.status === 'completed' ? null : (deadlines?.toConfirmAt ?? null),
          expiresAt: row.status === 'completed' ? null : (deadlines?.expiresAt ?? null),
        },
      };
    });
    if (args.values.json) io.out(JSON.stringify(result));
    else if (outcome === 'current') {
      io.out(
        `«${result.title}» (${result.id}): sigue vigente, confirmada ${result.confirmation.confirmedAt}; pasa a por confirmar ${result.confirmation.toConfirmAt} y vence ${result.confirmation.expiresAt}.`,
      );
    } else io.out(`«${result.title}» (${result.id}): completada, ${closedText[outcome]}.`);
    return 0;
  },
};
