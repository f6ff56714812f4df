import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * Prices, tax, coupons, payments, transactions and orders (special requests). Frozen: never edit once
 * shipped; add a new migration.
 *
 * Money is integer cents; percentages are hundredths of a percent (12.5 % = 1250) and tax rates basis
 * points (8.25 % = 825), so no float is ever stored. A payment row is written at checkout with the
 * cart the server priced; the transaction and the order are unique per payment, which is what makes
 * submitting one payment many times (or concurrently) yield one transaction and one order.
 */
export function commerce(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();

  return {
    async up(db: Kysely<unknown>) {
      // Who retouches (the studio itself by default), with its prices and turnaround.
      await db.schema
        .createTable('service_providers')
        .addColumn('id', 'integer', identity)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('touch_up_price_cents', 'integer')
        .addColumn('background_price_cents', 'integer')
        .addColumn('turnaround_hours', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      // GET /TaxDetail/GetTaxDetail/{id}: id 0 is the studio's sales tax.
      await db.schema
        .createTable('tax_details')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('tax_basis_points', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('coupons')
        .addColumn('id', 'integer', identity)
        // Upper-cased: codes match case-insensitively.
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('discount_hundredths', 'integer', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('expires_at', 'text')
        .addColumn('max_uses', 'integer')
        .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', 'integer', identity)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // 'stripe' | 'test' | 'none' (a zero total)
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_payment_id', 'text', (c) => c.notNull().unique())
        .addColumn('client_secret', 'text')
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        // 'pending' | 'succeeded' | 'failed'
        .addColumn('status', 'text', (c) => c.notNull())
        // The items as the server priced them (JSON): what the order will hold.
        .addColumn('cart_json', 'text', (c) => c.notNull())
        .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id').onDelete('set null'))
        .addColumn('coupon_code', 'text')
        .addColumn('item_price_cents', 'integer', (c) => c.notNull())
        .addColumn('tax_cents', 'integer', (c) => c.notNull())
        .addColumn('discount_hundredths', 'integer', (c) => c.notNull())
        .addColumn('discount_cents', 'integer', (c) => c.notNull())
        .addColumn('card_brand', 'text')
        .addColumn('receipt_url', 'text')
        .addColumn('failure_message', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payments_user_id').on('payments').columns(['user_id', 'id']).execute();

      await db.schema
        .createTable('transactions')
        .addColumn('id', 'integer', identity)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('payments.id').onDelete('cascade'))
        .addColumn('payment_type', 'text', (c) => c.notNull())
        .addColumn('reference_id', 'text', (c) => c.notNull().unique())
        .addColumn('card_brand', 'text')
        .addColumn('receipt_url', 'text')
        .addColumn('gross_total_cents', 'integer', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('special_requests')
        .addColumn('id', 'integer', identity)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('payment_id', 'integer', (c) => c.unique().references('payments.id').onDelete('set null'))
        .addColumn('transaction_id', 'integer', (c) => c.unique().references('transactions.id').onDelete('set null'))
        .addColumn('service_provider_id', 'integer', (c) => c.references('service_providers.id').onDelete('set null'))
        // 'PENDING' | 'DELIVERED'
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('item_price_cents', 'integer', (c) => c.notNull())
        .addColumn('tax_cents', 'integer', (c) => c.notNull())
        .addColumn('discount_hundredths', 'integer', (c) => c.notNull())
        .addColumn('discount_cents', 'integer', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('coupon_code', 'text')
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('special_requests_user_id').on('special_requests').columns(['user_id', 'id']).execute();

      await db.schema
        .createTable('special_request_items')
        .addColumn('id', 'integer', identity)
        .addColumn('special_request_id', 'integer', (c) => c.notNull().references('special_requests.id').onDelete('cascade'))
        .addColumn('photo_id', 'integer', (c) => c.notNull().references('photos.id').onDelete('cascade'))
        .addColumn('session_id', 'integer', (c) => c.notNull())
        .addColumn('service_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('tax_cents', 'integer', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .addUniqueConstraint('special_request_items_photo', ['special_request_id', 'photo_id'])
        .execute();
      await db.schema.createIndex('special_request_items_photo_id').on('special_request_items').column('photo_id').execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of ['special_request_items', 'special_requests', 'transactions', 'payments', 'coupons', 'tax_details', 'service_providers']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
