// One MCP tool: its name, schemas, hints and what it runs; the table is src/mcp/tools.ts.
import type * as z from 'zod';
import type { Context } from '../context.ts';

export interface ToolDefinition {
  /** One of the names in src/contract/mcp-tools.ts. */
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodObject;
  annotations: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  /** Sends a submission: counted by the submissions rate limit. */
  submits?: boolean;
  run(ctx: Context, args: Record<string, unknown>): Promise<unknown>;
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
