// Dispatches `ayuda <words> [options]` to one command file; errors become a message and an exit code.
import { ConfigError } from '../config.ts';
import { AppError, errorMessage } from '../errors.ts';
import { DatabaseChoiceError } from './database-choice.ts';
import { type CliCommand, type Io, parse, UsageError } from './io.ts';

/** Each command's module loads only when it runs, so a command starts without the others' dependencies. */
const table: { path: string[]; load: () => Promise<CliCommand> }[] = [
  { path: ['serve'], load: async () => (await import('./commands/serve.ts')).serve },
  { path: ['migrate'], load: async () => (await import('./commands/migrate.ts')).migrate },
  { path: ['demo'], load: async () => (await import('./commands/demo.ts')).demo },
  { path: ['emergency', 'create'], load: async () => (await import('./commands/emergency-create.ts')).emergencyCreate },
  { path: ['emergency', 'list'], load: async () => (await import('./commands/emergency-list.ts')).emergencyList },
  { path: ['emergency', 'close'], load: async () => (await import('./commands/emergency-close.ts')).emergencyClose },
  {
    path: ['emergency', 'contact'],
    load: async () => (await import('./commands/emergency-contact.ts')).emergencyContact,
  },
  { path: ['review', 'list'], load: async () => (await import('./commands/review-list.ts')).reviewList },
  { path: ['review', 'stats'], load: async () => (await import('./commands/review-stats.ts')).reviewStatsCommand },
  { path: ['review', 'approve'], load: async () => (await import('./commands/review-approve.ts')).reviewApprove },
  { path: ['review', 'reject'], load: async () => (await import('./commands/review-reject.ts')).reviewReject },
  { path: ['review', 'join'], load: async () => (await import('./commands/review-join.ts')).reviewJoin },
  { path: ['record', 'status'], load: async () => (await import('./commands/record-status.ts')).recordStatus },
  { path: ['record', 'cover'], load: async () => (await import('./commands/record-cover.ts')).recordCover },
  { path: ['record', 'confirm'], load: async () => (await import('./commands/record-confirm.ts')).recordConfirm },
  { path: ['digest'], load: async () => (await import('./commands/digest.ts')).digest },
  { path: ['leader', 'create'], load: async () => (await import('./commands/leader-create.ts')).leaderCreate },
  { path: ['leader', 'list'], load: async () => (await import('./commands/leader-list.ts')).leaderList },
  {
    path: ['leader', 'reset-password'],
    load: async () => (await import('./commands/leader-reset-password.ts')).leaderResetPassword,
  },
  { path: ['leader', 'reset-2fa'], load: async () => (await import('./commands/leader-reset-2fa.ts')).leaderReset2fa },
  { path: ['leader', 'scope'], load: async () => (await import('./commands/leader-scope.ts')).leaderScope },
  { path: ['source', 'add'], load: async () => (await import('./commands/source-add.ts')).sourceAdd },
  { path: ['source', 'list'], load: async () => (await import('./commands/source-list.ts')).sourceList },
  { path: ['source', 'rotate'], load: async () => (await import('./commands/source-rotate.ts')).sourceRotate },
  { path: ['source', 'remove'], load: async () => (await import('./commands/source-remove.ts')).sourceRemove },
  { path: ['source', 'trust'], load: async () => (await import('./commands/source-trust.ts')).sourceTrust },
  { path: ['source', 'untrust'], load: async () => (await import('./commands/source-trust.ts')).sourceUntrust },
  { path: ['webhook', 'add'], load: async () => (await import('./commands/webhook-add.ts')).webhookAdd },
  { path: ['webhook', 'list'], load: async () => (await import('./commands/webhook-list.ts')).webhookList },
  { path: ['webhook', 'remove'], load: async () => (await import('./commands/webhook-remove.ts')).webhookRemove },
  { path: ['webhook', 'test'], load: async () => (await import('./commands/webhook-test.ts')).webhookTest },
  { path: ['webhook', 'dead'], load: async () => (await import('./commands/webhook-dead.ts')).webhookDead },
  { path: ['webhook', 'resend'], load: async () => (await import('./commands/webhook-resend.ts')).webhookResend },
  { path: ['inventory', 'set'], load: async () => (await import('./commands/inventory-set.ts')).inventorySet },
  { path: ['inventory', 'list'], load: async () => (await import('./commands/inventory-list.ts')).inventoryList },
  { path: ['logistics', 'create'], load: async () => (await import('./commands/logistics-create.ts')).logisticsCreate },
  { path: ['logistics', 'list'], load: async () => (await import('./commands/logistics-list.ts')).logisticsList },
  { path: ['logistics', 'status'], load: async () => (await import('./commands/logistics-status.ts')).logisticsStatus },
  { path: ['pledge', 'list'], load: async () => (await import('./commands/pledge-list.ts')).pledgeList },
  { path: ['pledge', 'confirm'], load: async () => (await import('./commands/pledge-confirm.ts')).pledgeConfirm },
  { path: ['pledge', 'cancel'], load: async () => (await import('./commands/pledge-cancel.ts')).pledgeCancel },
  { path: ['record', 'erase'], load: async () => (await import('./commands/record-erase.ts')).recordErase },
  { path: ['privacy', 'export'], load: async () => (await import('./commands/privacy-export.ts')).privacyExport },
  { path: ['privacy', 'erase'], load: async () => (await import('./commands/privacy-erase.ts')).privacyErase },
  { path: ['privacy', 'purge'], load: async () => (await import('./commands/privacy-purge.ts')).privacyPurge },
  { path: ['privacy', 'erasures'], load: async () => (await import('./commands/privacy-erasures.ts')).privacyErasures },
  { path: ['backup'], load: async () => (await import('./commands/backup.ts')).backup },
  { path: ['restore'], load: async () => (await import('./commands/restore.ts')).restore },
];

const EXIT_ERROR = 1;
const EXIT_USAGE = 2;
/** Refused to create an empty database beside the demo's: choose one with DATABASE_URL (database-choice.ts). */
const EXIT_DATABASE_NOT_CHOSEN = 3;

async function overview(prefix: string[] = []): Promise<string> {
  const entries = table.filter((c) => prefix.every((word, i) => c.path[i] === word));
  const matching = await Promise.all(entries.map((entry) => entry.load()));
  return [
    'Uso: ayuda <comando> [opciones]   (ayuda <comando> --help para más detalle)',
    '',
    ...matching.map((c) => `  ${c.path.join(' ').padEnd(18)} ${c.summary}`),
  ].join('\n');
}

const defaultIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
};

export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(await overview());
    return argv.length === 0 ? EXIT_USAGE : 0;
  }
  const entry = table.find((c) => c.path.every((word, i) => argv[i] === word));
  if (!entry) {
    const group = table.some((c) => c.path[0] === argv[0]) ? [argv[0] as string] : [];
    io.err(`Comando desconocido: ${argv.join(' ')}`);
    io.err(await overview(group));
    return EXIT_USAGE;
  }
  const command = await entry.load();
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
    const details = err.details
      .map((d) => `  - ${d.field}: ${d.message} (${d.code}${d.value === undefined ? '' : `: ${String(d.value)}`})`)
      .join('\n');
    io.err(`Error (${err.code}): ${errorMessage(err.code, 'es')}${details ? `\n${details}` : ''}`);
    return EXIT_ERROR;
  }
  if (err instanceof DatabaseChoiceError) {
    io.err(`Error (${err.code}): ${err.message}`);
    return EXIT_DATABASE_NOT_CHOSEN;
  }
  if (err instanceof ConfigError) {
    io.err(`Error de configuración: ${err.message}`);
    return EXIT_ERROR;
  }
  io.err(`Error inesperado: ${(err as Error)?.stack ?? String(err)}`);
  return EXIT_ERROR;
}
