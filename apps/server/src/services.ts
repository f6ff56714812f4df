import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Db } from './db/create-db';
import type { Database } from './db/schema';
import type { Mailer } from './mail/mailer';
import { MailOutbox } from './mail/outbox';
import { AccountMails } from './modules/accounts/account-mails';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { AccountsService } from './modules/accounts/accounts.service';
import type { AuthSessionsService } from './modules/accounts/auth-sessions.service';
import { GoogleIdTokenVerifier } from './modules/accounts/google-id-tokens';
import { HealthService } from './modules/health/health.service';
import { PasswordsService } from './modules/accounts/passwords.service';
import { BackgroundsRepository } from './modules/backgrounds/backgrounds.repository';
import { BackgroundsService } from './modules/backgrounds/backgrounds.service';
import { BrandingRepository } from './modules/branding/branding.repository';
import { BrandingService } from './modules/branding/branding.service';
import { NotificationSettingsRepository } from './modules/notifications/notification-settings.repository';
import { NotificationSettingsService } from './modules/notifications/notification-settings.service';
import { CheckoutService } from './modules/commerce/checkout.service';
import type { PaymentProvider } from './modules/commerce/payment-providers/payment-provider';
import { StripePaymentProvider } from './modules/commerce/payment-providers/stripe-provider';
import { TestPaymentProvider } from './modules/commerce/payment-providers/test-provider';
import { PaymentsRepository } from './modules/commerce/payments.repository';
import { PricingRepository } from './modules/commerce/pricing.repository';
import { PricingService } from './modules/commerce/pricing.service';
import { OrderMails } from './modules/orders/order-mails';
import { OrdersRepository } from './modules/orders/orders.repository';
import { OrdersService } from './modules/orders/orders.service';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import { DownloadsService } from './modules/gallery/downloads.service';
import { GalleryRepository } from './modules/gallery/gallery.repository';
import { GalleryService } from './modules/gallery/gallery.service';
import { MediaUrlSigner } from './modules/gallery/media-urls';
import { PageAnswers } from './modules/gallery/page-answers';
import { PhotoEditsService } from './modules/gallery/photo-edits.service';
import type { Storage } from './storage/storage';
import { storageUrlLifetimeSeconds } from './storage/create-storage';
import { ImageWorkQueue } from './media/image-work-queue';
import { SegmentationPool } from './media/segmentation/segmentation-pool';
import { BackgroundRemovalService } from './modules/editor/background-removal.service';
import { PortraitRetouchService } from './modules/editor/portrait-retouch.service';
import { PhotoPresetsService } from './modules/editor/photo-presets.service';
import { AppointmentMails, addressOf } from './modules/appointments/appointment-notifications';
import { AppointmentsRepository } from './modules/appointments/appointments.repository';
import { AppointmentsService } from './modules/appointments/appointments.service';
import { SurveysRepository } from './modules/surveys/surveys.repository';
import { SurveysService } from './modules/surveys/surveys.service';
import { CustomerInvitations } from './modules/accounts/customer-invitations';
import { ActivityRepository } from './modules/studio/activity.repository';
import { StudioRepository } from './modules/studio/studio.repository';
import { StudioService } from './modules/studio/studio.service';
import { StaffInvitations } from './modules/studio/staff-invitations';
import { type JobQueue, JobsDashboard } from './jobs';
import { CompaniesRepository } from './modules/companies/companies.repository';
import { CompaniesService } from './modules/companies/companies.service';
import { CompanyMediaService } from './modules/companies/company-media.service';
import { CompanyExportService } from './modules/companies/company-export';
import { CompanyInvitesRepository } from './modules/companies/company-invites.repository';
import { CompanyInvitesService } from './modules/companies/company-invites.service';
import { AppointmentsStudio } from './modules/appointments/appointments-studio';
import { StudioBookingService } from './modules/appointments/studio-booking.service';
import { RevenueRepository, RevenueService } from './modules/studio-settings/revenue.service';
import { StudioSettingsService } from './modules/studio-settings/studio-settings.service';
import { StudioSurveysService } from './modules/studio-settings/studio-surveys.service';
import { StudioOrdersRepository } from './modules/studio-orders/studio-orders.repository';
import { StudioOrdersService } from './modules/studio-orders/studio-orders.service';
import { ShootUploadsRepository } from './modules/studio-shoots/shoot-uploads.repository';
import { ShootUploadsService, UploadFolder, type UploadSpool } from './modules/studio-shoots/shoot-uploads.service';
import { StorageUploadSpool } from './modules/studio-shoots/storage-upload-spool';
import { type ShootUploadsTus, createTusServer } from './modules/studio-shoots/tus-uploads';
import { PhotoImportService } from './modules/gallery/photo-import.service';
import { ShootImportService } from './modules/gallery/shoot-import.service';
import { DeliveryRepository } from './modules/orders/delivery.repository';
import { DeliveryService } from './modules/orders/delivery.service';
import { CustomerEvents } from './modules/customer-events/customer-events';
import { CustomerEventsRepository } from './modules/customer-events/customer-events.repository';
import { StudioCustomersService } from './modules/studio-customers/studio-customers.service';
import { StudioCustomersRepository } from './modules/studio-customers/studio-customers.repository';
import { PhotosReadyMails } from './modules/studio-customers/photos-ready-mail';
import { StudioSessionPhotosService } from './modules/studio-customers/session-photos';
import { ExpiryReminderMails } from './modules/gallery-lifecycle/expiry-reminder-mail';
import { GalleryLifecycleRepository } from './modules/gallery-lifecycle/gallery-lifecycle.repository';
import { GalleryLifecycleService } from './modules/gallery-lifecycle/gallery-lifecycle.service';

export interface Services {
  /** Readiness: whether the database answers (GET /api/health/ready). */
  health: HealthService;
  accounts: AccountsService;
  sessions: AuthSessionsService;
  passwords: PasswordsService;
  users: UsersService;
  notificationSettings: NotificationSettingsService;
  orders: OrdersService;
  pricing: PricingService;
  checkout: CheckoutService;
  branding: BrandingService;
  /** The editor's studio backdrops (the studio CLI manages them). */
  backgrounds: BackgroundsService;
  storage: Storage;
  gallery: GalleryService;
  /** The gallery's page answers, cached while their photos are unchanged. */
  pageAnswers: PageAnswers;
  downloads: DownloadsService;
  /** The editor's saves: edited versions beside the original. */
  photoEdits: PhotoEditsService;
  /** Owns the segmentation worker threads: the app closes it (app.ts). */
  backgroundRemoval: BackgroundRemovalService;
  /** The free AI retouch, in the same pool as backgroundRemoval (which closes it). */
  portraitRetouch: PortraitRetouchService;
  /** The legacy presets (retouch, studio colours), in the same pool; saved through photoEdits. */
  photoPresets: PhotoPresetsService;
  /** The one queue in front of sharp for request-time image work (IMAGE_QUEUE_*). */
  imageWork: ImageWorkQueue;
  /** Booking from invite links, its mails and reminders (issue 14). */
  appointments: AppointmentsService;
  /** The survey before set-password (issue 14 §4). */
  surveys: SurveysService;
  /** The studio dashboard: roles, activity log, home screen, customers, bookings, staff (issue 15). */
  studio: StudioService;
  /** The background job queue (jobs/): modules send their jobs through it (issue 15 §5). */
  jobs: JobQueue;
  /** The studio's "Background jobs" screen: counts, failed jobs, retry. */
  jobsDashboard: JobsDashboard;
  /** The transactional outbox every mail goes through (mail/outbox.ts, issue 25): its delivery job and sweep are wired in app.ts. */
  mailOutbox: MailOutbox;
  /** Companies: branding (admins) and employees (staff), issue 15 §2. */
  companies: CompaniesService;
  /** Bulk invites of a company's employees (booking or gallery), sent by a job (issue 15 §2). */
  companyInvites: CompanyInvitesService;
  /** A company's chosen photos as a ZIP with a CSV, for its HR (issue 15 §2). */
  companyExport: CompanyExportService;
  /** A company's editor backdrops and login and sidebar slider pictures (issue 15 §2, admins). */
  companyMedia: CompanyMediaService;
  /** Prices, turnaround, sales tax and coupons (issue 15 §4, admins). */
  studioSettings: StudioSettingsService;
  /** The surveys' answers in the dashboard (issue 15 §4). */
  studioSurveys: StudioSurveysService;
  /** The home screen's chart: paid orders and revenue per week (issue 15 §4). */
  revenue: RevenueService;
  /** The retouch order queue and delivery by upload (issue 15 §4). */
  studioOrders: StudioOrdersService;
  /** Shoots uploaded from the browser and their import job (issue 15 §3). */
  studioShoots: ShootUploadsService;
  /** A customer's page: sessions, invitation, timeline, renames, deletions, favourites export (issue 15 §3). */
  studioCustomers: StudioCustomersService;
  studioSessionPhotos: StudioSessionPhotosService;
  /** Session expiry, reminder mails, archive and restore (issue 15 §3). */
  galleryLifecycle: GalleryLifecycleService;
  /** Calendars, opening hours, appointment types and invites from the dashboard (issue 15 §4). */
  studioBooking: StudioBookingService;
  /** The tus server the shoot uploads go through. */
  shootUploadsTus: ShootUploadsTus;
}

export interface ServiceDependencies {
  db: Kysely<Database>;
  /** SQLite only: the connection itself, for the gallery page's per-request revision read (Db.sqlite); null on PostgreSQL. */
  sqlite?: Db['sqlite'];
  storage: Storage;
  mailer: Mailer;
  sessions: AuthSessionsService;
  /** Signs media URLs and download tokens (keys derived from it, one per purpose). */
  jwtSecret: string;
  clock: Clock;
  /** The app's job queue (app.ts creates, starts and stops it). */
  jobs: JobQueue;
  config: Pick<Config, 'publicUrl' | 'mailFrom' | 'google' | 'stripe' | 'galleryPageCacheBytes' | 'imageQueue' | 'segmentation' | 'dataDir' | 'storage' | 'uploads' | 'mail'>;
  log: FastifyBaseLogger;
}

/** The composition root: wires each service to the repositories it names. */
export function createServices({ db, sqlite = null, storage, mailer, sessions, jwtSecret, clock, jobs, config, log }: ServiceDependencies): Services {
  const accountsRepository = new AccountsRepository(db, (userId) => sessions.forgetUser(userId));
  const branding = new BrandingService(new BrandingRepository(db));
  // Every mail is queued in the outbox (in the transaction of its change) and sent by the 'mail-delivery' job.
  // Its times are real time (systemClock), as the job queue's: tests move the app's clock by hours.
  const mailOutbox = new MailOutbox({ db, transport: mailer, delivery: { jobs }, clock: systemClock, log, from: config.mailFrom, settings: config.mail });
  const mails = new AccountMails(mailOutbox, branding, config.publicUrl);
  // One of each of these shared by the studio's services: the activity log, invitations, the "photos ready" mail.
  const activity = new ActivityRepository(db);
  const customerInvitations = new CustomerInvitations(accountsRepository, mails, clock);
  const photosReady = new PhotosReadyMails(mailOutbox, branding, config.publicUrl);
  // Unfinished tus uploads: the instance's folder on local disk; in the bucket with STORAGE=s3, so that any instance serves any upload.
  const shootUploadFolder: UploadSpool =
    config.storage.kind === 's3' ? new StorageUploadSpool(storage) : new UploadFolder(path.join(config.dataDir, 'uploads'));
  const google = new GoogleIdTokenVerifier(config.google.clientId, config.google.jwksUrl, clock);
  const pricing = new PricingService(new PricingRepository(db), clock);
  const payments = new PaymentsRepository(db);
  const ordersRepository = new OrdersRepository(db);
  const orderMails = new OrderMails(mailOutbox, branding, config.publicUrl);
  const customerEventsRepository = new CustomerEventsRepository(db);
  const customerEvents = new CustomerEvents(customerEventsRepository, clock, log);
  const orders = new OrdersService(ordersRepository, payments, pricing, orderMails, clock, log, customerEvents);
  const galleryRepository = new GalleryRepository(db, sqlite);
  const gallery = new GalleryService(galleryRepository, new MediaUrlSigner(jwtSecret, clock), storage, config.publicUrl, clock, customerEvents);
  const imageWork = new ImageWorkQueue(config.imageQueue);
  const photoEdits = new PhotoEditsService(gallery, galleryRepository, storage, imageWork, clock);

  const studio = new StudioService(new StudioRepository(db), activity, new StaffInvitations(accountsRepository, mails, clock), clock);
  const surveys = new SurveysService(new SurveysRepository(db), clock);

  const studioShoots = new ShootUploadsService(
    new ShootUploadsRepository(db),
    new ShootImportService(customerInvitations, new PhotoImportService(galleryRepository, storage, clock)),
    shootUploadFolder,
    storage,
    jobs,
    activity,
    clock,
    config.uploads,
    log,
  );

  const companies = new CompaniesService(new CompaniesRepository(db), storage, clock);
  const backgrounds = new BackgroundsService(new BackgroundsRepository(db), storage, clock);
  const appointmentsStudio = new AppointmentsStudio(new AppointmentsRepository(db), customerInvitations, mailOutbox, branding, config.publicUrl, clock);

  // One pool of model threads for both server-side editor tools (issue 13 §4).
  const segmentation = new SegmentationPool(config.segmentation, config.segmentation.modelDir);
  return {
    health: new HealthService(db),
    sessions,
    accounts: new AccountsService(accountsRepository, sessions, google, mails, clock),
    passwords: new PasswordsService(accountsRepository, mails, clock),
    users: new UsersService(new UsersRepository(db), storage, imageWork, clock, log),
    notificationSettings: new NotificationSettingsService(new NotificationSettingsRepository(db), clock),
    orders,
    pricing,
    checkout: new CheckoutService(pricing, payments, paymentProviderFor(config.stripe, payments), orders, clock, log),
    branding,
    backgrounds,
    storage,
    gallery,
    pageAnswers: new PageAnswers(gallery, config.galleryPageCacheBytes),
    downloads: new DownloadsService(gallery, storage, branding, clock, jwtSecret, storageUrlLifetimeSeconds(config)),
    photoEdits,
    backgroundRemoval: new BackgroundRemovalService(segmentation),
    portraitRetouch: new PortraitRetouchService(segmentation),
    photoPresets: new PhotoPresetsService(gallery, segmentation, photoEdits),
    imageWork,
    appointments: new AppointmentsService(
      new AppointmentsRepository(db),
      new AppointmentMails(mailOutbox, branding, config.publicUrl, addressOf(config.mailFrom)),
      { now: clock, log },
    ),
    surveys,
    studio,
    jobs,
    jobsDashboard: new JobsDashboard(jobs, mailOutbox, activity, clock),
    mailOutbox,
    companies,
    companyInvites: new CompanyInvitesService(
      new CompanyInvitesRepository(db),
      companies,
      appointmentsStudio,
      customerInvitations,
      photosReady,
      jobs,
      clock,
    ),
    companyExport: new CompanyExportService(db, companies, storage, activity, clock, jwtSecret),
    companyMedia: new CompanyMediaService(companies, backgrounds, new BrandingRepository(db), storage, activity, clock),
    studioSettings: new StudioSettingsService(new PricingRepository(db), activity, clock),
    studioSurveys: new StudioSurveysService(surveys, new SurveysRepository(db)),
    revenue: new RevenueService(new RevenueRepository(db), studio, clock),
    studioOrders: new StudioOrdersService(
      new StudioOrdersRepository(db),
      new DeliveryService(new DeliveryRepository(db), galleryRepository, storage, orderMails, (id, executor) => new OrdersRepository(executor).findOrder(id), clock),
      gallery,
      activity,
      clock,
    ),
    studioShoots,
    studioCustomers: new StudioCustomersService(
      new StudioCustomersRepository(db),
      customerEventsRepository,
      galleryRepository,
      customerInvitations,
      photosReady,
      storage,
      activity,
      clock,
    ),
    galleryLifecycle: new GalleryLifecycleService(
      new GalleryLifecycleRepository(db),
      new ExpiryReminderMails(mailOutbox, branding, config.publicUrl),
      activity,
      clock,
    ),
    studioSessionPhotos: new StudioSessionPhotosService(galleryRepository, new StudioCustomersRepository(db), gallery),
    studioBooking: new StudioBookingService(appointmentsStudio, new AppointmentsRepository(db), activity, clock),
    shootUploadsTus: createTusServer(studioShoots, shootUploadFolder, log),
  };
}

/** Stripe when its keys are set (config refuses half a configuration); else the built-in test provider. */
function paymentProviderFor(stripe: Config['stripe'], payments: PaymentsRepository): PaymentProvider {
  if (stripe.secretKey && stripe.publishableKey) {
    return new StripePaymentProvider({ secretKey: stripe.secretKey, publishableKey: stripe.publishableKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.apiUrl });
  }
  return new TestPaymentProvider(payments);
}
