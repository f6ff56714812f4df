import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { COMPANY_EXPORT_CSV_HEADER, type CompanyExportLink, type ExportChoice } from '@studio-gallery/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, PhotoRow } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { ZIP_READ_SIZE, type ZipEntrySource, zipArchiveSize, zipStream } from '../../media/zip-writer';
import type { Storage } from '../../storage/storage';
import { type MediaVariant, downloadChecksum, mediaFileKey, storedVersion } from '../gallery/photo-media';
import type { ActivityActor, ActivityRepository } from '../studio/activity.repository';
import type { CompaniesService } from './companies.service';
import type { EmployeeRecord } from './companies.repository';

/** Export links work for 5 minutes, as download tokens do. */
const LINK_LIFETIME_MS = 5 * 60 * 1000;
export const COMPANY_EXPORT_CSV_NAME = 'employees.csv';

export interface CompanyExportFile {
  fileName: string;
  contentType: string;
  size: number;
  stream: Readable;
}

/** One employee's line of the export: the photo chosen for them, if any. */
export interface ExportChoiceRow {
  employee: EmployeeRecord;
  photo: (PhotoRow & { session_name: string }) | null;
  variant: MediaVariant | null;
  because: ExportChoice;
}

type CandidatePhoto = PhotoRow & { session_name: string; session_date: string };

/**
 * Each employee's chosen photo (issue 15 §2): the favourite (its retouched version when it has one;
 * among several favourites a retouched one first, then the latest session's, then the first in the
 * session), else their latest retouched photo, else none. Skipped and deleted photos never count.
 */
export function chooseFor(employee: EmployeeRecord, photos: CandidatePhoto[]): ExportChoiceRow {
  const latestFirst = (a: CandidatePhoto, b: CandidatePhoto) =>
    b.session_date.localeCompare(a.session_date) || b.session_id - a.session_id || a.position - b.position || a.id - b.id;
  const retouched = (p: CandidatePhoto) => p.retouched_media_key !== null;
  const favourites = photos.filter((p) => Number(p.is_favourite) === 1).sort((a, b) => Number(retouched(b)) - Number(retouched(a)) || latestFirst(a, b));
  const favourite = favourites[0];
  if (favourite) return { employee, photo: favourite, variant: retouched(favourite) ? 'retouched' : 'original', because: 'favourite' };
  const latestRetouched = photos.filter(retouched).sort(latestFirst)[0];
  if (latestRetouched) return { employee, photo: latestRetouched, variant: 'retouched', because: 'retouched' };
  return { employee, photo: null, variant: null, because: 'none' };
}

/** `Doe_Jane.jpg`: letters, digits and hyphens of the names (the e-mail's name when both are empty). */
export function exportFileStem(employee: Pick<EmployeeRecord, 'firstName' | 'lastName' | 'email'>): string {
  const clean = (value: string) =>
    value
      .normalize('NFKC')
      .trim()
      .replace(/\s+/g, '-')
      .replace(/[^\p{L}\p{N}-]+/gu, '')
      .replace(/-{2,}/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60);
  const stem = [clean(employee.lastName), clean(employee.firstName)].filter(Boolean).join('_');
  return stem || clean(employee.email.split('@')[0] ?? '') || 'employee';
}

/** A CSV cell (RFC 4180); a cell a spreadsheet would run as a formula is quoted as text. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The export's employees.csv: UTF-8 with a BOM (Excel reads the names right), CRLF lines. */
export function exportCsv(rows: { row: ExportChoiceRow; fileName: string }[]): Buffer {
  const lines = [COMPANY_EXPORT_CSV_HEADER.join(',')];
  for (const { row, fileName } of rows) {
    lines.push(
      [row.employee.firstName, row.employee.lastName, row.employee.email, fileName || 'no photo chosen', row.photo?.name ?? '', row.photo?.session_name ?? '', row.because]
        .map(csvCell)
        .join(','),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * The company export (issue 15 §2): what a company's HR asks the studio for after a headshot day —
 * a ZIP holding each employee's chosen photo (`Last_First.jpg`, full resolution: the stored JPEG
 * original of that version, else its High Resolution rendition) and employees.csv naming them. The
 * ZIP streams from storage (media/zip-writer.ts: sizes known up front, nothing held in memory but
 * the CSV). Staff get it with their bearer token, or a browser through a link signed for 5 minutes.
 */
export class CompanyExportService {
  private readonly key: Buffer;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly companies: Pick<CompaniesService, 'get' | 'employees'>,
    private readonly storage: Storage,
    private readonly activity: Pick<ActivityRepository, 'recordActivity'>,
    private readonly clock: Clock,
    jwtSecret: string,
  ) {
    this.key = createHmac('sha256', jwtSecret).update('studio-gallery/company-export-links/v1').digest();
  }

  /** Each employee of the company with the photo chosen for them, by last then first name. */
  async choices(companyId: number): Promise<ExportChoiceRow[]> {
    const employees = (await this.companies.employees(companyId)).sort(
      (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id - b.id,
    );
    const byUser = new Map<number, CandidatePhoto[]>();
    const ids = employees.map((e) => e.id);
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .selectFrom('photos')
        .innerJoin('photo_sessions', 'photo_sessions.id', 'photos.session_id')
        .selectAll('photos')
        .select(['photo_sessions.name as session_name', 'photo_sessions.session_date as session_date'])
        .where('photos.user_id', 'in', ids.slice(i, i + 500))
        .where('photos.deleted_at', 'is', null)
        .where('photos.is_skipped', '=', 0)
        .where((eb) => eb.or([eb('photos.is_favourite', '=', 1), eb('photos.retouched_media_key', 'is not', null)]))
        .execute();
      for (const row of rows) {
        const list = byUser.get(Number(row.user_id)) ?? [];
        list.push({ ...row, id: Number(row.id), session_id: Number(row.session_id), position: Number(row.position) });
        byUser.set(Number(row.user_id), list);
      }
    }
    return employees.map((employee) => chooseFor(employee, byUser.get(employee.id) ?? []));
  }

  /** The ZIP, streamed; recorded in the activity log. */
  async zip(actor: ActivityActor, companyId: number): Promise<CompanyExportFile> {
    const company = await this.companies.get(companyId);
    const choices = await this.choices(companyId);
    const taken = new Set<string>();
    const unique = (stem: string) => {
      let name = `${stem}.jpg`;
      for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}_${n}.jpg`;
      taken.add(name.toLowerCase());
      return name;
    };
    taken.add(COMPANY_EXPORT_CSV_NAME);

    const entries: ZipEntrySource[] = [];
    const lines: { row: ExportChoiceRow; fileName: string }[] = [];
    for (const row of choices) {
      const file = row.photo && row.variant ? await this.fileOf(row.photo, row.variant) : null;
      if (!file) {
        lines.push({ row: file === null && row.photo ? { ...row, photo: null, variant: null, because: 'none' } : row, fileName: '' });
        continue;
      }
      const name = unique(exportFileStem(row.employee));
      entries.push({ name, ...file });
      lines.push({ row, fileName: name });
    }
    const csv = exportCsv(lines);
    entries.push({ name: COMPANY_EXPORT_CSV_NAME, size: csv.length, crc32: crc32(csv), open: async () => Readable.from([csv]) });

    const now = this.clock();
    await this.activity.recordActivity(
      actor,
      'company.export',
      `company:${companyId}`,
      { company: company.name, employees: choices.length, photos: entries.length - 1 },
      now,
    );
    return {
      fileName: `${safeName(company.name)} headshots.zip`,
      contentType: 'application/zip',
      size: zipArchiveSize(entries),
      stream: zipStream(entries, { mtime: now }),
    };
  }

  /** A link to the ZIP for the browser: the company, who asked (for the activity log) and until when, signed. */
  async link(actor: { id: number }, companyId: number): Promise<CompanyExportLink> {
    await this.companies.get(companyId);
    const expires = Math.ceil((this.clock().getTime() + LINK_LIFETIME_MS) / 1000);
    const bytes = Buffer.alloc(18);
    bytes.writeUIntBE(companyId, 0, 6);
    bytes.writeUIntBE(actor.id, 6, 6);
    bytes.writeUIntBE(expires, 12, 6);
    const payload = bytes.toString('base64url');
    return { url: `/api/company-exports/${payload}.${this.sign(payload)}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** Who asked for the link and for which company; 404 for a forged or expired one. */
  verifyLink(token: string): { companyId: number; actorId: number } {
    const [payload, signature] = token.split('.');
    const gone = new NotFoundError('This export link has expired: export again from the company page.');
    if (!payload || !signature || !safeEqual(this.sign(payload), signature)) throw gone;
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.length !== 18) throw gone;
    if (bytes.readUIntBE(12, 6) * 1000 <= this.clock().getTime()) throw gone;
    return { companyId: bytes.readUIntBE(0, 6), actorId: bytes.readUIntBE(6, 6) };
  }

  /** The version's full-resolution JPEG: its original when that is a JPEG, else its `hr` rendition; null when missing. */
  private async fileOf(photo: PhotoRow, variant: MediaVariant): Promise<Omit<ZipEntrySource, 'name'> | null> {
    const version = storedVersion(photo, variant);
    if (!version) return null;
    const candidates: { key: string; crc: number | null }[] = [];
    if (/^jpe?g$/i.test(version.extension)) candidates.push({ key: mediaFileKey(version.folder, 'original', version.extension), crc: null });
    candidates.push({ key: mediaFileKey(version.folder, 'hr', version.extension), crc: downloadChecksum(version.crc32, 'hr') });
    for (const { key, crc } of candidates) {
      const size = await this.storage.size(key);
      if (size === null) continue;
      return {
        size,
        crc32: crc,
        open: async () => {
          const stored = await this.storage.getStream(key, { highWaterMark: ZIP_READ_SIZE });
          if (!stored) throw new Error(`missing ${key}`);
          return stored.stream;
        },
      };
    }
    return null;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 22);
  }
}

function safeName(name: string): string {
  return (
    name
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N} ._()&-]+/gu, '_')
      .replace(/^[.\s]+/, '')
      .trim()
      .slice(0, 100) || 'Company'
  );
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
