import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { AccountsRepository } from '../modules/accounts/accounts.repository';
import { BrandingRepository } from '../modules/branding/branding.repository';
import { PricingRepository } from '../modules/commerce/pricing.repository';
import { DEFAULT_STUDIO_NAME } from '../modules/branding/branding.service';
import { GalleryRepository } from '../modules/gallery/gallery.repository';
import { PhotoImportService } from '../modules/gallery/photo-import.service';
import type { Storage } from '../storage/storage';
import { verifyPassword } from '../modules/accounts/password-hashing';
import { AppointmentsRepository } from '../modules/appointments/appointments.repository';
import { seedDemoAppointments } from './demo-appointments';
import { DEMO_CUSTOMER, seedDemoCustomer } from './demo-customer';
import { seedDemoGallery } from './demo-gallery';
import { DEMO_STUDIO_ADMIN, seedDemoStudioAdmin } from './demo-studio-admin';
import { seedDemoSurvey } from './demo-survey';
import { seedDemoCoupons, seedStudioPricing } from './commerce';
import { seedDemoFullResolution, seedStudio } from './studio';

export interface SeedOptions {
  db: Kysely<Database>;
  storage: Storage;
  demoData: boolean;
  clock: Clock;
}

export interface SeedResult {
  demoCustomerCreated: boolean;
  /** With DEMO_DATA on: the code that opens the demo visitor session. */
  demoSessionCode: string | null;
  /** With DEMO_DATA on: the demo customer's open appointment invite (/appointment?id=…). */
  demoInviteId?: string | null;
  /**
   * With DEMO_DATA off: the demo accounts still in the database (seeded by an earlier start with demo data
   * on) that sign in with their published passwords. server.ts warns about each.
   */
  publishedDemoAccounts?: string[];
}

/**
 * Fills what a fresh database lacks; safe to run on every start. The studio, its branding, prices and tax always;
 * the demo customer, their photo sessions, a session opened by code and demo coupons only with demo data on
 * (config.ts: DEMO_DATA=on, or unset with a loopback PUBLIC_URL).
 */
export async function seedDatabase({ db, storage, demoData, clock }: SeedOptions): Promise<SeedResult> {
  const branding = new BrandingRepository(db);
  await seedStudio(branding, storage, clock());
  const pricing = new PricingRepository(db);
  await seedStudioPricing(pricing, (await branding.findDefault())?.name ?? DEFAULT_STUDIO_NAME, clock());
  if (!demoData) return { demoCustomerCreated: false, demoSessionCode: null, publishedDemoAccounts: await publishedDemoAccounts(new AccountsRepository(db)) };
  await seedDemoCoupons(pricing, clock());
  await seedDemoSurvey(db, clock());
  const accounts = new AccountsRepository(db);
  const demoCustomerCreated = await seedDemoCustomer(accounts, clock());
  if (demoCustomerCreated) await seedDemoStudioAdmin(db, accounts, clock());
  if (demoCustomerCreated) await seedDemoFullResolution(db);
  const gallery = new GalleryRepository(db);
  const demoSessionCode = await seedDemoGallery({ accounts, gallery, importer: new PhotoImportService(gallery, storage, clock), clock });
  const demoInviteId = await seedDemoAppointments(new AppointmentsRepository(db), accounts, clock);
  return { demoCustomerCreated, demoSessionCode, demoInviteId };
}

/** The demo accounts that exist and still sign in with the password the README publishes. */
async function publishedDemoAccounts(accounts: AccountsRepository): Promise<string[]> {
  const found: string[] = [];
  for (const demo of [DEMO_STUDIO_ADMIN, DEMO_CUSTOMER]) {
    const user = await accounts.findByEmail(demo.email);
    if (user && (await verifyPassword(user.password_hash, demo.password))) found.push(demo.email);
  }
  return found;
}
