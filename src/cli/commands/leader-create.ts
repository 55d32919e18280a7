import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { createAccount } from '../../commands/create-account.ts';
import { type CliCommand, cliActor, requireString, UsageError, withContext } from '../io.ts';

export const leaderCreate: CliCommand = {
  path: ['leader', 'create'],
  summary: 'Crea la cuenta de un líder (o de un administrador con --admin) para el panel.',
  usage:
    'ayuda leader create --email E --name N [--emergency SLUG ...] [--admin] [--json]\n' +
    '  La contraseña (al menos 12 caracteres, difícil de adivinar) se toma de AYUDA_PASSWORD o se pide sin mostrarla.',
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    emergency: { type: 'string', multiple: true },
    admin: { type: 'boolean' },
    json: { type: 'boolean' },
  },
  async run(args, io) {
    const email = requireString(args, 'email');
    const name = requireString(args, 'name');
    const admin = args.values.admin === true;
    const emergencySlugs = (args.values.emergency as string[] | undefined) ?? [];
    if (admin && emergencySlugs.length > 0)
      throw new UsageError('--admin da acceso a todas las emergencias: quite --emergency');
    const password = io.env.AYUDA_PASSWORD ?? (await askPassword());
    const row = await withContext(io, (ctx) =>
      createAccount(ctx, { email, name, password, role: admin ? 'admin' : 'leader', emergencySlugs }, cliActor(io.env)),
    );
    if (args.values.json) {
      io.out(
        JSON.stringify({ id: row.id, email: row.email, name: row.name, role: row.role, emergencies: emergencySlugs }),
      );
    } else {
      io.out(`Cuenta creada: ${row.email} (${row.role === 'admin' ? 'administrador' : 'líder'})`);
    }
    return 0;
  },
};

/** Reads a password from the terminal without echoing it. */
async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError('defina AYUDA_PASSWORD o ejecute el comando en una terminal');
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      muted = false;
      rl.question(question, (answer) => {
        process.stdout.write('\n');
        resolve(answer);
      });
      muted = true;
    });
  try {
    const first = await ask('Contraseña: ');
    const second = await ask('Repita la contraseña: ');
    if (first !== second) throw new UsageError('las contraseñas no coinciden');
    return first;
  } finally {
    rl.close();
  }
}
