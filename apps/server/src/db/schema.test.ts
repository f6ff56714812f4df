import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, createDb } from './create-db';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

/**
 * Drift guard: the schema that the migrations build must match the committed snapshot. If this fails
 * after a schema change, the change needs a new migration in src/db/migrations (and the Database
 * interface in src/db/schema.ts updated); then regenerate the snapshot with
 *   UPDATE_SCHEMA_SNAPSHOT=1 npx vitest run --project unit apps/server/src/db/schema.test.ts
 * and commit it with the migration.
 */
const SNAPSHOT = new URL('./schema.snapshot.json', import.meta.url);

let db: Db;
beforeAll(() => {
  db = createDb({ dialect: 'sqlite', file: ':memory:' });
});
afterAll(async () => {
  await db.kysely.destroy();
});

/** Columns as Kysely sees them, plus every CREATE statement (constraints, foreign keys, indexes). */
async function describeSchema(db: Db) {
  const tables = await db.kysely.introspection.getTables();
  const definitions = await sql<{ sql: string }>`
    select sql from sqlite_master
    where sql is not null and name not like 'kysely_%'
    order by tbl_name, type desc, name`.execute(db.kysely);
  return {
    tables: Object.fromEntries(
      tables
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((table) => [
          table.name,
          Object.fromEntries(
            table.columns.map((c) => [
              c.name,
              `${c.dataType}${c.isNullable ? '' : ' not null'}${c.hasDefaultValue ? ' default' : ''}${c.isAutoIncrementing ? ' autoincrement' : ''}`,
            ]),
          ),
        ]),
    ),
    definitions: definitions.rows.map((row) => row.sql.replace(/\s+/g, ' ')),
  };
}

/**
 * Every column of the Database interface. The type makes tsc demand an entry for each column the
 * interface gains, and the test below checks the migrated database has exactly these.
 */
const COLUMNS_OF_INTERFACE: { [T in keyof Database]: Record<keyof Database[T], true> } = {
  corporate_clients: {
    id: true, name: true, base_url: true, accent_color: true, logo_dark_key: true, logo_white_key: true,
    background_key: true, copyright: true, tiktok_url: true, instagram_url: true, twitter_url: true,
    youtube_url: true, faqs_json: true, support_email: true, is_default: true, created_at: true,
    allow_full_resolution: true,
  },
  corporate_client_hosts: { id: true, corporate_client_id: true, host: true, created_at: true },
  slider_images: { id: true, kind: true, title: true, photo_key: true, link_url: true, position: true, created_at: true, corporate_client_id: true },
  background_images: {
    id: true, corporate_client_id: true, name: true, image_key: true, thumbnail_key: true, width: true, height: true, status: true,
    created_at: true,
  },
  users: {
    id: true, email: true, first_name: true, last_name: true, password_hash: true, activated: true,
    contact_number: true, image_key: true, google_sub: true, role: true, corporate_client_id: true, created_at: true, updated_at: true,
    invitation_owed_at: true,
  },
  auth_sessions: { id: true, user_id: true, created_at: true, expires_at: true },
  user_keys: { id: true, user_id: true, purpose: true, key_hash: true, expires_at: true, used_at: true, created_at: true },
  notification_settings: { user_id: true, is_email: true, is_sms: true, updated_at: true },
  photo_sessions: {
    id: true, user_id: true, name: true, session_date: true, code: true, created_at: true,
    live_count: true, skipped_count: true, retouched_count: true, favourite_count: true, revision: true,
    expires_at: true, archived_at: true, expiry_reminder_sent_at: true,
  },
  photos: {
    id: true, session_id: true, user_id: true, name: true, content_hash: true, width: true, height: true,
    media_key: true, original_ext: true, retouched_media_key: true, retouched_ext: true, media_crc32: true, retouched_crc32: true, is_retouched: true,
    edited_media_key: true, edited_ext: true, edited_crc32: true, edited_from: true, edit_recipe: true, edited_at: true,
    is_favourite: true, is_skipped: true, shared_at: true, downloaded_at: true, deleted_at: true, position: true, created_at: true,
  },
  service_providers: {
    id: true, name: true, email: true, is_default: true, touch_up_price_cents: true, background_price_cents: true,
    turnaround_hours: true, created_at: true,
  },
  tax_details: { id: true, tax_basis_points: true, updated_at: true },
  coupons: {
    id: true, code: true, discount_hundredths: true, is_active: true, expires_at: true, max_uses: true, used_count: true, reserved_count: true,
    created_at: true,
  },
  coupon_reservations: { payment_id: true, coupon_id: true, created_at: true },
  payments: {
    id: true, user_id: true, provider: true, provider_payment_id: true, client_secret: true, amount_cents: true, currency: true,
    status: true, cart_json: true, coupon_id: true, coupon_code: true, item_price_cents: true, tax_cents: true,
    discount_hundredths: true, discount_cents: true, card_brand: true, receipt_url: true, failure_message: true,
    cart_key: true, expires_at: true, created_at: true, updated_at: true,
  },
  transactions: {
    id: true, user_id: true, payment_id: true, payment_type: true, reference_id: true, card_brand: true, receipt_url: true,
    gross_total_cents: true, total_cents: true, created_at: true,
  },
  special_requests: {
    id: true, user_id: true, payment_id: true, transaction_id: true, service_provider_id: true, status: true,
    item_price_cents: true, tax_cents: true, discount_hundredths: true, discount_cents: true, total_cents: true,
    coupon_code: true, due_at: true, delivered_at: true, created_at: true,
  },
  special_request_items: {
    id: true, special_request_id: true, photo_id: true, session_id: true, service_type: true, name: true,
    price_cents: true, tax_cents: true, delivered_at: true,
  },
  calendars: { id: true, name: true, location: true, time_zone: true, active: true, created_at: true },
  appointment_types: {
    id: true, name: true, duration_minutes: true, buffer_before_minutes: true, buffer_after_minutes: true, capacity: true,
    minimum_notice_hours: true, booking_window_days: true, change_cutoff_hours: true, price_cents: true, active: true, created_at: true,
  },
  calendar_hours: { id: true, calendar_id: true, weekday: true, start_minute: true, end_minute: true },
  calendar_exceptions: { id: true, calendar_id: true, date: true, kind: true, start_minute: true, end_minute: true },
  appointment_invites: { id: true, user_id: true, appointment_type_id: true, calendar_ids: true, expires_at: true, cancelled_at: true, created_at: true },
  appointments: {
    id: true, invite_id: true, user_id: true, calendar_id: true, appointment_type_id: true, starts_at: true, ends_at: true, status: true,
    first_name: true, last_name: true, phone: true, notes: true, manage_token_hash: true, sequence: true, price_cents: true,
    reminder_claimed_at: true, reminder_sent_at: true, created_at: true, updated_at: true,
  },
  appointment_slot_counts: { calendar_id: true, starts_at: true, capacity: true, booked: true },
  surveys: { id: true, form_key: true, title: true, active: true, created_at: true },
  survey_questions: { id: true, survey_id: true, position: true, kind: true, label: true, required: true, options_json: true },
  survey_responses: { id: true, survey_id: true, email: true, coupon_code: true, answers_json: true, created_at: true },
  staff_activity: { id: true, actor_user_id: true, action: true, subject: true, details_json: true, created_at: true },
  jobs: {
    id: true, name: true, payload_json: true, state: true, singleton_key: true, attempts: true, attempt_limit: true, run_at: true,
    locked_by: true, started_at: true, expires_at: true, finished_at: true, last_error: true, created_at: true,
  },
  shoot_uploads: {
    id: true, customer_email: true, first_name: true, last_name: true, session_name: true, session_date: true, invite: true, status: true,
    total_files: true, processed: true, imported: true, duplicates: true, retouches_attached: true, unreadable: true, failed_files: true,
    error: true, session_id: true, customer_user_id: true, created_by: true, created_at: true, updated_at: true, finished_at: true,
  },
  shoot_upload_files: {
    id: true, shoot_upload_id: true, upload_id: true, file_name: true, kind: true, size: true, outcome: true, reason: true, created_at: true,
    storage_key: true,
  },
  shoot_upload_reservations: { upload_id: true, shoot_upload_id: true, size: true, created_at: true },
  customer_events: { id: true, user_id: true, session_id: true, photo_id: true, kind: true, details_json: true, created_at: true },
  bulk_invites: {
    id: true, corporate_client_id: true, kind: true, options_json: true, total: true, sent: true, failed: true, status: true, error: true,
    created_by: true, created_at: true, finished_at: true,
  },
  bulk_invite_recipients: { id: true, bulk_invite_id: true, user_id: true, status: true, error: true, invite_id: true, updated_at: true },
  rate_budgets: { key: true, spent: true, resets_at: true },
  mail_outbox: {
    id: true, kind: true, recipient: true, subject: true, text_body: true, html_body: true, attachments_json: true, links_json: true,
    dedupe_key: true, status: true, attempts: true, last_error: true, next_attempt_at: true, claimed_until: true, sent_at: true, created_at: true,
  },
};

describe('database schema', () => {
  it('matches the committed snapshot', async () => {
    await migrateToLatest(db);
    const actual = await describeSchema(db);
    if (process.env.UPDATE_SCHEMA_SNAPSHOT === '1') {
      fs.writeFileSync(SNAPSHOT, `${JSON.stringify(actual, null, 2)}\n`);
    }
    const expected: unknown = JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8'));
    expect(actual, 'schema changed: add a migration, then regenerate the snapshot (see the comment at the top)').toEqual(expected);
  });

  it('has exactly the tables and columns the Database interface declares', async () => {
    await migrateToLatest(db);
    const tables = await db.kysely.introspection.getTables();
    const actual = Object.fromEntries(
      tables.filter((t) => !t.name.startsWith('sqlite_')).map((t) => [t.name, t.columns.map((c) => c.name).sort()]),
    );
    const declared = Object.fromEntries(
      Object.entries(COLUMNS_OF_INTERFACE).map(([table, columns]) => [table, Object.keys(columns).sort()]),
    );
    expect(actual).toEqual(declared);
  });

  it('migrating again changes nothing', async () => {
    expect(await migrateToLatest(db)).toEqual([]);
  });
});
