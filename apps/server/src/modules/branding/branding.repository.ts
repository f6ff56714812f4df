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

  /**
   * The company of a host: by its host names (`hostName`: lower case, no port; see
   * normalizeCompanyHost), else by its base URL (`baseUrl`: normalised with its port, see normalizeHost).
   */
  async findByHost(baseUrl: string, hostName: string | null): Promise<CorporateClientRow | undefined> {
    if (hostName !== null) {
      const byHost = await this.db
        .selectFrom('corporate_client_hosts')
        .innerJoin('corporate_clients', 'corporate_clients.id', 'corporate_client_hosts.corporate_client_id')
        .selectAll('corporate_clients')
        .where('corporate_client_hosts.host', '=', hostName)
        .executeTakeFirst();
      if (byHost) return byHost;
    }
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
