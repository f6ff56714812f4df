import type { Kysely } from 'kysely';
import type {
  CorporateClientRow,
  Database,
  NewCorporateClientRow,
  NewSliderImageRow,
  SliderImageRow,
  SliderKind,
} from '../../db/schema';

export class BrandingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** `baseUrl` must be normalised (see normalizeHost). */
  findByBaseUrl(baseUrl: string): Promise<CorporateClientRow | undefined> {
    return this.db.selectFrom('corporate_clients').selectAll().where('base_url', '=', baseUrl).executeTakeFirst();
  }

  findDefault(): Promise<CorporateClientRow | undefined> {
    return this.db.selectFrom('corporate_clients').selectAll().where('is_default', '=', 1).executeTakeFirst();
  }

  insertCorporateClient(client: NewCorporateClientRow): Promise<CorporateClientRow> {
    return this.db.insertInto('corporate_clients').values(client).returningAll().executeTakeFirstOrThrow();
  }

  listSliderImages(kind: SliderKind): Promise<SliderImageRow[]> {
    return this.db
      .selectFrom('slider_images')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async insertSliderImages(images: NewSliderImageRow[]): Promise<void> {
    if (images.length > 0) await this.db.insertInto('slider_images').values(images).execute();
  }
}
