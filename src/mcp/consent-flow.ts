// A tool that would publish a person's name and WhatsApp sends nothing on the model's word: the person confirms
// what will be public. A 2026-07-28 client gets an input_required round (the draft's token is the requestState);
// a 2025-era client that declared elicitation is asked over the call's own event stream, and its answer may reach
// any instance (it is recorded on the draft, which this call watches); any other client gets a tool error with a
// link that opens the same draft on the website. The draft lives in the database for 30 minutes, and only the era and
// session that opened it settle it over MCP: a token seen in one era is no confirmation in the other.
import {
  CLIENT_CAPABILITIES_META_KEY,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type JSONRPCRequest,
  type ServerContext,
} from '@modelcontextprotocol/server';
import {
  type ConsentPayload,
  type DraftOrigin,
  dropConsentDraft,
  openConsentDraft,
} from '../commands/consent-drafts.ts';
import type { Context } from '../context.ts';
import { LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '../contract/mcp-protocol.ts';
import { AppError, type DetailInput, detail, errorBody } from '../errors.ts';
import { consentDraft } from '../queries/consent-drafts.ts';
import { OFFER_PATH } from '../views/site/pages/offer-form-page.ts';
import { REQUEST_PATH } from '../views/site/pages/request-form-page.ts';
import { CONSENT_REQUEST_PREFIX, elicitsForms } from './consent-ids.ts';
import { consentMessage, consentSchema } from './consent-message.ts';
import type { ToolDefinition } from './tool-definition.ts';
import { type ToolResult, toolInputError, toolOutcome } from './tools.ts';

/** The key of the one input a confirmation round asks for. */
export const CONSENT_INPUT = 'consent';
/** How long a 2025-era call waits for the person's answer on its stream. */
export const LEGACY_ANSWER_WAIT_MS = 10 * 60_000;
const ANSWER_POLL_MS = 250;

/** How this request can reach the person. */
export type ConsentChannel =
  | { era: 'modern' }
  | {
      era: 'legacy';
      sessionId: string;
      /** The client declared form elicitation on initialize. */
      canElicit: boolean;
      /** Writes a request on the stream of the call being answered. */
      send(message: JSONRPCRequest, relatedRequestId: string | number): Promise<void>;
    };

/** The era and session this request speaks for: the only ones whose drafts it may settle. */
function originOf(channel: ConsentChannel): DraftOrigin {
  return channel.era === 'modern'
    ? { era: MODERN_PROTOCOL_VERSION, sessionId: null }
    : { era: LEGACY_PROTOCOL_VERSION, sessionId: channel.sessionId };
}

function toolError(code: Parameters<typeof errorBody>[0], details: readonly DetailInput[] = []): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(errorBody(code, 'es', details)) }], isError: true };
}

function confirmationRound(payload: ConsentPayload, token: string): InputRequiredResult {
  return inputRequired({
    inputRequests: {
      [CONSENT_INPUT]: inputRequired.elicit({ message: consentMessage(payload), requestedSchema: consentSchema }),
    },
    requestState: token,
  });
}

/** The person's yes: an accepted form with the box ticked. Anything else is a no. */
function confirmed(answer: { action?: unknown; content?: unknown } | undefined): boolean {
  return answer?.action === 'accept' && (answer.content as { confirm?: unknown } | undefined)?.confirm === true;
}

/** Sends the draft the person confirmed, then removes it; a second confirmation sends the same submission again. */
async function settle(
  ctx: Context,
  tool: ToolDefinition,
  token: string,
  origin: DraftOrigin,
  yes: boolean,
  onUnexpected: (err: unknown) => void,
): Promise<ToolResult> {
  // Another era's or session's draft is answered as an unknown one, and neither sent nor dropped.
  const draft = await consentDraft(ctx, token, origin);
  if (!draft) return toolError('consent_expired');
  if (!yes) {
    await dropConsentDraft(ctx, token);
    return toolError('consent_declined');
  }
  // Sent before the draft goes, so a failure leaves it to retry; the externalId is fixed, so twice is once.
  const result = await toolOutcome(() => tool.submitConfirmed(ctx, draft.payload), onUnexpected);
  if (!result.isError) await dropConsentDraft(ctx, token);
  return result;
}

function linkFor(ctx: Context, payload: ConsentPayload, token: string): string {
  const path = payload.submission.type === 'request' ? REQUEST_PATH : OFFER_PATH;
  return `${ctx.config.baseUrl}${path}?borrador=${token}`;
}

/** Waits for the answer a 2025-era client posts (to any instance); undefined when none came in time. */
async function answerOf(
  ctx: Context,
  token: string,
  origin: DraftOrigin,
  signal: AbortSignal,
): Promise<string | null | undefined> {
  const deadline = Date.now() + LEGACY_ANSWER_WAIT_MS;
  while (Date.now() < deadline && !signal.aborted) {
    const draft = await consentDraft(ctx, token, origin);
    if (!draft) return undefined;
    if (draft.answer !== null) return draft.answer;
    await new Promise((resolve) => setTimeout(resolve, ANSWER_POLL_MS).unref());
  }
  return undefined;
}

export async function callWithConsent(
  tool: ToolDefinition,
  ctx: Context,
  args: unknown,
  request: ServerContext,
  channel: ConsentChannel,
  onUnexpected: (err: unknown) => void,
): Promise<ToolResult | InputRequiredResult> {
  const origin = originOf(channel);
  // A 2026-07-28 retry: the person answered the round this server asked for.
  const state = channel.era === 'modern' ? request.mcpReq.requestState<string>() : undefined;
  if (typeof state === 'string') {
    const answer = inputResponse(request.mcpReq.inputResponses, CONSENT_INPUT);
    if (answer.kind === 'missing') {
      const draft = await consentDraft(ctx, state, origin);
      return draft ? confirmationRound(draft.payload, state) : toolError('consent_expired');
    }
    return settle(ctx, tool, state, origin, answer.kind === 'elicit' && confirmed(answer), onUnexpected);
  }

  // First call: everything a send would refuse is refused now, before the person is asked anything.
  const call = tool.prepare(args);
  if (!call.ok) return toolInputError(tool, call.issues, args);
  let payload: ConsentPayload;
  try {
    payload = (call.consent as () => ConsentPayload)();
  } catch (err) {
    if (err instanceof AppError) return toolError(err.code, err.given);
    throw err;
  }

  if (channel.era === 'modern') {
    const envelope = request.mcpReq.envelope as Record<string, unknown> | undefined;
    const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY];
    const { token } = await openConsentDraft(ctx, payload, origin);
    if (elicitsForms(capabilities)) return confirmationRound(payload, token);
    return needsLink(ctx, payload, token);
  }
  const { token } = await openConsentDraft(ctx, payload, origin);
  if (!channel.canElicit) return needsLink(ctx, payload, token);
  await channel.send(
    {
      jsonrpc: '2.0',
      id: `${CONSENT_REQUEST_PREFIX}${token}`,
      method: 'elicitation/create',
      params: { mode: 'form', message: consentMessage(payload), requestedSchema: consentSchema },
    },
    request.mcpReq.id,
  );
  const answer = await answerOf(ctx, token, origin, request.mcpReq.signal);
  if (answer === undefined) return needsLink(ctx, payload, token);
  return settle(ctx, tool, token, origin, answer === 'accept', onUnexpected);
}

function needsLink(ctx: Context, payload: ConsentPayload, token: string): ToolResult {
  const url = linkFor(ctx, payload, token);
  return toolError('consent_confirmation_required', [
    detail('publishContact', 'consent_link', { code: 'consent_confirmation_required', url }),
  ]);
}
