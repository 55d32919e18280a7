// The tables whose free texts may hold a person's data: timeline notes, audit details, report notes, routes'
// addresses and volunteer contacts, emergencies' public contacts, and stored idempotent answers (editTokens).
import { IDENTIFYING_COLUMNS, labelledFields } from '../../db/column-roles.ts';
import { type Store, touch } from '../../db/store.ts';
import { auditRoles, emergencyRoles, reportRoles, routeRoles, timelineRoles } from '../../db/trail-roles.ts';
import type { Db } from '../../db/types.ts';
import { addValues, ERASED_MARK, holdsValues, type PersonalValues, scrubText } from '../../domain/personal-values.ts';
import { snapToGrid } from '../../domain/public-place.ts';
import { auditDetails, setAuditDetails } from '../../repositories/audit.ts';
import { emergencyContactsLike, setEmergencyPublicContact } from '../../repositories/emergencies.ts';
import { deleteAnswersNaming, purgeIdempotencyKeys } from '../../repositories/idempotency.ts';
import {
  clearVolunteerContact,
  dueVolunteerContacts,
  routeTexts,
  setRouteTexts,
} from '../../repositories/logistics.ts';
import { dueReportNotes, reportNotes, setReportNote } from '../../repositories/reports.ts';
import { setTimelineNote, timelineNotes } from '../../repositories/timeline.ts';
import type { ErasureTarget, NumberSearch, PersonalDataHolder, TouchedRow } from './holder.ts';

/** Which values a row of the target's own records loses, and which a row found only by the number loses. */
function valuesFor(target: ErasureTarget, own: boolean): PersonalValues | null {
  if (own) return target.everywhere ? addValues(target.values, target.everywhere.values) : target.values;
  return target.everywhere?.values ?? null;
}

/** Scrubs one text: the new text when it changed; undefined when nothing in it is the target's. */
function scrubbed(text: string | null, values: PersonalValues | null): string | undefined {
  if (text === null || values === null) return undefined;
  const next = scrubText(text, values);
  return next === text ? undefined : next;
}

export const timelineHolder: PersonalDataHolder<'timeline_events'> = {
  table: 'timeline_events',
  async find(db: Db, search: NumberSearch) {
    const rows = await timelineNotes(db, search.recordIds, search.hint);
    return rows
      .filter((r) => search.recordIds.includes(r.help_id) || holdsValues(r.note, search.values))
      .map((r) => ({
        table: 'timeline_events',
        id: r.id,
        label: 'Nota en la historia de un registro',
        fields: labelledFields(timelineRoles, r, ['help_id', 'kind', 'created_at']),
      }));
  },
  async erase(trx: Store, target: ErasureTarget) {
    const ids = target.records.map((r) => r.id);
    const touched: TouchedRow[] = [];
    for (const row of await timelineNotes(trx.db, ids, target.everywhere?.hint ?? null)) {
      const own = ids.includes(row.help_id);
      const next = scrubbed(row.note, valuesFor(target, own));
      if (next === undefined) continue;
      await setTimelineNote(trx.db, row.id, next);
      // A public note is part of the record's public state: the change feed states it again.
      touch(trx, row.help_id);
      if (!own) touched.push({ table: 'timeline_events', id: row.id });
    }
    return touched;
  },
  clear: (db, id) => setTimelineNote(db, id, null),
  retention: { kind: 'none', why: "A record's history: its notes are scrubbed with the record's data." },
};

/** Audit details: corrections of personal fields lose their values by key; any text loses the values. */
function scrubDetails(details: string, values: PersonalValues, scope: ErasureTarget['scope']): string {
  const keys: readonly string[] = scope === 'identity' ? ['identity_document'] : IDENTIFYING_COLUMNS;
  let text = details;
  try {
    const parsed = JSON.parse(details) as { edited?: Record<string, { from?: unknown; to?: unknown }> };
    if (parsed && typeof parsed === 'object' && parsed.edited && typeof parsed.edited === 'object') {
      for (const key of keys) {
        if (key in parsed.edited) parsed.edited[key] = { from: ERASED_MARK, to: ERASED_MARK };
      }
      text = JSON.stringify(parsed);
    }
  } catch {
    // not JSON: scrubbed as text below
  }
  return scrubText(text, values);
}

export const auditHolder: PersonalDataHolder<'audit_log'> = {
  table: 'audit_log',
  async find(db, search) {
    const rows = await auditDetails(db, search.recordIds, search.hint);
    return rows
      .filter((r) => search.recordIds.includes(r.target_id) || holdsValues(r.details, search.values))
      .map((r) => ({
        table: 'audit_log',
        id: String(r.id),
        label: 'Entrada del registro de auditoría',
        fields: labelledFields(auditRoles, r, ['action', 'target_id', 'created_at']),
      }));
  },
  async erase(trx, target) {
    const ids = target.records.map((r) => r.id);
    const touched: TouchedRow[] = [];
    for (const row of await auditDetails(trx.db, ids, target.everywhere?.hint ?? null)) {
      const own = ids.includes(row.target_id);
      const values = valuesFor(target, own);
      if (row.details === null || values === null) continue;
      const next = own ? scrubDetails(row.details, values, target.scope) : scrubText(row.details, values);
      if (next === row.details) continue;
      await setAuditDetails(trx.db, row.id, next);
      if (!own) touched.push({ table: 'audit_log', id: String(row.id) });
    }
    return touched;
  },
  clear: (db, id) => setAuditDetails(db, Number(id), null),
  retention: { kind: 'none', why: "What the team did: its details are scrubbed with the records' data." },
};

export const reportsHolder: PersonalDataHolder<'reports'> = {
  table: 'reports',
  async find(db, search) {
    const rows = await reportNotes(db, search.recordIds, search.hint);
    return rows
      .filter((r) => search.recordIds.includes(r.help_id) || holdsValues(r.note, search.values))
      .map((r) => ({
        table: 'reports',
        id: r.id,
        label: 'Reporte del público sobre un registro',
        fields: labelledFields(reportRoles, r, ['help_id', 'reason', 'created_at']),
      }));
  },
  async erase(trx, target) {
    const ids = target.records.map((r) => r.id);
    const touched: TouchedRow[] = [];
    for (const row of await reportNotes(trx.db, ids, target.everywhere?.hint ?? null)) {
      const own = ids.includes(row.help_id);
      // A report about a record whose data goes says nothing useful once the record is gone: its note goes whole.
      const next = own && target.scope === 'all' ? '' : scrubbed(row.note, valuesFor(target, own));
      if (next === undefined || next === row.note) continue;
      await setReportNote(trx.db, row.id, next);
      if (!own) touched.push({ table: 'reports', id: row.id });
    }
    return touched;
  },
  clear: (db, id) => setReportNote(db, id, ''),
  retention: {
    kind: 'clear',
    rule: 'report_note',
    due: async (db, cut) => (await dueReportNotes(db, cut.afterClose)).map((r) => r.id),
    clear: (db, id) => setReportNote(db, id, ''),
  },
};

export const routesHolder: PersonalDataHolder<'logistics_operations'> = {
  table: 'logistics_operations',
  async find(db, search) {
    const rows = await routeTexts(db, search.recordIds, search.hint);
    return rows
      .filter(
        (r) =>
          holdsValues(r.volunteer_contact, search.values) ||
          holdsValues(r.pickup_address, search.values) ||
          search.recordIds.includes(r.destination_help_id) ||
          (r.pickup_help_id !== null && search.recordIds.includes(r.pickup_help_id)),
      )
      .map((r) => ({
        table: 'logistics_operations',
        id: r.id,
        label: 'Ruta logística',
        fields: labelledFields(routeRoles, r, ['title']),
      }));
  },
  async erase(trx, target) {
    if (target.scope === 'identity') return [];
    const ids = target.records.map((r) => r.id);
    const touched: TouchedRow[] = [];
    for (const row of await routeTexts(trx.db, ids, target.everywhere?.hint ?? null)) {
      const own =
        ids.includes(row.destination_help_id) || (row.pickup_help_id !== null && ids.includes(row.pickup_help_id));
      const values = valuesFor(target, own);
      if (values === null) continue;
      const pickup = scrubText(row.pickup_address, values);
      // The contact is one person's (a name and a number): when it holds their number, all of it is theirs.
      const contact = holdsValues(row.volunteer_contact, values) ? null : row.volunteer_contact;
      // A point copied from the offer whose data goes keeps only its public cell (about 300 m).
      const fromOffer = row.pickup_help_id !== null && ids.includes(row.pickup_help_id);
      const point = fromOffer
        ? { pickup_latitude: snapToGrid(row.pickup_latitude), pickup_longitude: snapToGrid(row.pickup_longitude) }
        : {};
      if (pickup === row.pickup_address && contact === row.volunteer_contact && !fromOffer) continue;
      await setRouteTexts(trx.db, row.id, { pickup_address: pickup, volunteer_contact: contact, ...point });
      touch(trx, row.destination_help_id);
      if (!own) touched.push({ table: 'logistics_operations', id: row.id });
    }
    return touched;
  },
  // Without the values, the volunteer's contact goes (a pickup address is a centre's, not a person's).
  clear: (db, id) => clearVolunteerContact(db, id),
  retention: {
    kind: 'clear',
    rule: 'volunteer_contact',
    due: async (db, cut) => (await dueVolunteerContacts(db, cut.afterClose, cut.afterClose)).map((r) => r.id),
    clear: (db, id) => clearVolunteerContact(db, id),
  },
};

export const emergencyContactsHolder: PersonalDataHolder<'emergencies'> = {
  table: 'emergencies',
  async find(db, search) {
    const rows = await emergencyContactsLike(db, search.hint);
    return rows
      .filter((r) => holdsValues(r.public_contact, search.values))
      .map((r) => ({
        table: 'emergencies',
        id: r.id,
        label: 'Contacto público de una emergencia',
        fields: labelledFields(emergencyRoles, r, ['name']),
      }));
  },
  async erase(trx, target) {
    if (!target.everywhere) return [];
    const touched: TouchedRow[] = [];
    for (const row of await emergencyContactsLike(trx.db, target.everywhere.hint)) {
      const next = scrubbed(row.public_contact, target.everywhere.values);
      if (next === undefined) continue;
      await setEmergencyPublicContact(trx.db, row.id, next);
      touched.push({ table: 'emergencies', id: row.id });
    }
    return touched;
  },
  clear: (db, id) => setEmergencyPublicContact(db, id, null),
  retention: { kind: 'none', why: "The team's own public contact, kept while the team publishes it." },
};

export const idempotentAnswersHolder: PersonalDataHolder<'idempotency_keys'> = {
  table: 'idempotency_keys',
  // A stored answer holds a record's id, receipt code and editToken (kept 24 hours so a lost 202 can be replayed);
  // the record's own rows list what it holds.
  find: async () => [],
  async erase(trx, target) {
    if (target.scope === 'identity') return [];
    await deleteAnswersNaming(
      trx.db,
      target.records.map((r) => r.id),
    );
    return [];
  },
  // Replayed for a day, so a lost 202 can be fetched again.
  retention: {
    kind: 'delete',
    rule: 'idempotency_keys',
    purge: (db, cut) => purgeIdempotencyKeys(db, cut.answersBefore),
  },
};
