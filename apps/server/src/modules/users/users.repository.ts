import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  contactNumber: string | null;
  imageKey: string | null;
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateProfile(id: number, changes: ProfileChanges, now: Date): Promise<UserRow | null> {
    const row = await this.db
      .updateTable('users')
      .set({
        first_name: changes.firstName,
        last_name: changes.lastName,
        contact_number: changes.contactNumber,
        image_key: changes.imageKey,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }
}
