import type { CustomerEventKind } from '@studio-gallery/contract';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types for Kysely. On both dialects booleans are stored as integers 0/1 and timestamps as
 * ISO-8601 UTC text (`Date.toISOString()`), so rows read the same on SQLite and PostgreSQL.
 */
export interface Database {
  corporate_clients: CorporateClientsTable;
  corporate_client_hosts: CorporateClientHostsTable;
  slider_images: SliderImagesTable;
  background_images: BackgroundImagesTable;
  users: UsersTable;
  user_keys: UserKeysTable;
  auth_sessions: AuthSessionsTable;
  notification_settings: NotificationSettingsTable;
  photo_sessions: PhotoSessionsTable;
  photos: PhotosTable;
  service_providers: ServiceProvidersTable;
  tax_details: TaxDetailsTable;
  coupons: CouponsTable;
  coupon_reservations: CouponReservationsTable;
  payments: PaymentsTable;
  transactions: TransactionsTable;
  special_requests: SpecialRequestsTable;
  special_request_items: SpecialRequestItemsTable;
  calendars: CalendarsTable;
  appointment_types: AppointmentTypesTable;
  calendar_hours: CalendarHoursTable;
  calendar_exceptions: CalendarExceptionsTable;
  appointment_invites: AppointmentInvitesTable;
  appointments: AppointmentsTable;
  appointment_slot_counts: AppointmentSlotCountsTable;
  surveys: SurveysTable;
  survey_questions: SurveyQuestionsTable;
  survey_responses: SurveyResponsesTable;
  staff_activity: StaffActivityTable;
  jobs: JobsTable;
  shoot_uploads: ShootUploadsTable;
  shoot_upload_files: ShootUploadFilesTable;
  customer_events: CustomerEventsTable;
  bulk_invites: BulkInvitesTable;
  bulk_invite_recipients: BulkInviteRecipientsTable;
  shoot_upload_reservations: ShootUploadReservationsTable;
  mail_outbox: MailOutboxTable;
  rate_budgets: RateBudgetsTable;
}

/** 0 or 1. */
export type Flag = number;
/** ISO-8601 UTC text. */
export type Timestamp = string;

/** A studio's own branding (is_default = 1) or a corporate client's, picked by host. */
export interface CorporateClientsTable {
  id: Generated<number>;
  name: string;
  /** Host the client's gallery is served on, lower case, no scheme; null for the default. */
  base_url: string | null;
  accent_color: string;
  /** Storage keys of the branding images. */
  logo_dark_key: string | null;
  logo_white_key: string | null;
  background_key: string | null;
  copyright: string;
  tiktok_url: string | null;
  instagram_url: string | null;
  twitter_url: string | null;
  youtube_url: string | null;
  /** JSON array of { question, answer }. */
  faqs_json: string;
  support_email: string | null;
  is_default: Flag;
  created_at: Timestamp;
  /** 1: the company's customers may download originals (migration 2026-11-28-03); off by default. */
  allow_full_resolution: Generated<Flag>;
}

/** The host names a company's branding is served on (migration 2026-11-27-01). */
export interface CorporateClientHostsTable {
  id: Generated<number>;
  corporate_client_id: number;
  /** Unique; lower case, no scheme, port or path. */
  host: string;
  created_at: Timestamp;
}

export type SliderKind = 'gallery' | 'corporate';

export interface SliderImagesTable {
  id: Generated<number>;
  kind: SliderKind;
  title: string | null;
  photo_key: string;
  link_url: string | null;
  position: number;
  created_at: Timestamp;
  /** Whose picture: a company, or the studio's own (null or the default company's id; migration 2026-11-28-02). */
  corporate_client_id: number | null;
}

/** A studio backdrop of the editor's background panel (migration 2026-11-25-04). */
export interface BackgroundImagesTable {
  id: Generated<number>;
  /** Whose backdrop: a corporate client, or the default studio's row. */
  corporate_client_id: number;
  name: string;
  /** Storage keys under `backgrounds/`: the JPEG rendition and its WebP thumbnail. */
  image_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
  /** 1 listed, 0 disabled. */
  status: Generated<Flag>;
  created_at: Timestamp;
}
export type BackgroundImageRow = Selectable<BackgroundImagesTable>;
export type NewBackgroundImageRow = Insertable<BackgroundImagesTable>;

export interface UsersTable {
  id: Generated<number>;
  /** Lower case. */
  email: string;
  first_name: string;
  last_name: string;
  /** argon2id; null for accounts that only sign in with Google. */
  password_hash: string | null;
  activated: Flag;
  contact_number: string | null;
  image_key: string | null;
  google_sub: string | null;
  /** customer | staff | admin (migration 2026-11-26-03). */
  role: Generated<UserRole>;
  /** The company the customer works for; null = the studio's own customer (migration 2026-11-27-01). */
  corporate_client_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /**
   * An import added photos for this customer (not activated yet) and their invitation is not queued
   * yet (migration 2026-11-28-05): set with the photo, cleared with the invitation's outbox row.
   */
  invitation_owed_at: Generated<Timestamp | null>;
}
export type UserRole = 'customer' | 'staff' | 'admin';

/** A signed-in token's session: the token is honoured while its row exists (id = the token's id_token). */
export interface AuthSessionsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export type UserKeyPurpose = 'activation' | 'reset' | 'invite';

/** One-time keys sent by mail; only their SHA-256 is stored. */
export interface UserKeysTable {
  id: Generated<number>;
  user_id: number;
  purpose: UserKeyPurpose;
  key_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface NotificationSettingsTable {
  user_id: number;
  is_email: Flag;
  is_sms: Flag;
  updated_at: Timestamp;
}

/** One shoot of one customer. */
export interface PhotoSessionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** YYYY-MM-DD. */
  session_date: string;
  /** The 44-character gallery token (spec §9) a visitor opens the session with. */
  code: string;
  created_at: Timestamp;
  /**
   * Counters of the session's live photos (deleted_at is null), changed in the same transaction as
   * the photos: all of them; skipped ones; retouched and favourite ones that are not skipped.
   */
  live_count: Generated<number>;
  skipped_count: Generated<number>;
  retouched_count: Generated<number>;
  favourite_count: Generated<number>;
  /**
   * Raised by triggers on every insert, change or delete of one of the session's photos
   * (migration 2026-11-22-04): what cached gallery pages are checked against.
   */
  revision: Generated<number>;
  /** When the gallery expires and is archived (migration 2026-11-28-01; set on creation); null: never. */
  expires_at: Generated<Timestamp | null>;
  /** Null while live; set: archived, its photos hidden from the customer and visitors (files kept). */
  archived_at: Generated<Timestamp | null>;
  /** When the expiry reminder mail was claimed for sending; cleared when the expiry changes. */
  expiry_reminder_sent_at: Generated<Timestamp | null>;
}

export interface PhotosTable {
  id: Generated<number>;
  session_id: number;
  /** The session's owner, denormalised for the per-customer queries. */
  user_id: number;
  name: string;
  /** SHA-256 (hex) of the original file: the same file is imported once per session. */
  content_hash: string;
  /** Upright size of the original. */
  width: number;
  height: number;
  /** Storage folder of the original and its renditions (media/renditions.ts). */
  media_key: string;
  /** Extension of the stored original: jpg, png, webp or tif. */
  original_ext: string;
  retouched_media_key: string | null;
  retouched_ext: string | null;
  /** CRC-32s of the folder's download files, JSON `{"sm":…,"hr":…}` (photo-media.ts); null before 2026-11-22-05. */
  media_crc32: string | null;
  retouched_crc32: string | null;
  /** The edited version (editor's save; 2026-11-25-03): its folder, original's extension and download CRC-32s; null when none. */
  edited_media_key: string | null;
  edited_ext: string | null;
  edited_crc32: string | null;
  /** The version the edit was made from, whose place it takes in the photo's fields. */
  edited_from: EditedFrom | null;
  /** The editor's recipe (contract editRecipe) as JSON. */
  edit_recipe: string | null;
  edited_at: Timestamp | null;
  /** 1 exactly when retouched_media_key is set (a flag, so the counts read the index alone). */
  is_retouched: Generated<Flag>;
  is_favourite: Generated<Flag>;
  is_skipped: Generated<Flag>;
  shared_at: Timestamp | null;
  /** When first downloaded (single or ZIP, any size; 2026-11-28-07): the Downloads view. */
  downloaded_at: Timestamp | null;
  deleted_at: Timestamp | null;
  /** Order inside the session (file name order at import). */
  position: number;
  created_at: Timestamp;
}

/** What an edited version was made from (photos.edited_from). */
export type EditedFrom = 'original' | 'retouched';

export type PhotoSessionRow = Selectable<PhotoSessionsTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type NewPhotoRow = Insertable<PhotosTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CorporateClientRow = Selectable<CorporateClientsTable>;
export type NewCorporateClientRow = Insertable<CorporateClientsTable>;
export type SliderImageRow = Selectable<SliderImagesTable>;
export type NewSliderImageRow = Insertable<SliderImagesTable>;

export function toFlag(value: boolean): Flag {
  return value ? 1 : 0;
}

export function fromFlag(value: Flag): boolean {
  return value === 1;
}

export interface ServiceProvidersTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  is_default: Flag;
  /** Null: the studio has not set this price (the UI shows "LOGIN ADD TO CART"). */
  touch_up_price_cents: number | null;
  background_price_cents: number | null;
  turnaround_hours: number;
  created_at: Timestamp;
}
export type ServiceProviderRow = Selectable<ServiceProvidersTable>;

export interface TaxDetailsTable {
  /** 0 is the studio's sales tax. */
  id: number;
  /** 8.25 % = 825. */
  tax_basis_points: number;
  updated_at: Timestamp;
}

export interface CouponsTable {
  id: Generated<number>;
  /** Upper-cased. */
  code: string;
  /** 12.5 % = 1250. */
  discount_hundredths: number;
  is_active: Flag;
  expires_at: Timestamp | null;
  max_uses: number | null;
  used_count: Generated<number>;
  /**
   * Uses held by open payments: the number of coupon_reservations rows, kept by triggers. CHECK:
   * used_count + reserved_count <= max_uses.
   */
  reserved_count: Generated<number>;
  created_at: Timestamp;
}
export type CouponRow = Selectable<CouponsTable>;

/** One use of a coupon held by an open payment (released when it ends unpaid, spent when it succeeds). */
export interface CouponReservationsTable {
  payment_id: number;
  coupon_id: number;
  created_at: Timestamp;
}

export type PaymentProviderId = 'stripe' | 'test' | 'none';
/** 'failed': a declined attempt (another card may follow); 'canceled': ended unpaid, cannot be paid. */
export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  provider: PaymentProviderId;
  provider_payment_id: string;
  client_secret: string | null;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  /** JSON array of PricedCartItem. */
  cart_json: string;
  coupon_id: number | null;
  coupon_code: string | null;
  item_price_cents: number;
  tax_cents: number;
  discount_hundredths: number;
  discount_cents: number;
  card_brand: string | null;
  receipt_url: string | null;
  failure_message: string | null;
  /** SHA-256 of the priced cart while the payment is open (unique); null once paid or ended. */
  cart_key: string | null;
  /** When an unpaid payment is ended (null: checked out before holds existed). */
  expires_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PaymentRow = Selectable<PaymentsTable>;

export interface TransactionsTable {
  id: Generated<number>;
  user_id: number;
  payment_id: number;
  payment_type: string;
  reference_id: string;
  card_brand: string | null;
  receipt_url: string | null;
  gross_total_cents: number;
  total_cents: number;
  created_at: Timestamp;
}
export type TransactionRow = Selectable<TransactionsTable>;

export type SpecialRequestStatus = 'PENDING' | 'DELIVERED';

export interface SpecialRequestsTable {
  id: Generated<number>;
  user_id: number;
  payment_id: number | null;
  transaction_id: number | null;
  service_provider_id: number | null;
  status: SpecialRequestStatus;
  item_price_cents: number;
  tax_cents: number;
  discount_hundredths: number;
  discount_cents: number;
  total_cents: number;
  coupon_code: string | null;
  due_at: Timestamp;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
}
export type SpecialRequestRow = Selectable<SpecialRequestsTable>;

export interface SpecialRequestItemsTable {
  id: Generated<number>;
  special_request_id: number;
  photo_id: number;
  session_id: number;
  service_type: 'TOUCHUPSERVICE' | 'BACKGROUNDSERVICE';
  name: string;
  price_cents: number;
  tax_cents: number;
  delivered_at: Timestamp | null;
}
export type SpecialRequestItemRow = Selectable<SpecialRequestItemsTable>;

/** A booth or room at a location (migration 2026-11-26-01), with its studio time zone (IANA). */
export interface CalendarsTable {
  id: Generated<number>;
  name: string;
  location: string;
  time_zone: Generated<string>;
  active: Generated<Flag>;
  created_at: Timestamp;
}
export type CalendarRow = Selectable<CalendarsTable>;

export interface AppointmentTypesTable {
  id: Generated<number>;
  name: string;
  duration_minutes: number;
  buffer_before_minutes: Generated<number>;
  buffer_after_minutes: Generated<number>;
  /** People per slot (per calendar). */
  capacity: Generated<number>;
  minimum_notice_hours: Generated<number>;
  booking_window_days: Generated<number>;
  /** The customer may reschedule or cancel until this many hours before the start. */
  change_cutoff_hours: Generated<number>;
  price_cents: Generated<number>;
  active: Generated<Flag>;
  created_at: Timestamp;
}
export type AppointmentTypeRow = Selectable<AppointmentTypesTable>;

/** Weekly opening hours: weekday 1 = Monday … 7 = Sunday; minutes of the day on the wall clock. */
export interface CalendarHoursTable {
  id: Generated<number>;
  calendar_id: number;
  weekday: number;
  start_minute: number;
  end_minute: number;
}
export type CalendarHoursRow = Selectable<CalendarHoursTable>;

export interface CalendarExceptionsTable {
  id: Generated<number>;
  calendar_id: number;
  /** YYYY-MM-DD (wall clock). */
  date: string;
  kind: 'closed' | 'open';
  start_minute: number | null;
  end_minute: number | null;
}
export type CalendarExceptionRow = Selectable<CalendarExceptionsTable>;

export interface AppointmentInvitesTable {
  /** Unguessable: the `id` of /appointment?id=… and the calls' activationKey. */
  id: string;
  user_id: number;
  appointment_type_id: number;
  /** JSON array of calendar ids; null: every active calendar. */
  calendar_ids: string | null;
  expires_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  created_at: Timestamp;
}
export type AppointmentInviteRow = Selectable<AppointmentInvitesTable>;

export type AppointmentStatus = 'booked' | 'cancelled';

export interface AppointmentsTable {
  id: Generated<number>;
  invite_id: string;
  user_id: number;
  calendar_id: number;
  appointment_type_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: AppointmentStatus;
  first_name: string;
  last_name: string;
  phone: Generated<string>;
  notes: Generated<string>;
  /** SHA-256 (hex) of the secret of the mailed manage link. */
  manage_token_hash: string;
  /** iCalendar SEQUENCE: raised on each change. */
  sequence: Generated<number>;
  price_cents: Generated<number>;
  reminder_claimed_at: Timestamp | null;
  reminder_sent_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type AppointmentRow = Selectable<AppointmentsTable>;

/** The over-booking guard: CHECK (booked >= 0 AND booked <= capacity). */
export interface AppointmentSlotCountsTable {
  calendar_id: number;
  starts_at: Timestamp;
  capacity: number;
  booked: Generated<number>;
}

/** A survey shown before set-password (migration 2026-11-26-02), by the entry link's `formid`. */
export interface SurveysTable {
  id: Generated<number>;
  form_key: string;
  title: string;
  /** 1 shown, 0 not. */
  active: Generated<Flag>;
  created_at: Timestamp;
}
export type SurveyRow = Selectable<SurveysTable>;

export interface SurveyQuestionsTable {
  id: Generated<number>;
  survey_id: number;
  position: number;
  kind: 'text' | 'choice' | 'yesno';
  label: string;
  required: Generated<Flag>;
  /** JSON array of a choice's options; null for text and yes/no. */
  options_json: string | null;
}
export type SurveyQuestionRow = Selectable<SurveyQuestionsTable>;

export interface SurveyResponsesTable {
  /** Unguessable: the spec's formResponseId. */
  id: string;
  survey_id: number;
  /** Normalized. */
  email: string;
  /** The session code of the entry link; '' when none. */
  coupon_code: Generated<string>;
  /** JSON object of answers by question id. */
  answers_json: string;
  created_at: Timestamp;
}
export type SurveyResponseRow = Selectable<SurveyResponsesTable>;

/** The studio activity log (migration 2026-11-26-03): who (null = the studio CLI), what, when. */
export interface StaffActivityTable {
  id: Generated<number>;
  actor_user_id: number | null;
  action: string;
  subject: string;
  /** A JSON object. */
  details_json: Generated<string>;
  created_at: Timestamp;
}
export type StaffActivityRow = Selectable<StaffActivityTable>;

export type JobRowState = 'queued' | 'active' | 'completed' | 'failed';

/** Background jobs on SQLite (jobs/local-job-queue.ts; migration 2026-11-27-02). Empty on PostgreSQL (pg-boss). */
export interface JobsTable {
  /** A UUID. */
  id: string;
  name: string;
  payload_json: string;
  state: JobRowState;
  singleton_key: string | null;
  attempts: Generated<number>;
  attempt_limit: number;
  run_at: Timestamp;
  /** The instance running it (active). */
  locked_by: string | null;
  started_at: Timestamp | null;
  /** An active job not finished by then is taken back (its instance is gone). */
  expires_at: Timestamp | null;
  finished_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
}
export type JobRow = Selectable<JobsTable>;

export type ShootUploadStatus = 'uploading' | 'queued' | 'importing' | 'done' | 'failed';

/** A shoot uploaded from the browser and its import (migration 2026-11-27-03, issue 15 §3). */
export interface ShootUploadsTable {
  id: Generated<number>;
  customer_email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  session_name: string;
  /** YYYY-MM-DD, or null: today for a new session. */
  session_date: string | null;
  invite: Generated<Flag>;
  status: Generated<ShootUploadStatus>;
  total_files: Generated<number>;
  processed: Generated<number>;
  imported: Generated<number>;
  duplicates: Generated<number>;
  retouches_attached: Generated<number>;
  unreadable: Generated<number>;
  failed_files: Generated<number>;
  error: string | null;
  session_id: number | null;
  customer_user_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}
export type ShootUploadRow = Selectable<ShootUploadsTable>;

/** A file of a shoot upload that finished uploading; its bytes are DATA_DIR/uploads/<upload_id>. */
export interface ShootUploadFilesTable {
  id: Generated<number>;
  shoot_upload_id: number;
  /** The tus upload's id (its file name in the upload folder). */
  upload_id: string;
  file_name: string;
  kind: 'photo' | 'retouched';
  size: number;
  /** The import's outcome (ImportStatus) once imported. */
  outcome: string | null;
  reason: string | null;
  created_at: Timestamp;
  /**
   * The bytes' key in Storage (`uploads/<shoot id>/<upload id>`, migration 2026-11-28-06); null for a
   * file finished before it, whose bytes are DATA_DIR/uploads/<upload_id>.
   */
  storage_key: Generated<string | null>;
}
export type ShootUploadFileRow = Selectable<ShootUploadFilesTable>;

/** An upload created and not finished yet, with its declared length (migration 2026-11-28-06): bytes in flight. */
export interface ShootUploadReservationsTable {
  /** The tus upload's id. */
  upload_id: string;
  shoot_upload_id: number;
  /** Upload-Length, in bytes. */
  size: number;
  created_at: Timestamp;
}

/** viewed, favourited, unfavourited, skipped, unskipped, downloaded, shared, edited, ordered (a CHECK). */
export type { CustomerEventKind };

/** What a customer did in their gallery (migration 2026-11-27-04): the studio's customer timeline. */
export interface CustomerEventsTable {
  id: Generated<number>;
  /** The customer, or the owner of the session a visitor's code opened. */
  user_id: number;
  /** Set null when the session is deleted (details_json keeps its name). */
  session_id: number | null;
  /** Set null when the photo row goes (details_json keeps its name). */
  photo_id: number | null;
  kind: CustomerEventKind;
  /** A JSON object: sessionName, photoName, and the kind's extras (resolution, count, orderNumber, by). */
  details_json: string;
  created_at: Timestamp;
}
export type CustomerEventRow = Selectable<CustomerEventsTable>;

export type BulkInviteKind = 'booking' | 'gallery';
export type BulkInviteStatus = 'queued' | 'running' | 'done' | 'failed';
export type BulkInviteRecipientStatus = 'pending' | 'sent' | 'failed';

/** A bulk invite of a company's employees (migration 2026-11-27-05, issue 15 §2), sent by the 'company-invites' job. */
export interface BulkInvitesTable {
  id: Generated<number>;
  corporate_client_id: number;
  kind: BulkInviteKind;
  /** A JSON object: booking invites' appointmentTypeId, calendarIds and expiresInDays. */
  options_json: Generated<string>;
  total: Generated<number>;
  sent: Generated<number>;
  failed: Generated<number>;
  status: Generated<BulkInviteStatus>;
  /** Why the whole bulk invite failed (a recipient's own failure is on its row). */
  error: string | null;
  created_by: number | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}
export type BulkInviteRow = Selectable<BulkInvitesTable>;

/** One employee of a bulk invite: pending until the job sent (or failed) theirs. */
export interface BulkInviteRecipientsTable {
  id: Generated<number>;
  bulk_invite_id: number;
  user_id: number;
  status: Generated<BulkInviteRecipientStatus>;
  error: string | null;
  /** The booking invite made for them (booking kind). */
  invite_id: string | null;
  updated_at: Timestamp;
}
export type BulkInviteRecipientRow = Selectable<BulkInviteRecipientsTable>;

export type MailOutboxStatus = 'pending' | 'sent' | 'failed';

/** The transactional outbox of every mail (mail/outbox.ts; migration 2026-11-28-05). */
export interface MailOutboxTable {
  id: Generated<number>;
  /** What the mail is, for the studio's list: 'booking-confirmation', 'invitation', … */
  kind: string;
  recipient: string;
  subject: string;
  /** Cleared once sent (they carry one-time links). */
  text_body: string;
  html_body: string;
  /** JSON: [{ filename, content, contentType }]. */
  attachments_json: Generated<string>;
  /** JSON: the links the mail carries (logged when written to the outbox folder). */
  links_json: Generated<string>;
  /** A mail queued at most once names itself here (unique); null: no such rule. */
  dedupe_key: string | null;
  status: Generated<MailOutboxStatus>;
  /** Sends tried. */
  attempts: Generated<number>;
  last_error: string | null;
  /** Not sent before this time (a short grace after commit, then the backoff of retries). */
  next_attempt_at: Timestamp;
  /** One sender has it until then (a guarded UPDATE claims it). */
  claimed_until: Timestamp | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}
export type MailOutboxRow = Selectable<MailOutboxTable>;

/** A budget shared by every instance (modules/budgets/rate-budgets.ts; migration 2026-11-28-04). */
export interface RateBudgetsTable {
  /** The budget and the client, e.g. `auth:203.0.113.9`. */
  key: string;
  /** Units spent in the current window. */
  spent: number;
  /** When the current window ends. */
  resets_at: Timestamp;
}
