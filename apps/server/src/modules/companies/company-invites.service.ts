import type { BulkInvite, CreateBulkInviteRequest } from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { Executor } from '../../db/transaction';
import { NotFoundError, ValidationError } from '../../errors';
import type { JobQueue } from '../../jobs';
import type { AppointmentsStudio } from '../appointments/appointments-studio';
import type { ActivityActor } from '../studio/activity.repository';
import type { CompaniesService } from './companies.service';
import type { CompanyInvitesRepository } from './company-invites.repository';

/** What a booking bulk invite is for (bulk_invites.options_json). */
interface BookingOptions {
  appointmentTypeId: number;
  calendarIds: number[];
  /** null: the links never expire. */
  expiresInDays: number | null;
}

/** The gallery invitation of an account never activated (CustomerInvitations.invite), in `executor`'s transaction. */
export interface GalleryInviter {
  invite(user: UserRow, sessionName: string, executor?: Executor): Promise<void>;
}

/** The "your photos are ready" mail of an activated account (PhotosReadyMails), queued with `executor`. */
export interface PhotosReadyMailer {
  send(user: { email: string; first_name: string }, sessionName: string, executor?: Executor): Promise<void>;
}

/** This run found the recipient settled already (by another run): what it did is rolled back. */
class AlreadySettled extends Error {}

/** What a gallery invite says when an employee has no photos yet (their row fails with it). */
export const NO_PHOTOS_YET = 'No photos yet';

/**
 * Bulk invites of a company's employees (issue 15 §2): a record with one pending row per employee,
 * then ONE 'company-invites' job that invites each pending employee in turn and settles their row
 * (sent or failed, with the reason), recounting as it goes so the page can show progress.
 *
 * - booking: an appointment invite each, created and mailed as `npm run studio -- invite` does
 *   (AppointmentsStudio.invite).
 * - gallery: the invitation to the employee's gallery, naming their latest session. An account never
 *   activated gets the activation invitation (CustomerInvitations.invite: a fresh activation link); an
 *   active account a "your photos are ready" mail with the link to the gallery. An employee without a
 *   session fails with "No photos yet": there is nothing to open, and inviting to an empty gallery
 *   would be a wasted mail (a booking invite is the one to send them).
 *
 * Once per employee: each one's invite, its mail (queued in the mail outbox) and their row settled
 * `sent` are one transaction, and a row is settled only while it is still pending, so a retry, a
 * second run or a crash never mails an employee twice nor skips one.
 */
export class CompanyInvitesService {
  constructor(
    private readonly repository: CompanyInvitesRepository,
    private readonly companies: Pick<CompaniesService, 'get' | 'employees'>,
    private readonly appointments: Pick<AppointmentsStudio, 'invite' | 'type' | 'calendar' | 'listTypes' | 'listCalendars'>,
    private readonly gallery: GalleryInviter,
    private readonly photosReady: PhotosReadyMailer,
    private readonly jobs: Pick<JobQueue, 'send'>,
    private readonly clock: Clock,
  ) {}

  /** Records a bulk invite of the company's employees (all, or those named) and queues its job. */
  async create(actor: ActivityActor, companyId: number, request: CreateBulkInviteRequest): Promise<BulkInvite> {
    const company = await this.companies.get(companyId);
    const employees = await this.companies.employees(companyId);
    let userIds = employees.map((e) => e.id);
    if (request.employeeIds) {
      const wanted = new Set(request.employeeIds);
      userIds = userIds.filter((id) => wanted.has(id));
      const missing = wanted.size - userIds.length;
      if (missing > 0) throw new ValidationError(`${missing === 1 ? 'One of these people is' : `${missing} of these people are`} not an employee of ${company.name}.`);
    }
    if (userIds.length === 0) throw new ValidationError(`${company.name} has no employees to invite yet: add or import them first.`);

    let options: Record<string, unknown> = {};
    let details: Record<string, unknown> = {};
    if (request.kind === 'booking') {
      if (request.appointmentTypeId === undefined) throw new ValidationError('Please choose the appointment type to invite to.');
      const type = await this.referenced(() => this.appointments.type(String(request.appointmentTypeId)));
      const calendars = await Promise.all([...new Set(request.calendarIds ?? [])].map((id) => this.referenced(() => this.appointments.calendar(String(id)))));
      const days = request.expiresInDays ?? 30;
      const booking: BookingOptions = { appointmentTypeId: Number(type.id), calendarIds: calendars.map((c) => Number(c.id)), expiresInDays: days === 0 ? null : days };
      options = { ...booking };
      details = { appointmentType: type.name, calendars: calendars.map((c) => c.name) };
    }
    const now = this.clock();
    const id = await this.repository.insert(
      { companyId, kind: request.kind, options, userIds, createdBy: actor?.id ?? null, at: now },
      (bulkInviteId) => ({
        actor,
        action: 'company.invite',
        subject: `company:${companyId}`,
        details: { company: company.name, kind: request.kind, employees: userIds.length, bulkInviteId, ...details },
        at: now,
      }),
      // Its job in the same transaction: a crash or a failed job write leaves no bulk invite pending for ever.
      (bulkInviteId, trx) => this.jobs.send('company-invites', { bulkInviteId }, { within: trx }),
    );
    return this.progress(companyId, id);
  }

  /** A bulk invite of this company with its counts and failures; 404 for another company's. */
  async progress(companyId: number, bulkId: number): Promise<BulkInvite> {
    const row = await this.repository.find(bulkId);
    if (!row || row.corporate_client_id !== companyId) throw new NotFoundError('No such bulk invite of this company');
    return {
      id: row.id,
      companyId: row.corporate_client_id,
      kind: row.kind,
      status: row.status,
      total: row.total,
      sent: row.sent,
      failed: row.failed,
      error: row.error,
      failures: row.failed > 0 ? await this.repository.failures(bulkId) : [],
      createdAt: String(row.created_at),
      finishedAt: row.finished_at === null ? null : String(row.finished_at),
    };
  }

  /** The 'company-invites' job: invites every pending employee of the bulk invite, one by one. */
  async run(bulkId: number): Promise<void> {
    const bulk = await this.repository.find(bulkId);
    if (!bulk) return; // its company was deleted meanwhile
    const pending = await this.repository.pending(bulkId);
    if (pending.length === 0 && bulk.status === 'done') return; // run again: nothing left to send
    await this.repository.setStatus(bulkId, 'running', this.clock());
    try {
      const options = JSON.parse(bulk.options_json) as Partial<BookingOptions>;
      for (const user of pending) {
        try {
          await this.repository.transaction(async (repository, trx) => {
            const outcome = bulk.kind === 'booking' ? await this.sendBooking(user, options, trx) : await this.sendGallery(user, repository, trx);
            if (!(await repository.settle(bulkId, user.id, outcome, this.clock()))) throw new AlreadySettled();
          });
        } catch (error) {
          if (error instanceof AlreadySettled) continue;
          await this.repository.settle(bulkId, user.id, { status: 'failed', error: error instanceof Error ? error.message : String(error) }, this.clock());
        }
      }
      await this.repository.setStatus(bulkId, 'done', this.clock());
    } catch (error) {
      // A retry of the job takes up the rows still pending.
      await this.repository.setStatus(bulkId, 'failed', this.clock(), error instanceof Error ? error.message : String(error)).catch(() => undefined);
      throw error;
    }
  }

  private async sendBooking(user: UserRow, options: Partial<BookingOptions>, trx: Executor): Promise<{ status: 'sent'; inviteId: string }> {
    if (options.appointmentTypeId === undefined) throw new Error('The bulk invite names no appointment type');
    const created = await this.appointments.invite(
      {
        email: user.email,
        type: String(options.appointmentTypeId),
        calendars: (options.calendarIds ?? []).map(String),
        expiresDays: options.expiresInDays ?? null,
      },
      trx,
    );
    return { status: 'sent', inviteId: created.invite.id };
  }

  private async sendGallery(user: UserRow, repository: CompanyInvitesRepository, trx: Executor): Promise<{ status: 'sent'; inviteId: null } | { status: 'failed'; error: string }> {
    const session = await repository.latestSession(user.id);
    if (!session) return { status: 'failed', error: NO_PHOTOS_YET };
    if (Number(user.activated) !== 1) {
      await this.gallery.invite(user, session.name, trx);
    } else {
      await this.photosReady.send(user, session.name, trx);
    }
    return { status: 'sent', inviteId: null };
  }

  /** A type or calendar the request names: 400 (not 404) when there is none. */
  private async referenced<T>(find: () => Promise<T>): Promise<T> {
    try {
      return await find();
    } catch (error) {
      if (error instanceof NotFoundError) throw new ValidationError(`There is ${error.message.replace(/^no /, 'no ')}.`);
      throw error;
    }
  }
}
