// Who calls a tool: the MCP route serves each request with its client's scope, so a report sent through MCP
// counts per client address exactly as one sent to the REST API.
import type { Context } from '../context.ts';
import { clientScope } from '../domain/client-address.ts';

export interface CallerContext extends Context {
  readonly callerScope: string;
}

export function withCaller(ctx: Context, ip: string): CallerContext {
  return { ...ctx, callerScope: clientScope(ip) };
}

/** The caller's scope; a tool run outside an HTTP request (no address) counts as one shared caller. */
export function callerScope(ctx: Context): string {
  return 'callerScope' in ctx && typeof ctx.callerScope === 'string' ? ctx.callerScope : 'mcp';
}
