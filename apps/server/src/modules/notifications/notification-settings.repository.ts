import type { Kysely } from 'kysely';
import { type Database, fromFlag, toFlag } from '../../db/schema';

export interface NotificationPreferences {
  isEmail: boolean;
  isSms: boolean;
}

export class NotificationSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: number): Promise<NotificationPreferences | null> {
    const row = await this.db
      .selectFrom('notification_settings')
      .select(['is_email', 'is_sms'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { isEmail: fromFlag(row.is_email), isSms: fromFlag(row.is_sms) } : null;
  }

  async save(userId: number, preferences: NotificationPreferences, now: Date): Promise<void> {
    const values = {
      is_email: toFlag(preferences.isEmail),
      is_sms: toFlag(preferences.isSms),
      updated_at: now.toISOString(),
    };
    await this.db
      .insertInto('notification_settings')
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
  }
}
