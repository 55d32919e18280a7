// The core schema: emergencies, aid records and their timeline, idempotency, audit, logistics routes.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types.ts';

export function initial(dialect: Dialect) {
  const number = 'double precision';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('emergencies')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('latitude', number)
        .addColumn('longitude', number)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .execute();

      let records = db.schema
        .createTable('help_records')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('emergency_id', 'text', (c) => c.notNull().references('emergencies.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('external_id', 'text', (c) => c.notNull())
        .addColumn('review_status', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('urgency', 'text', (c) => c.notNull())
        .addColumn('contact_name', 'text', (c) => c.notNull())
        .addColumn('contact_whatsapp', 'text', (c) => c.notNull());
      for (const name of ['address', 'neighborhood', 'resource_label', 'unit', 'collection_center_status', 'vehicle']) {
        records = records.addColumn(name, 'text');
      }
      for (const name of ['latitude', 'longitude', 'quantity_required', 'quantity_pending', 'capacity_kg']) {
        records = records.addColumn(name, number);
      }
      for (const name of ['people', 'capacity_boxes', 'passenger_capacity', 'needs_transport']) {
        records = records.addColumn(name, 'integer');
      }
      await records
        .addColumn('quantity_covered', number, (c) => c.notNull().defaultTo(0))
        .addColumn('zones', 'text')
        .addColumn('available_until', 'text')
        .addColumn('identity_document', 'text')
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('pending_revision', 'text')
        .addColumn('revision_hash', 'text')
        .addColumn('revision_submitted_at', 'text')
        .addColumn('priority_score', number, (c) => c.notNull().defaultTo(0))
        .addColumn('status_note', 'text')
        .addColumn('review_note', 'text')
        .addColumn('reject_reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('submitted_at', 'text', (c) => c.notNull())
        .addColumn('reviewed_at', 'text')
        .addColumn('published_at', 'text')
        .addUniqueConstraint('help_records_source_external_id', ['source', 'external_id'])
        .execute();
      // Public lists: approved records of one emergency by status, best priority first, newest next.
      await db.schema
        .createIndex('help_records_public')
        .on('help_records')
        .columns(['emergency_id', 'review_status', 'status', 'priority_score desc', 'created_at desc'])
        .execute();
      await db.schema
        .createIndex('help_records_public_all')
        .on('help_records')
        .columns(['review_status', 'status', 'priority_score desc', 'created_at desc'])
        .execute();
      // Review inbox: pending submissions and pending revisions, oldest first.
      await db.schema
        .createIndex('help_records_inbox')
        .on('help_records')
        .columns(['emergency_id', 'review_status', 'submitted_at'])
        .execute();
      await db.schema
        .createIndex('help_records_revisions')
        .on('help_records')
        .columns(['revision_submitted_at'])
        .where(sql.ref('revision_submitted_at'), 'is not', null)
        .execute();

      await db.schema
        .createTable('timeline_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('help_id', 'text', (c) => c.notNull().references('help_records.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('is_public', 'integer', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('status', 'text')
        .addColumn('actor', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('timeline_events_help')
        .on('timeline_events')
        .columns(['help_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('details', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_id', 'created_at']).execute();

      await db.schema
        .createTable('logistics_operations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('emergency_id', 'text', (c) => c.notNull().references('emergencies.id'))
        .addColumn('destination_help_id', 'text', (c) => c.notNull().references('help_records.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('supply_description', 'text', (c) => c.notNull())
        .addColumn('quantity_label', 'text')
        .addColumn('pickup_address', 'text', (c) => c.notNull())
        .addColumn('pickup_latitude', number, (c) => c.notNull())
        .addColumn('pickup_longitude', number, (c) => c.notNull())
        .addColumn('pickup_help_id', 'text', (c) => c.references('help_records.id'))
        .addColumn('distance_km', number, (c) => c.notNull())
        .addColumn('route_conditions', 'text')
        .addColumn('volunteer_contact', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('logistics_operations_emergency')
        .on('logistics_operations')
        .columns(['emergency_id', 'status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('logistics_operations_destination')
        .on('logistics_operations')
        .columns(['destination_help_id', 'status'])
        .execute();
    },
  };
}
