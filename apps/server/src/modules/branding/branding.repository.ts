import type { ExpressionBuilder, Kysely } from 'kysely';
import type {
  CorporateClientRow,
  Database,
  NewCorporateClientRow,
  NewSliderImageRow,
  SliderImageRow,
  SliderKind,
} from '../../db/schema';

/** Whose slider: a company's (by id), or the studio's: the default company's rows and those of no company. */
export type SliderOwner = { clientId: number } | 'studio';

function ownedBy(eb: ExpressionBuilder<Database, 'slider_images'>, owner: SliderOwner) {
  if (owner !== 'studio') return eb('corporate_client_id', '=', owner.clientId);
  const studio = eb.selectFrom('corporate_clients').select('id').where('is_default', '=', 1);
  return eb.or([eb('corporate_client_id', 'is', null), eb('corporate_client_id', 'in', studio)]);
}

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

  /** A slider's pictures in order. */
  listSliderImages(kind: SliderKind, owner: SliderOwner): Promise<SliderImageRow[]> {
    return this.db
      .selectFrom('slider_images')
      .selectAll()
      .where('kind', '=', kind)
      .where((eb) => ownedBy(eb, owner))
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  insertSliderImage(image: NewSliderImageRow): Promise<SliderImageRow> {
    return this.db.insertInto('slider_images').values(image).returningAll().executeTakeFirstOrThrow();
  }

  /** The deleted row; undefined when the owner's slider has no such picture. */
  deleteSliderImage(id: number, kind: SliderKind, owner: SliderOwner): Promise<SliderImageRow | undefined> {
    return this.db
      .deleteFrom('slider_images')
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where((eb) => ownedBy(eb, owner))
      .returningAll()
      .executeTakeFirst();
  }

  /** Positions 0, 1, 2… in the order of `ids` (the caller checked they are the slider's pictures). */
  async setSliderOrder(ids: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [position, id] of ids.entries()) await trx.updateTable('slider_images').set({ position }).where('id', '=', id).execute();
    });
  }

  async insertSliderImages(images: NewSliderImageRow[]): Promise<void> {
    if (images.length > 0) await this.db.insertInto('slider_images').values(images).execute();
  }
}
