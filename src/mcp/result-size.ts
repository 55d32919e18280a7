// One cap on what a single MCP answer may weigh, so no message can make the server build and send megabytes.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { errorBody } from '../errors.ts';
import type { ToolResult } from './tools.ts';

/** Bytes of the result as it goes on the wire (UTF-8 JSON). */
function serialisedBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** A tool result over the cap becomes a tool error saying how to ask for less; others pass unchanged. */
export function boundedToolResult(
  result: ToolResult,
  maxBytes: number,
  tool: { name: string; hasLimit: boolean },
): ToolResult {
  const bytes = serialisedBytes(result);
  if (bytes <= maxBytes) return result;
  const narrow = tool.hasLimit
    ? 'baje limit o añada filtros (emergencySlug, type, category, q, cercanía)'
    : 'añada filtros (por ejemplo emergencia o categoria)';
  const body = errorBody('result_too_large', 'es', [
    {
      field: tool.hasLimit ? 'limit' : '',
      code: 'result_too_large',
      message: `La respuesta de ${tool.name} ocuparía ${bytes} bytes y el máximo es ${maxBytes}: ${narrow}.`,
    },
  ]);
  return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
}

/** A resource has no tool error: a contents list over the cap is refused as a JSON-RPC error. */
export function boundedResource<T extends { contents: unknown[] }>(result: T, maxBytes: number, uri: string): T {
  const bytes = serialisedBytes(result);
  if (bytes <= maxBytes) return result;
  throw resourceTooLarge(uri, maxBytes, uri, bytes);
}

/** The error for a resource over the cap, pointing at the HTTP address that serves it whole. */
export function resourceTooLarge(uri: string, maxBytes: number, httpUrl: string, bytes?: number): ProtocolError {
  const size = bytes === undefined ? `pasa de ${maxBytes} bytes, el máximo` : `ocuparía ${bytes} bytes y el máximo`;
  const where = httpUrl === uri ? 'en la misma dirección' : `en ${httpUrl}`;
  return new ProtocolError(
    ProtocolErrorCode.InternalError,
    `El recurso ${uri} ${size} por respuesta es ${maxBytes}; léalo por HTTP ${where}.`,
  );
}
