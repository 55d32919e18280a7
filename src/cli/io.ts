// What a CLI command needs: its arguments, output streams, and the shared way to open the service's context.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config.ts';
import { type Context, createContext } from '../context.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { announceDatabase, refuseEmptyBesideDemo } from './database-choice.ts';

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

export class UsageError extends Error {}

export interface CliCommand {
  /** Words after `ayuda`, e.g. ['review', 'approve']. */
  path: string[];
  summary: string;
  usage: string;
  options?: ParseArgsConfig['options'];
  run(args: ParsedArgs, io: Io): Promise<number>;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** `--lon -76.6`: a negative number is the option's value, not another option (Colombia is west of Greenwich). */
function joinNegativeValues(command: CliCommand, argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    const name = token.startsWith('--') ? token.slice(2) : null;
    const next = argv[i + 1];
    if (name && command.options?.[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${token}=${next}`);
      i++;
    } else out.push(token);
  }
  return out;
}

export function parse(command: CliCommand, argv: string[]): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args: joinNegativeValues(command, argv),
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/**
 * Opens the database named by the environment (migrating it) and runs fn with a context. Says which database first,
 * and refuses to create an empty one beside the demo's when DATABASE_URL is unset (database-choice.ts).
 */
export async function withContext<T>(
  io: Io,
  fn: (ctx: Context, database: Database) => Promise<T>,
  config?: Config,
): Promise<T> {
  const cfg = config ?? loadConfig(io.env);
  announceDatabase(io, cfg.database);
  refuseEmptyBesideDemo(io.env, cfg.database);
  const database = await openDatabase(cfg.database, { listen: false, poolSize: 2 });
  try {
    return await fn(createContext(cfg, database), database);
  } finally {
    await database.close();
  }
}

export function requireString(args: ParsedArgs, name: string): string {
  const value = args.values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`falta --${name}`);
  return value;
}

export function optionalNumber(args: ParsedArgs, name: string): number | undefined {
  const value = args.values[name];
  if (value === undefined) return undefined;
  const number = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(number)) {
    throw new UsageError(`--${name} debe ser un número (recibido: "${String(value)}")`);
  }
  return number;
}

export function positional(args: ParsedArgs, index: number, name: string): string {
  const value = args.positionals[index];
  if (!value) throw new UsageError(`falta ${name}`);
  return value;
}

/** A fixed-width text table for people; --json prints the rows for programs instead. */
export function table(rows: Record<string, unknown>[], columns: string[]): string {
  const cells = rows.map((row) => columns.map((c) => String(row[c] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => (r[i] as string).length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}

export function cliActor(env: NodeJS.ProcessEnv): string {
  return `cli:${env.AYUDA_ACTOR || env.USER || 'admin'}`;
}
