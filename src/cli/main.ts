// Dispatches `ayuda <words> [options]` to one command file; errors become a message and an exit code.
import { ConfigError } from '../config.ts';
import { AppError, errorMessage } from '../errors.ts';
import { demo } from './commands/demo.ts';
import { emergencyClose } from './commands/emergency-close.ts';
import { emergencyCreate } from './commands/emergency-create.ts';
import { emergencyList } from './commands/emergency-list.ts';
import { migrate } from './commands/migrate.ts';
import { recordCover } from './commands/record-cover.ts';
import { recordStatus } from './commands/record-status.ts';
import { reviewApprove } from './commands/review-approve.ts';
import { reviewList } from './commands/review-list.ts';
import { reviewReject } from './commands/review-reject.ts';
import { serve } from './commands/serve.ts';
import { type CliCommand, type Io, parse, UsageError } from './io.ts';

export const commands: CliCommand[] = [
  serve,
  migrate,
  demo,
  emergencyCreate,
  emergencyList,
  emergencyClose,
  reviewList,
  reviewApprove,
  reviewReject,
  recordStatus,
  recordCover,
];

const EXIT_ERROR = 1;
const EXIT_USAGE = 2;

function overview(prefix: string[] = []): string {
  const matching = commands.filter((c) => prefix.every((word, i) => c.path[i] === word));
  return ['Uso: ayuda <comando> [opciones]   (ayuda <comando> --help para más detalle)', '', ...matching.map((c) => `  ${c.path.join(' ').padEnd(18)} ${c.summary}`)].join('\n');
}

const defaultIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
};

export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(overview());
    return argv.length === 0 ? EXIT_USAGE : 0;
  }
  const command = commands.find((c) => c.path.every((word, i) => argv[i] === word));
  if (!command) {
    const group = commands.some((c) => c.path[0] === argv[0]) ? [argv[0] as string] : [];
    io.err(`Comando desconocido: ${argv.join(' ')}`);
    io.err(overview(group));
    return EXIT_USAGE;
  }
  const rest = argv.slice(command.path.length);
  try {
    const args = parse(command, rest);
    if (args.values.help) {
      io.out(`${command.summary}\n\nUso: ${command.usage}`);
      return 0;
    }
    return await command.run(args, io);
  } catch (err) {
    return report(err, command, io);
  }
}

function report(err: unknown, command: CliCommand, io: Io): number {
  if (err instanceof UsageError) {
    io.err(`Error: ${err.message}\nUso: ${command.usage}`);
    return EXIT_USAGE;
  }
  if (err instanceof AppError) {
    const details = Array.isArray(err.details)
      ? (err.details as { field?: string; message?: string; code?: string }[])
          .map((d) => `  - ${d.field ?? ''}: ${d.message ?? ''}${d.code ? ` (${d.code})` : ''}`)
          .join('\n')
      : '';
    io.err(`Error (${err.code}): ${errorMessage(err.code, 'es')}${details ? `\n${details}` : ''}`);
    return EXIT_ERROR;
  }
  if (err instanceof ConfigError) {
    io.err(`Error de configuración: ${err.message}`);
    return EXIT_ERROR;
  }
  io.err(`Error inesperado: ${(err as Error)?.stack ?? String(err)}`);
  return EXIT_ERROR;
}
