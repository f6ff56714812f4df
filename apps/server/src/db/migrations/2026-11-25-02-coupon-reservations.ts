import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * Coupon uses held from checkout, and one open payment per priced cart (docs/security.md "Coupons and
 * payments under races"). Frozen: never edit once shipped; add a new migration.
 *
 * - `coupon_reservations`: one row per open payment that holds one use of its coupon. The database
 *   keeps `coupons.reserved_count` equal to the number of rows (triggers on insert and delete, so a
 *   cascade cannot leave it behind), and the CHECK `coupons_uses_within_limit` refuses any statement
 *   that would make spent + held uses exceed `max_uses`: of concurrent checkouts only as many as there
 *   are uses left can insert their row; the others' statements fail.
 * - `payments.cart_key`: the SHA-256 of the priced cart (user, items, coupon, amount) while the payment
 *   is open, null once it is paid or ended; unique, so concurrent checkouts of one cart insert one
 *   payment and the others read it. `payments.expires_at`: when an unpaid payment is ended and its use
 *   released (checkout.service.ts PAYMENT_HOLD_MINUTES).
 *
 * Coupons already overspent by the race this closes get their limit raised to what was spent (they stay
 * used up), so the constraint holds for existing rows.
 */
export function couponReservations(dialect: Dialect): Migration {
  const withinLimit = sql`check (reserved_count >= 0 and (max_uses is null or used_count + reserved_count <= max_uses))`;
  return {
    async up(db: Kysely<unknown>) {
      await sql`update coupons set max_uses = used_count where max_uses is not null and used_count > max_uses`.execute(db);
      if (dialect === 'sqlite') {
        // SQLite adds a CHECK only with the column (and checks the existing rows).
        await sql`alter table coupons add column reserved_count integer not null default 0 constraint coupons_uses_within_limit ${withinLimit}`.execute(db);
      } else {
        await sql`alter table coupons add column reserved_count integer not null default 0`.execute(db);
        await sql`alter table coupons add constraint coupons_uses_within_limit ${withinLimit}`.execute(db);
      }

      await db.schema.alterTable('payments').addColumn('cart_key', 'text').execute();
      await db.schema.alterTable('payments').addColumn('expires_at', 'text').execute();
      await db.schema.createIndex('payments_cart_key').on('payments').column('cart_key').unique().execute();

      await db.schema
        .createTable('coupon_reservations')
        .addColumn('payment_id', 'integer', (c) => c.primaryKey().references('payments.id').onDelete('cascade'))
        .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('coupon_reservations_coupon_id').on('coupon_reservations').column('coupon_id').execute();

      if (dialect === 'sqlite') {
        await sql`
          create trigger coupon_reservations_hold after insert on coupon_reservations begin
            update coupons set reserved_count = reserved_count + 1 where id = new.coupon_id;
          end`.execute(db);
        await sql`
          create trigger coupon_reservations_release after delete on coupon_reservations begin
            update coupons set reserved_count = reserved_count - 1 where id = old.coupon_id;
          end`.execute(db);
        return;
      }
      await sql`
        create function coupon_reservations_count() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            update coupons set reserved_count = reserved_count + 1 where id = new.coupon_id;
          else
            update coupons set reserved_count = reserved_count - 1 where id = old.coupon_id;
          end if;
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger coupon_reservations_count after insert or delete on coupon_reservations
        for each row execute function coupon_reservations_count()`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`drop trigger coupon_reservations_release`.execute(db);
        await sql`drop trigger coupon_reservations_hold`.execute(db);
      } else {
        await sql`drop trigger coupon_reservations_count on coupon_reservations`.execute(db);
        await sql`drop function coupon_reservations_count()`.execute(db);
      }
      await db.schema.dropTable('coupon_reservations').execute();
      await db.schema.dropIndex('payments_cart_key').execute();
      await db.schema.alterTable('payments').dropColumn('expires_at').execute();
      await db.schema.alterTable('payments').dropColumn('cart_key').execute();
      if (dialect === 'postgres') await sql`alter table coupons drop constraint coupons_uses_within_limit`.execute(db);
      await db.schema.alterTable('coupons').dropColumn('reserved_count').execute();
    },
  };
}
