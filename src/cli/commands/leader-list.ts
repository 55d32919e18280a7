import { accountsWithEmergencies } from '../../queries/accounts.ts';
import { placeScopesOfAccounts } from '../../queries/place-scope.ts';
import { type CliCommand, table, withContext } from '../io.ts';

export const leaderList: CliCommand = {
  path: ['leader', 'list'],
  summary: 'Lista las cuentas del panel con su rol y sus emergencias.',
  usage: 'ayuda leader list [--json]',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const rows = await withContext(io, async (ctx) => {
      const [accounts, scopes] = await Promise.all([accountsWithEmergencies(ctx), placeScopesOfAccounts(ctx)]);
      return accounts.map((a) => ({
        id: a.id,
        email: a.email,
        name: a.name,
        role: a.role,
        emergencies: a.role === 'admin' ? [] : a.emergencies,
        // Emergency slug -> the places the leader is limited to there (ayuda leader scope); absent: all of it.
        places: Object.fromEntries(scopes.get(a.id) ?? []),
        disabled: a.disabled_at !== null,
        createdAt: a.created_at,
      }));
    });
    if (args.values.json) {
      io.out(JSON.stringify(rows));
      return 0;
    }
    if (rows.length === 0) {
      io.out('No hay cuentas. Cree una con: ayuda leader create --email E --name N --admin');
      return 0;
    }
    io.out(
      table(
        rows.map((r) => ({
          correo: r.email,
          nombre: r.name,
          rol: r.role === 'admin' ? 'administrador' : 'líder',
          emergencias: r.role === 'admin' ? '(todas)' : r.emergencies.join(', ') || '(ninguna)',
          lugares: Object.entries(r.places)
            .map(([slug, codes]) => `${slug}: ${codes.join(' ')}`)
            .join('; '),
        })),
        ['correo', 'nombre', 'rol', 'emergencias', 'lugares'],
      ),
    );
    return 0;
  },
};
