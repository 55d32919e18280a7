// Submitting a request or an offer: one transaction that inserts, revises or recognises a repeat.
import { newToken, provesSecret, tokenHash } from '../auth/tokens.ts';
import type { Channel } from '../channels/adapters.ts';
import { isReservedSource, MCP_SOURCE } from '../channels/own-sources.ts';
import type { Context } from '../context.ts';
import type { Store } from '../db/store.ts';
import type { Db } from '../db/types.ts';
import { fingerprintOf, idempotencyScope } from '../domain/idempotency-key.ts';
import { NO_PROOF } from '../domain/number-proof.ts';
import { newReceiptCode } from '../domain/receipt-code.ts';
import { openedReceiptCode, receiptCodeColumns, SEND_TOKEN_MINUTES } from '../domain/receipt-seal.ts';
import { newRowId } from '../domain/record-id.ts';
import { AppError, detail } from '../errors.ts';
import { presentPublishResult } from '../presenters/publish-result.ts';
import {
  findById,
  findBySourceExternalId,
  type HelpRow,
  insertIfNew,
  updateRecord,
} from '../repositories/help-records/records.ts';
import { addTimelineEvent } from '../repositories/timeline.ts';
import type { PublishResult } from '../schemas/publish-result.ts';
import type { HelpSubmission } from '../schemas/submission.ts';
import { alertLeaders, wantsAlert } from './channels/leader-alerts.ts';
import { type CompleteClaim, type Idempotent, idempotencyKeyOf, type ReleaseLog, runIdempotent } from './idempotent.ts';
import { resolveSubmissionEmergency } from './resolve-emergency.ts';
import { announced } from './submission-events.ts';
import { contentHash, type NewFields, type SubmissionFields, submissionFields } from './submission-fields.ts';
import { type Credential, decideOwnership, identifySubmitter, type Ownership } from './submission-owner.ts';

export interface SubmitOptions {
  /** Private; only the web form asks for it. */
  identityDocument?: string | null;
  /** Completes an Idempotency-Key claim in the same transaction as the submission. */
  complete?: CompleteClaim;
  /** The secret the client presented: the pair's editToken, or the key of its registered source. */
  credential?: Credential;
  /**
   * Who sends it, when a stranger may: the public API, or an assistant's tool (which writes `mcp` itself). Either
   * is refused a source the service's own intakes write (reserved_source), except to revise, with its editToken,
   * a pair already stored under it.
   */
  from?: 'api' | 'mcp';
  /** Set by the WhatsApp and SMS intake alone: the channel that brought a new record (notices go back through it). */
  arrivedBy?: Channel;
  /**
   * The web form's hidden per-render token: a resend of the same form within SEND_TOKEN_MINUTES, from any address,
   * is given the receipt code again (the first answer may never have arrived).
   */
  sendToken?: string;
  /**
   * The website's form and the Kobo intake say so (the other intakes are told apart by `from` and `arrivedBy`):
   * metrics count submissions by intake (submission-events.ts). Seeding commands set none of the three.
   */
  via?: 'web' | 'kobo';
}

export type SubmitOutcome = 'created' | 'revised' | 'unchanged';

/** A submission as the API receives it: with the client's Idempotency-Key, address and body as sent. */
export interface SubmitRequest {
  credential: Credential;
  /** The Idempotency-Key header, absent or as received. */
  idempotencyKey: string | readonly string[] | undefined;
  /** Whose keys these are when no registered source proves itself. */
  clientIp: string;
  /** The body before parsing: its fingerprint tells a repeat from a reuse of the key. */
  body: unknown;
  log?: ReleaseLog;
}

/** Whether a stranger sending through `from` may not write this source: the service's own, but an assistant's `mcp`. */
export function refusesSource(from: NonNullable<SubmitOptions['from']>, source: string): boolean {
  return isReservedSource(source) && !(from === 'mcp' && source === MCP_SOURCE);
}

export function reservedSourceError(source: string): AppError {
  return new AppError('reserved_source', [detail('source', 'reserved_source', { value: source })]);
}

/** Refuses a reserved source from a stranger, unless it revises a pair stored under it with the pair's editToken. */
async function checkReservedSource(trx: Store, submission: HelpSubmission, options: SubmitOptions): Promise<void> {
  if (options.from === undefined || !refusesSource(options.from, submission.source)) return;
  const existing = await findBySourceExternalId(trx, submission.source, submission.externalId);
  const proven =
    existing?.edit_token_hash != null &&
    options.credential !== undefined &&
    existing.edit_token_hash === tokenHash(options.credential);
  if (!proven) throw reservedSourceError(submission.source);
}

/** submitHelp once per Idempotency-Key: fresh, or the stored first answer (which keeps the editToken). */
export async function submitHelpOnce(
  ctx: Context,
  submission: HelpSubmission,
  request: SubmitRequest,
): Promise<Idempotent<PublishResult>> {
  const { credential } = request;
  const key = idempotencyKeyOf(request.idempotencyKey);
  const from = 'api';
  if (key === undefined) {
    return { kind: 'fresh', value: (await submitHelp(ctx, submission, { credential, from })).result };
  }
  // A wrong or missing key of a registered source is refused here, before any Idempotency-Key is claimed.
  const submitter = await identifySubmitter(ctx.db, submission.source, credential);
  const scope = idempotencyScope(submitter.registered ? submission.source : null, request.clientIp);
  const fingerprint = fingerprintOf(request.body);
  const answer = await runIdempotent(
    ctx,
    { operation: 'help', scope, key, fingerprint },
    async (complete) => (await submitHelp(ctx, submission, { credential, complete, from })).result,
    request.log,
  );
  return answer.kind === 'replay' ? withReplayedCode(ctx, answer, credential) : answer;
}

/**
 * A stored answer keeps no receipt code: a replay is given it again when the request carries the secret it was
 * sealed under (the pair's editToken, or the registered source's key), as any repeat is.
 */
async function withReplayedCode(
  ctx: Context,
  answer: Extract<Idempotent<PublishResult>, { kind: 'replay' }>,
  credential: Credential,
): Promise<Idempotent<PublishResult>> {
  if (credential === undefined || answer.status !== 202) return answer;
  const stored = JSON.parse(answer.body) as PublishResult;
  const record = await findById(ctx, stored.id);
  const receiptCode = record && openedReceiptCode(record, [credential], ctx.now());
  if (receiptCode === undefined) return answer;
  const { editToken, ...rest } = stored;
  const body = { ...rest, receiptCode, ...(editToken === undefined ? {} : { editToken }) };
  return { ...answer, body: JSON.stringify(body) };
}

/** What an Idempotency-Key keeps of an answer: all of it but the receipt code, which is never stored in clear. */
function storedAnswer(result: PublishResult): PublishResult {
  const { receiptCode: _kept, ...rest } = result;
  return rest;
}

export function submitHelp(
  ctx: Context,
  submission: HelpSubmission,
  options: SubmitOptions = {},
): Promise<{ result: PublishResult; outcome: SubmitOutcome }> {
  const intake = options.from ?? options.arrivedBy ?? options.via;
  return announced(ctx.changes, intake, storeSubmission(ctx, submission, options));
}

async function storeSubmission(
  ctx: Context,
  submission: HelpSubmission,
  options: SubmitOptions,
): Promise<{ result: PublishResult; outcome: SubmitOutcome }> {
  const emergency = await resolveSubmissionEmergency(ctx.db, submission.emergencySlug);
  const fields = submissionFields(submission, emergency.id, options.identityDocument ?? null);
  const hash = contentHash(fields);
  // Concurrent submissions share one commit (and one fsync) on SQLite; each is answered after that commit.
  return ctx.commits.run(async (trx) => {
    const now = ctx.now().toISOString();
    await checkReservedSource(trx, submission, options);
    const submitter = await identifySubmitter(trx.db, submission.source, options.credential);
    const proposed = { hash, emergencyId: emergency.id };
    let record: HelpRow;
    let outcome: SubmitOutcome;
    let editToken: string | undefined;
    // Most submissions are new pairs: the insert comes first and the unique (source, externalId) index tells a pair
    // that exists, so a new one costs no lookup. A registered source proves itself with its key; everyone else
    // gets a secret for this pair alone (wasted only on a repeat).
    const token = submitter.registered ? undefined : newToken();
    // 56 random bits: a clash with any of a million codes has odds of about 1 in 10^11, so no query looks for
    // one first (this is the hot path); the unique index still refuses it and the transaction fails whole.
    const code = newReceiptCode();
    const id = newRowId();
    // The leaders' trusted lane, for the content this sends alone: a revision stamps it again or clears it.
    const lane: TrustedLane = { trusted_source_at: submitter.trusted ? now : null };
    const row: HelpRow = {
      ...newRecord(
        id,
        submission,
        fields,
        hash,
        now,
        token === undefined ? null : tokenHash(token),
        options.arrivedBy ?? null,
        {
          ...receiptCodeColumns(code, id, sealedUnder(options, token, ctx.now())),
          send_token_hash: options.sendToken === undefined ? null : tokenHash(options.sendToken),
        },
      ),
      ...lane,
    };
    // Given only to whoever sent it: a repeat must prove it is the sender to be told it again.
    let receiptCode: string | undefined;
    if (await insertIfNew(trx, row)) {
      record = row;
      outcome = 'created';
      editToken = token;
      receiptCode = code;
      await timeline(trx.db, row.id, 'submitted', now);
      // Leaders who asked for them hear of urgent requests and rescues at once (a no-op for every other record).
      if (wantsAlert(row)) await alertLeaders(ctx, trx, row, emergency);
    } else {
      // The pair exists (sent before, or by a concurrent twin that committed first): a repeat, or a change that
      // needs proof. Withdrawn and erased, it stays closed, so a resend (by the person or an integration) cannot
      // revive it.
      const existing = await findBySourceExternalId(trx, submission.source, submission.externalId);
      if (!existing) throw new Error('record vanished after a unique conflict');
      if (existing.review_status === 'withdrawn') throw new AppError('help_withdrawn');
      const ownership = decideOwnership(existing, proposed, submitter);
      ({ record, outcome } = await settle(trx, existing, ownership, fields, hash, now, lane));
      // The form's send token counts only as the one this record was sent with (a renewed code forgets it).
      const sent = provesSecret(options.sendToken, existing.send_token_hash) ? options.sendToken : undefined;
      receiptCode = openedReceiptCode(existing, [sent, options.credential], ctx.now());
    }
    const result = presentPublishResult(record, emergency.slug, outcome, { receiptCode, editToken });
    // The stored answer is the one place the editToken is kept in clear, so a lost 202 can be replayed; the code
    // is not kept there (withReplayedCode gives it back to a replay that proves itself).
    await options.complete?.(trx.db, 202, storedAnswer(result));
    return { result, outcome };
  });
}

/**
 * The secret a new record's code is sealed under: the web form's send token for an hour, or for good the pair's
 * editToken or the registered source's key. Nothing for the conversations, whose code goes only by message.
 */
function sealedUnder(
  options: SubmitOptions,
  editToken: string | undefined,
  now: Date,
): { secret: string; until: string | null } | null {
  if (options.sendToken !== undefined) {
    return { secret: options.sendToken, until: new Date(now.getTime() + SEND_TOKEN_MINUTES * 60_000).toISOString() };
  }
  if (options.arrivedBy !== undefined) return null;
  const secret = editToken ?? options.credential;
  return secret === undefined ? null : { secret, until: null };
}

/** An existing pair: nothing for a repeat; a proven change is a revision (decideOwnership refused the rest). */
async function settle(
  trx: Store,
  existing: HelpRow,
  ownership: Ownership,
  fields: SubmissionFields,
  hash: string,
  now: string,
  lane: TrustedLane,
): Promise<{ record: HelpRow; outcome: SubmitOutcome }> {
  if (ownership !== 'owner') return { record: existing, outcome: 'unchanged' };
  return revise(trx, existing, fields, hash, now, lane);
}

/** Whether the content a submission sends waits in the leaders' trusted lane (domain/trusted-lane.ts). */
type TrustedLane = Pick<HelpRow, 'trusted_source_at'>;

function newRecord(
  id: string,
  submission: HelpSubmission,
  fields: NewFields,
  hash: string,
  now: string,
  editTokenHash: string | null,
  arrivedBy: Channel | null,
  receipt: Pick<HelpRow, 'receipt_code_hash' | 'receipt_code_sealed' | 'receipt_sealed_until' | 'send_token_hash'>,
): HelpRow {
  return {
    id,
    source: submission.source,
    external_id: submission.externalId,
    arrived_by: arrivedBy,
    pledge_noticed_at: null,
    duplicate_of: null,
    delivery_asked_at: null,
    ...NO_PROOF,
    // storeSubmission stamps it when a trusted key proved itself (submission-owner.ts).
    trusted_source_at: null,
    review_status: 'pending_review',
    status: 'active',
    // Derived from the point unless the submission's fields say a person chose it.
    municipality_derived: 1,
    ...fields,
    quantity_covered: 0,
    quantity_pending: fields.quantity_required,
    quantity_committed: 0,
    pledges_open: 0,
    // Unpublished: the clock starts when it is published.
    confirmed_at: null,
    confirmation_state: 'current',
    // Kept by every later revision: the person's one code for this submission (a leader may renew it).
    ...receipt,
    withdrawn_at: null,
    withdrawn_by: null,
    personal_data_erased_at: null,
    identity_erased_at: null,
    content_hash: hash,
    pending_revision: null,
    revision_hash: null,
    revision_submitted_at: null,
    priority_score: 0,
    status_note: null,
    review_note: null,
    reject_reason: null,
    created_at: now,
    updated_at: now,
    submitted_at: now,
    reviewed_at: null,
    published_at: null,
    change_seq: 0, // the repository assigns the real one
    content_version: 1,
    edit_token_hash: editTokenHash,
  };
}

/** The same pair again: nothing when the content is the same; otherwise a revision that waits for review. */
async function revise(
  trx: Store,
  existing: HelpRow,
  fields: SubmissionFields,
  hash: string,
  now: string,
  lane: TrustedLane,
): Promise<{ record: HelpRow; outcome: SubmitOutcome }> {
  const pendingRevisionMatches = existing.pending_revision !== null && existing.revision_hash === hash;
  if (existing.content_hash === hash && existing.pending_revision === null) {
    return { record: existing, outcome: 'unchanged' };
  }
  if (pendingRevisionMatches) return { record: existing, outcome: 'unchanged' };
  if (existing.review_status === 'approved') {
    if (existing.content_hash === hash) {
      // Back to the published content: the waiting revision is withdrawn.
      const patch = {
        pending_revision: null,
        revision_hash: null,
        revision_submitted_at: null,
        content_version: existing.content_version + 1,
        updated_at: now,
      };
      await updateRecord(trx, existing.id, patch);
      await timeline(trx.db, existing.id, 'revision_withdrawn', now);
      return { record: { ...existing, ...patch }, outcome: 'unchanged' };
    }
    const patch = {
      pending_revision: JSON.stringify(fields),
      revision_hash: hash,
      revision_submitted_at: now,
      content_version: existing.content_version + 1,
      updated_at: now,
      ...lane,
    };
    await updateRecord(trx, existing.id, patch);
    await timeline(trx.db, existing.id, 'revision_submitted', now);
    return { record: { ...existing, ...patch }, outcome: 'revised' };
  }
  // Not published yet (pending or rejected): the new content replaces the old and goes back to review.
  const patch: Partial<HelpRow> = {
    ...fields,
    quantity_pending:
      fields.quantity_required === null ? null : Math.max(0, fields.quantity_required - existing.quantity_covered),
    content_hash: hash,
    review_status: 'pending_review',
    reject_reason: null,
    submitted_at: now,
    content_version: existing.content_version + 1,
    updated_at: now,
    ...lane,
  };
  await updateRecord(trx, existing.id, patch);
  await timeline(trx.db, existing.id, 'resubmitted', now);
  return { record: { ...existing, ...patch }, outcome: 'revised' };
}

async function timeline(trx: Db, helpId: string, kind: string, now: string): Promise<void> {
  // 'submitted' is public (shown once the record is published); the rest is for the leaders only.
  await addTimelineEvent(trx, {
    id: newRowId(),
    help_id: helpId,
    kind,
    is_public: kind === 'submitted' ? 1 : 0,
    note: null,
    status: kind === 'submitted' ? 'active' : null,
    actor: null,
    created_at: now,
  });
}
