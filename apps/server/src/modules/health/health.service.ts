import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { ServiceUnavailableError } from '../../errors';

export const DATABASE_UNREACHABLE = 'The database cannot be reached.';

/**
 * Readiness (GET /api/health/ready): whether this instance can serve requests now, which is whether
 * its database answers. A load balancer with active checks takes an instance out while it does not.
 */
export class HealthService {
  constructor(private readonly db: Kysely<Database>) {}

  async ready(): Promise<void> {
    try {
      await sql`select 1`.execute(this.db);
    } catch (error) {
      throw new ServiceUnavailableError(DATABASE_UNREACHABLE, { cause: error });
    }
  }
}
