import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  contactNumber: string | null;
  /**
   * A new photo, swapped in only while the stored key is still `expected` (compare-and-set): when
   * another upload got there first, nothing is written and the caller reads again and retries.
   * Absent: the photo is left as it is.
   */
  image?: { key: string; expected: string | null };
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** null when no row matched: no such user, or (with `image`) the stored photo key was no longer `expected`. */
  async updateProfile(id: number, changes: ProfileChanges, now: Date): Promise<UserRow | null> {
    const { image } = changes;
    let query = this.db
      .updateTable('users')
      .set({
        first_name: changes.firstName,
        last_name: changes.lastName,
        contact_number: changes.contactNumber,
        ...(image ? { image_key: image.key } : {}),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id);
    if (image) query = image.expected === null ? query.where('image_key', 'is', null) : query.where('image_key', '=', image.expected);
    const row = await query.returningAll().executeTakeFirst();
    return row ?? null;
  }
}
