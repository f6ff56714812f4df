import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { AccountsRepository } from '../modules/accounts/accounts.repository';
import { BrandingRepository } from '../modules/branding/branding.repository';
import type { Storage } from '../storage/storage';
import { seedDemoCustomer } from './demo-customer';
import { seedStudio } from './studio';

export interface SeedOptions {
  db: Kysely<Database>;
  storage: Storage;
  demoData: boolean;
  clock: Clock;
}

export interface SeedResult {
  demoCustomerCreated: boolean;
}

/**
 * Fills what a fresh database lacks; safe to run on every start. The studio and its branding always;
 * the demo customer only with DEMO_DATA on.
 */
export async function seedDatabase({ db, storage, demoData, clock }: SeedOptions): Promise<SeedResult> {
  await seedStudio(new BrandingRepository(db), storage, clock());
  const demoCustomerCreated = demoData ? await seedDemoCustomer(new AccountsRepository(db), clock()) : false;
  return { demoCustomerCreated };
}
