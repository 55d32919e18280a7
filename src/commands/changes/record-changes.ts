// The change feed's writer: before a transaction commits, the public state of each record it touched (and of the
// centre's inventory and the routes to it) is compared with the feed's last entry for it; what moved is appended,
// numbered in commit order, and handed to the webhooks' queue in the same transaction.
import { createHash } from 'node:crypto';
import type { Context } from '../../context.ts';
import type { ChangeRecorder, Store } from '../../db/store.ts';
import type { ChangeEntity, ChangeKind } from '../../db/types.ts';
import { appendChanges, type ChangeRow, latestChanges, type NewChange } from '../../repositories/public-changes.ts';
import { type PublicState, publicStates } from './public-states.ts';

/**
 * Fields that ride along in a state but never make an event by themselves: those that drift with time alone, and
 * updatedAt, which a private step (a revision waiting for review, a leader's note) also moves.
 */
const DRIFTING = new Set(['priorityScore', 'hoursSinceUpdate', 'stale', 'distanceKm', 'updatedAt']);

/** A hash of the state without its drifting fields: equal hashes, nothing public changed. */
export function fingerprint(state: object): string {
  const text = JSON.stringify(state, (key, value) => (DRIFTING.has(key) ? undefined : value));
  return createHash('sha256').update(text).digest('base64url');
}

type Previous = { kind: ChangeKind; state: string | null; fingerprint: string | null } | undefined;

function field(state: unknown, name: string): string {
  return JSON.stringify((state as Record<string, unknown> | null)?.[name] ?? null);
}

/** What kind of change takes `before` to `after` (both in the public view). */
function kindOf(before: Previous, after: object): ChangeKind {
  if (!before || before.kind === 'withdrawn') return 'published';
  if (before.state === null) return 'updated';
  const previous = JSON.parse(before.state) as unknown;
  if (field(previous, 'status') !== field(after, 'status')) return 'status_changed';
  if (field(previous, 'quantities') !== field(after, 'quantities')) return 'quantities_changed';
  return 'updated';
}

/** The entries these states make after the feed's last ones: none where nothing public moved. */
async function entriesFor(trx: Store, states: PublicState[], at: string): Promise<NewChange[]> {
  const entries: NewChange[] = [];
  for (const entity of ['help', 'inventory', 'route'] as ChangeEntity[]) {
    const mine = states.filter((s) => s.entity === entity);
    if (mine.length === 0) continue;
    const latest = await latestChanges(
      trx.db,
      entity,
      mine.map((s) => s.id),
    );
    for (const s of mine) {
      const before = latest.get(s.id);
      const live = before !== undefined && before.kind !== 'withdrawn';
      const base = { at, entity, entity_id: s.id, emergency_id: s.emergencyId };
      if (s.state === null) {
        if (live) entries.push({ ...base, kind: 'withdrawn', state: null, fingerprint: null });
        continue;
      }
      const print = fingerprint(s.state);
      if (live && before.fingerprint === print) continue;
      entries.push({ ...base, kind: kindOf(before, s.state), state: JSON.stringify(s.state), fingerprint: print });
    }
  }
  return entries;
}

/** What else runs on the appended entries inside the transaction (the webhooks' queue). */
export type ChangeListener = (trx: Store, rows: ChangeRow[]) => Promise<void>;

export function changeRecorder(ctx: Context, listeners: readonly ChangeListener[] = []): ChangeRecorder {
  return async (trx, touched) => {
    const states = await publicStates(ctx, trx, [...touched]);
    const entries = await entriesFor(trx, states, ctx.now().toISOString());
    const rows = await appendChanges(trx.db, entries);
    if (rows.length === 0) return;
    for (const listener of listeners) await listener(trx, rows);
  };
}
