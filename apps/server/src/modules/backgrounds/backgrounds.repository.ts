import type { Kysely } from 'kysely';
import type { BackgroundImageRow, Database, NewBackgroundImageRow } from '../../db/schema';

export class BackgroundsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A client's backdrops, oldest first; only the listed ones (status 1) unless `all`. */
  listForClient(clientId: number, { all = false }: { all?: boolean } = {}): Promise<BackgroundImageRow[]> {
    let query = this.db.selectFrom('background_images').selectAll().where('corporate_client_id', '=', clientId);
    if (!all) query = query.where('status', '=', 1);
    return query.orderBy('id').execute();
  }

  listAll(): Promise<BackgroundImageRow[]> {
    return this.db.selectFrom('background_images').selectAll().orderBy('corporate_client_id').orderBy('id').execute();
  }

  find(id: number): Promise<BackgroundImageRow | undefined> {
    return this.db.selectFrom('background_images').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insert(row: NewBackgroundImageRow): Promise<BackgroundImageRow> {
    return this.db.insertInto('background_images').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** The row as it is now; undefined when there is none. */
  setStatus(id: number, status: 0 | 1): Promise<BackgroundImageRow | undefined> {
    return this.db.updateTable('background_images').set({ status }).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** The deleted row; undefined when there was none. */
  delete(id: number): Promise<BackgroundImageRow | undefined> {
    return this.db.deleteFrom('background_images').where('id', '=', id).returningAll().executeTakeFirst();
  }

  clientExists(id: number): Promise<boolean> {
    return this.db
      .selectFrom('corporate_clients')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => row !== undefined);
  }

  defaultClientId(): Promise<number | undefined> {
    return this.db
      .selectFrom('corporate_clients')
      .select('id')
      .where('is_default', '=', 1)
      .executeTakeFirst()
      .then((row) => row?.id);
  }
}
