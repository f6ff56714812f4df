import type { PhotoSessionRow, UserRow } from '../../db/schema';
import { fromFlag } from '../../db/schema';
import type { CustomerInvitations } from '../accounts/customer-invitations';
import type { ImportOutcome, ImportSource, PhotoImportService } from './photo-import.service';

export interface ShootImport {
  email: string;
  firstName?: string;
  lastName?: string;
  sessionName: string;
  /** YYYY-MM-DD; null: today for a new session, any date when reusing one of the same name. */
  sessionDate: string | null;
  photos: ImportSource[];
  retouched?: ImportSource[];
  /** Mail the invitation to a customer who has not activated their account (default true). */
  invite?: boolean;
  concurrency?: number;
  onProgress?: (done: number, total: number, outcome: ImportOutcome) => void;
}

export interface ShootImportResult {
  customer: UserRow;
  customerCreated: boolean;
  session: PhotoSessionRow;
  sessionCreated: boolean;
  outcomes: ImportOutcome[];
  invited: boolean;
}

/**
 * A studio's shoot, end to end: the customer (created when new), the session (reused when the same
 * name is imported again, so re-running adds nothing twice), the photos, then the invitation mail —
 * sent after the photos are in, to a customer who has not activated their account yet.
 */
export class ShootImportService {
  constructor(
    private readonly invitations: CustomerInvitations,
    private readonly importer: PhotoImportService,
  ) {}

  async importShoot(input: ShootImport): Promise<ShootImportResult> {
    const { user, created } = await this.invitations.findOrCreate(input.email, { firstName: input.firstName, lastName: input.lastName });
    const { session, created: sessionCreated } = await this.importer.openSession(user.id, input.sessionName, input.sessionDate);
    const { outcomes } = await this.importer.importPhotos(session, input.photos, {
      retouched: input.retouched,
      concurrency: input.concurrency,
      onProgress: input.onProgress,
    });
    const addedSomething = outcomes.some((o) => o.status === 'imported' || o.status === 'retouch-attached');
    const invited = (input.invite ?? true) && !fromFlag(user.activated) && addedSomething;
    if (invited) await this.invitations.invite(user, session.name);
    return { customer: user, customerCreated: created, session, sessionCreated, outcomes, invited };
  }
}
