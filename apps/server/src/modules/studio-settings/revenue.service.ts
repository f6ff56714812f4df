import type { StudioRevenueResponse, StudioRevenueWeek } from '@studio-gallery/contract';
import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';

/** The studio's time zone (StudioService.timeZone: the first active calendar's). */
export interface StudioTimeZone {
  timeZone(): Promise<string>;
}

/** The payments the checkout recorded (transactions: one per paid card payment) in a time range. */
export class RevenueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** created_at and total of every transaction in [from, to). */
  async transactionsBetween(from: Date, to: Date): Promise<{ created_at: string; total_cents: number }[]> {
    const rows = await this.db
      .selectFrom('transactions')
      .select(['created_at', 'total_cents'])
      .where('created_at', '>=', from.toISOString())
      .where('created_at', '<', to.toISOString())
      .execute();
    return rows.map((row) => ({ created_at: new Date(row.created_at).toISOString(), total_cents: Number(row.total_cents) }));
  }
}

/**
 * The home screen's chart (issue 15 §4): paid orders and revenue per ISO week (Monday to Sunday on the
 * studio's wall clock), the current week last, weeks without orders as zero. Free orders (a 100 %
 * coupon) have no payment: they are not counted.
 */
export class RevenueService {
  constructor(
    private readonly repository: RevenueRepository,
    private readonly studio: StudioTimeZone,
    private readonly clock: Clock,
  ) {}

  async weekly(weeks: number): Promise<StudioRevenueResponse> {
    const timeZone = await this.studio.timeZone();
    const current = DateTime.fromJSDate(this.clock(), { zone: timeZone }).startOf('week');
    const first = current.minus({ weeks: weeks - 1 });
    const end = current.plus({ weeks: 1 });
    const result: StudioRevenueWeek[] = Array.from({ length: weeks }, (_, i) => {
      const start = first.plus({ weeks: i });
      return { week: start.toFormat("kkkk-'W'WW"), start: start.toISODate() ?? '', orders: 0, revenueCents: 0 };
    });
    const byWeek = new Map(result.map((week) => [week.week, week]));
    for (const row of await this.repository.transactionsBetween(first.toJSDate(), end.toJSDate())) {
      const week = byWeek.get(DateTime.fromISO(row.created_at, { zone: timeZone }).startOf('week').toFormat("kkkk-'W'WW"));
      if (!week) continue;
      week.orders += 1;
      week.revenueCents += row.total_cents;
    }
    return { timeZone, weeks: result };
  }
}
