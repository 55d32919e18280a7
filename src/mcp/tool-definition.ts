// One MCP tool: its name, schemas, hints and what it runs; the table is src/mcp/tools.ts.
import type * as z from 'zod';
import type { ConsentPayload } from '../commands/consent-drafts.ts';
import type { Context } from '../context.ts';

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What a tool declares: `run` receives its arguments as `input` parsed them, and answers the shape of `output`. */
export interface ToolSpec<I extends z.ZodObject, O extends z.ZodObject> {
  /** One of the names in src/contract/mcp-tools.ts. */
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /** Sends a submission: counted by the submissions rate limit. */
  submits?: boolean;
  /** Hosts that render MCP Apps show its result on the map App (map-app/map-app.ts). */
  showsMap?: boolean;
  run(ctx: Context, args: z.output<I>): Promise<z.output<O>>;
  /**
   * Publishes a person's name and number: nothing is sent until the person confirms it (consent-flow.ts).
   * `payload` validates the arguments into what the person is shown (throwing the catalogue error a send would);
   * `submit` sends it once confirmed.
   */
  consent?: {
    payload(args: z.output<I>): ConsentPayload;
    submit(ctx: Context, payload: ConsentPayload): Promise<z.output<O>>;
  };
}

/** Arguments that passed the tool's `input`, bound to its handler; or the problems `input` found. */
export type PreparedCall =
  | {
      ok: true;
      run(ctx: Context): Promise<Record<string, unknown>>;
      /** For a tool that needs the person's confirmation: what to show them (throws the catalogue error). */
      consent?: () => ConsentPayload;
    }
  | { ok: false; issues: readonly z.core.$ZodIssue[] };

/**
 * A row of the tool table, whatever its argument types. The handler is reachable only through `prepare`, which
 * parses with the tool's own `input` first: the typed arguments `run` was declared with are the ones it gets.
 */
export interface ToolDefinition extends Omit<ToolSpec<z.ZodObject, z.ZodObject>, 'run' | 'consent'> {
  prepare(args: unknown): PreparedCall;
  /** Whether a call waits for the person's own confirmation. */
  needsConsent: boolean;
  /** Sends what the person confirmed (tools with consent only). */
  submitConfirmed(ctx: Context, payload: ConsentPayload): Promise<Record<string, unknown>>;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(spec: ToolSpec<I, O>): ToolDefinition {
  const { run, consent, ...declared } = spec;
  return {
    ...declared,
    needsConsent: consent !== undefined,
    prepare(args) {
      const parsed = spec.input.safeParse(args);
      if (!parsed.success) return { ok: false, issues: parsed.error.issues };
      return {
        ok: true,
        run: (ctx) => run(ctx, parsed.data),
        ...(consent ? { consent: () => consent.payload(parsed.data) } : {}),
      };
    },
    submitConfirmed(ctx, payload) {
      if (!consent) throw new Error(`${spec.name} publishes no contact`);
      return consent.submit(ctx, payload);
    },
  };
}

/** Hints of a tool that only reads published data. */
export const readAnnotations = { readOnlyHint: true, openWorldHint: false } as const;
/** Hints of a tool that sends a submission to review: repeating it changes nothing more. */
export const submissionAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;
