import {
  type AddEmployeeResult,
  type Company,
  type CompanyEmployeesResponse,
  type CompanyImageKind,
  type CreateCompanyRequest,
  type EmployeesImportPreview,
  type EmployeesImportResult,
  type EmployeesImportRow,
  type FaqEntry,
  type UpdateCompanyRequest,
  checkEmployeesCsv,
  employeeFieldErrors,
  faqEntry,
  normalizeCompanyHost,
  normalizeEmail,
} from '@studio-gallery/contract';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { fromFlag, toFlag } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { type Storage, mediaUrl, newMediaKey } from '../../storage/storage';
import type { ActivityActor } from '../studio/activity.repository';
import type { CompaniesRepository, CompanyChanges, CompanyImageColumn, CompanyRecord, EmployeeInput, EmployeeRecord } from './companies.repository';
import { toCompanyImage } from './company-images';

const IMAGE_COLUMNS: Record<CompanyImageKind, CompanyImageColumn> = { logoDark: 'logo_dark_key', logoWhite: 'logo_white_key', banner: 'background_key' };
const DEFAULT_ACCENT_COLOR = '#7048E8';

/** An import the file's rows refused: the preview with every row's errors (the route answers 400). */
export class EmployeesImportRefused extends ValidationError {
  constructor(
    message: string,
    readonly preview: EmployeesImportPreview,
  ) {
    super(message);
  }
}

/**
 * Companies (issue 15 §2): their branding (admins) and their employees (staff). Every change is
 * recorded in the activity log, in the transaction that makes it.
 */
export class CompaniesService {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<Company[]> {
    return (await this.companies.list()).map(toCompany);
  }

  async get(id: number): Promise<Company> {
    return toCompany(await this.record(id));
  }

  async create(actor: ActivityActor, input: CreateCompanyRequest): Promise<Company> {
    const now = this.clock();
    const hosts = await this.checkedHosts(input.hosts ?? [], null);
    const changes = columnsOf(input);
    try {
      const id = await this.companies.insert(
        {
          name: input.name.trim(),
          base_url: hosts[0] ?? null,
          accent_color: changes.accent_color ?? DEFAULT_ACCENT_COLOR,
          copyright: changes.copyright ?? `© ${now.getUTCFullYear()} ${input.name.trim()}. All rights reserved.`,
          tiktok_url: changes.tiktok_url ?? null,
          instagram_url: changes.instagram_url ?? null,
          twitter_url: changes.twitter_url ?? null,
          youtube_url: changes.youtube_url ?? null,
          faqs_json: changes.faqs_json ?? '[]',
          support_email: changes.support_email ?? null,
          allow_full_resolution: changes.allow_full_resolution ?? 0,
          is_default: 0,
          created_at: now.toISOString(),
        },
        hosts,
        (id) => ({ actor, action: 'company.create', subject: `company:${id}`, details: { name: input.name.trim(), hosts }, at: now }),
      );
      return this.get(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('Another company already uses one of these host names');
      throw error;
    }
  }

  /** Changes the fields sent; `hosts`, when sent, replaces the list (its first one becomes the base URL). */
  async update(actor: ActivityActor, id: number, input: UpdateCompanyRequest): Promise<Company> {
    const existing = await this.record(id);
    const now = this.clock();
    const changes = columnsOf(input);
    let hosts: string[] | undefined;
    if (input.hosts !== undefined) {
      hosts = await this.checkedHosts(input.hosts, id);
      // The studio answers every host no company claims: its base URL stays null.
      if (!fromFlag(existing.row.is_default)) changes.base_url = hosts[0] ?? null;
    }
    const changed = Object.keys(input).filter((key) => input[key as keyof UpdateCompanyRequest] !== undefined);
    try {
      await this.companies.update(id, changes, hosts, now, { actor, action: 'company.update', subject: `company:${id}`, details: { name: existing.row.name, fields: changed }, at: now });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('Another company already uses one of these host names');
      throw error;
    }
    return this.get(id);
  }

  /** Stores a branding image (checked and re-encoded) in place of the old one, which is deleted. */
  async setImage(actor: ActivityActor, id: number, kind: CompanyImageKind, upload: Buffer): Promise<Company> {
    const company = await this.record(id);
    const { data, extension } = await toCompanyImage(kind, upload);
    const key = newMediaKey('branding', extension);
    await this.storage.put(key, data);
    const now = this.clock();
    const previous = await this.companies.setImage(id, IMAGE_COLUMNS[kind], key, {
      actor,
      action: 'company.image',
      subject: `company:${id}`,
      details: { name: company.row.name, kind, bytes: data.length },
      at: now,
    });
    if (previous) await this.storage.delete(previous).catch(() => undefined);
    return this.get(id);
  }

  async removeImage(actor: ActivityActor, id: number, kind: CompanyImageKind): Promise<Company> {
    const company = await this.record(id);
    const now = this.clock();
    const previous = await this.companies.setImage(id, IMAGE_COLUMNS[kind], null, {
      actor,
      action: 'company.image.remove',
      subject: `company:${id}`,
      details: { name: company.row.name, kind },
      at: now,
    });
    if (previous) await this.storage.delete(previous).catch(() => undefined);
    return this.get(id);
  }

  async employeesPage(id: number, search: string | undefined, page: number, pageSize: number): Promise<CompanyEmployeesResponse> {
    const company = await this.record(id);
    return this.companies.employeesPage(company.row, search || undefined, page, pageSize);
  }

  /** Every employee of a company (for bulk invites and the export). */
  async employees(id: number): Promise<EmployeeRecord[]> {
    await this.companyOfEmployees(id);
    return this.companies.employees(id);
  }

  /** Adds one employee: a new (inactive) account, or an existing customer of no company; 409 when in another. */
  async addEmployee(actor: ActivityActor, id: number, input: { firstName: string; lastName: string; email: string; phone?: string | null }): Promise<AddEmployeeResult> {
    const company = await this.companyOfEmployees(id);
    const employee: EmployeeInput = {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      email: normalizeEmail(input.email),
      phone: input.phone?.trim() || null,
    };
    const [problem] = employeeFieldErrors(null, employee);
    if (problem) throw new ValidationError(problem.charAt(0).toUpperCase() + problem.slice(1));
    const now = this.clock();
    const result = await this.write(id, [employee], now, (counts) => ({
      actor,
      action: 'company.employee.add',
      subject: employee.email,
      details: { companyId: id, company: company.row.name, created: counts.created === 1 },
      at: now,
    }));
    if (result.conflicts.length > 0) throw new ConflictError(`${employee.email} is an employee of another company`);
    const userId = result.users.get(employee.email);
    const added = userId === undefined ? undefined : await this.companies.findEmployee(id, userId);
    if (!added) throw new NotFoundError('No such employee');
    return { employee: added, created: result.created === 1 };
  }

  async removeEmployee(actor: ActivityActor, id: number, userId: number): Promise<void> {
    const company = await this.companyOfEmployees(id);
    const employee = await this.companies.findEmployee(id, userId);
    if (!employee) throw new NotFoundError('No such employee of this company');
    const now = this.clock();
    const removed = await this.companies.detachEmployee(id, userId, now, {
      actor,
      action: 'company.employee.remove',
      subject: employee.email,
      details: { companyId: id, company: company.row.name, userId },
      at: now,
    });
    if (!removed) throw new NotFoundError('No such employee of this company');
  }

  /** What importing the CSV would do, row by row; nothing is written. */
  async previewImport(id: number, csv: string): Promise<EmployeesImportPreview> {
    await this.companyOfEmployees(id);
    return this.preview(id, csv);
  }

  /**
   * Imports the CSV's employees all in one transaction, or none: the rows are checked again here
   * (the preview may be stale), and any row with an error refuses the whole file unless the studio
   * chose to skip its line (`skipLines`, after seeing the preview).
   */
  async importEmployees(actor: ActivityActor, id: number, csv: string, skipLines: readonly number[] = []): Promise<EmployeesImportResult> {
    const company = await this.companyOfEmployees(id);
    const skipped = new Set(skipLines);
    const preview = await this.preview(id, csv);
    refuseUnlessClean(preview, skipped);
    const now = this.clock();
    const kept = preview.rows.filter((row) => !skipped.has(row.line));
    const skippedLines = preview.rows.filter((row) => skipped.has(row.line)).map((row) => row.line);
    const employees = kept.map(({ firstName, lastName, email, phone }) => ({ firstName, lastName, email, phone }));
    const result = await this.write(id, employees, now, (counts) => ({
      actor,
      action: 'company.employee.import',
      subject: `company:${id}`,
      details: { company: company.row.name, rows: employees.length, ...(skippedLines.length > 0 ? { skippedLines } : {}), ...counts },
      at: now,
    }));
    if (result.conflicts.length > 0) {
      // Someone attached these to another company since the check: check again and refuse.
      const again = await this.preview(id, csv);
      refuseUnlessClean(again, skipped);
      throw new ConflictError(`${result.conflicts[0]} is an employee of another company`);
    }
    return { imported: employees.length, created: result.created, attached: result.attached, alreadyMembers: result.alreadyMembers, skippedLines };
  }

  private async preview(id: number, csv: string): Promise<EmployeesImportPreview> {
    const check = checkEmployeesCsv(csv);
    // The file itself cannot be read (size, header, quotes): no rows to show.
    if (check.fileError !== null) throw new ValidationError(check.fileError);
    const users = new Map((await this.companies.usersByEmail(check.rows.filter((r) => r.errors.length === 0).map((r) => r.email))).map((u) => [u.email, u]));
    const rows = check.rows.map((row): EmployeesImportRow => {
      const errors = [...row.errors];
      const user = users.get(row.email);
      if (errors.length === 0 && user && user.companyId !== null && user.companyId !== id) {
        errors.push(`Line ${row.line}: ${row.email} is an employee of another company`);
      }
      const status = errors.length > 0 ? null : !user ? 'new' : user.companyId === id ? 'member' : 'existing';
      return { ...row, errors, status };
    });
    const count = (status: EmployeesImportRow['status']) => rows.filter((r) => r.status === status).length;
    const invalid = count(null);
    return {
      rows,
      totals: { rows: rows.length, valid: rows.length - invalid, invalid, new: count('new'), existing: count('existing'), member: count('member') },
    };
  }

  private async write(...args: Parameters<CompaniesRepository['addEmployees']>) {
    try {
      return await this.companies.addEmployees(...args);
    } catch (error) {
      // An account made with one of these emails a moment ago: nothing was written.
      if (isUniqueViolation(error)) throw new ConflictError('An account with one of these emails was created meanwhile: try again');
      throw error;
    }
  }

  private async record(id: number): Promise<CompanyRecord> {
    const company = await this.companies.find(id);
    if (!company) throw new NotFoundError('No such company');
    return company;
  }

  /** A company whose employees can be changed: not the studio itself (its own customers belong to none). */
  private async companyOfEmployees(id: number): Promise<CompanyRecord> {
    const company = await this.record(id);
    if (fromFlag(company.row.is_default)) throw new ValidationError("The studio's own customers belong to no company: add employees to a company");
    return company;
  }

  /** Normalised, distinct host names, none of them another company's (409). */
  private async checkedHosts(input: string[], companyId: number | null): Promise<string[]> {
    const hosts: string[] = [];
    for (const value of input) {
      const host = normalizeCompanyHost(value);
      if (host === null) throw new ValidationError(`"${value}" is not a host name (e.g. photos.example.com)`);
      if (!hosts.includes(host)) hosts.push(host);
    }
    const taken = await this.companies.hostsTaken(hosts, companyId);
    if (taken.length > 0) throw new ConflictError(`Another company already uses ${taken.join(', ')}`);
    return hosts;
  }
}

/** Refuses the file when a row has an error and its line is not among those the studio chose to skip. */
function refuseUnlessClean(preview: EmployeesImportPreview, skipped: ReadonlySet<number>): void {
  const unskipped = preview.rows.filter((r) => r.errors.length > 0 && !skipped.has(r.line));
  if (unskipped.length > 0) {
    const n = unskipped.length;
    throw new EmployeesImportRefused(`${n} row${n === 1 ? ' has' : 's have'} errors, so nothing was imported. ${unskipped[0]?.errors[0] ?? ''}`, preview);
  }
}

/** The columns of the fields sent (undefined: unchanged). */
function columnsOf(input: UpdateCompanyRequest): CompanyChanges {
  const changes: CompanyChanges = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.accentColor !== undefined) changes.accent_color = input.accentColor.toUpperCase();
  if (input.copyright !== undefined) changes.copyright = input.copyright.trim();
  if (input.supportEmail !== undefined) changes.support_email = input.supportEmail === null || input.supportEmail === '' ? null : normalizeEmail(input.supportEmail);
  if (input.allowFullResolution !== undefined) changes.allow_full_resolution = toFlag(input.allowFullResolution);
  if (input.faqs !== undefined) changes.faqs_json = JSON.stringify(input.faqs.map(({ question, answer }) => ({ question, answer })));
  const links = input.socialLinks;
  if (links) {
    const url = (value: string | null | undefined) => (value === '' ? null : (value ?? null));
    if (links.tiktok !== undefined) changes.tiktok_url = url(links.tiktok);
    if (links.instagram !== undefined) changes.instagram_url = url(links.instagram);
    if (links.twitter !== undefined) changes.twitter_url = url(links.twitter);
    if (links.youtube !== undefined) changes.youtube_url = url(links.youtube);
  }
  return changes;
}

const storedFaqs = z.array(faqEntry);

/** The FAQ as stored (an empty list: the branding call answers the defaults). */
function parseStoredFaqs(json: string): FaqEntry[] {
  try {
    const parsed = storedFaqs.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function toCompany({ row, hosts, employeeCount }: CompanyRecord): Company {
  return {
    id: Number(row.id),
    name: row.name,
    isDefault: fromFlag(row.is_default),
    hosts,
    accentColor: row.accent_color,
    copyright: row.copyright,
    socialLinks: { tiktok: row.tiktok_url, instagram: row.instagram_url, twitter: row.twitter_url, youtube: row.youtube_url },
    faqs: parseStoredFaqs(row.faqs_json),
    supportEmail: row.support_email,
    logoDarkUrl: mediaUrl(row.logo_dark_key),
    logoWhiteUrl: mediaUrl(row.logo_white_key),
    bannerUrl: mediaUrl(row.background_key),
    employeeCount,
    createdAt: String(row.created_at),
    allowFullResolution: fromFlag(row.allow_full_resolution),
  };
}
