import { z } from 'zod';
import { faqEntry, socialLinks } from './branding';
import { idParam } from './common';
import { EMPLOYEES_CSV_LIMITS, EMPLOYEE_FIELD_LIMITS, employeeFieldErrors } from './employees-csv';
import { isValidEmail } from './validation';
import { studioPageQuery } from './studio';

/**
 * Companies (issue 15 §2): the corporate clients whose employees the studio photographs. Each has
 * its branding, chosen by the request's host (GET /api/corporate-clients?baseUrl.equals={host}); the
 * studio itself is the default company. Employees are customers that belong to one company.
 */

/** At most this many host names a company. */
export const MAX_COMPANY_HOSTS = 20;
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * A host name as stored: lower case, without scheme, port, path or trailing dot
 * (`https://Photos.Acme.com:443/login` → `photos.acme.com`); null when it is not a host name.
 */
export function normalizeCompanyHost(value: string): string | null {
  let host = value.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.replace(/[/?#].*$/, '');
  host = host.replace(/^[^@]*@/, '');
  host = host.replace(/:\d*$/, '');
  host = host.replace(/\.$/, '');
  return HOST_NAME.test(host) ? host : null;
}

/** Whether a text is a full http(s) web address. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A footer link: a full http(s) URL, or null (or empty text) for none. */
const optionalUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || isHttpUrl(value), 'Use a full web address starting with https://')
  .nullable();

export const ACCENT_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** What an admin edits of a company's branding. POST needs name; PUT changes only the fields sent. */
export const companyFields = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(120),
  hosts: z
    .array(z.string().trim().min(1).max(300))
    .max(MAX_COMPANY_HOSTS)
    .describe('Host names its gallery is served on (lower-cased, without scheme, port or path); unique across companies'),
  accentColor: z.string().regex(ACCENT_COLOR_PATTERN, 'Use a colour as # and 6 hex digits, e.g. #7048E8'),
  copyright: z.string().trim().max(300),
  socialLinks: z.object({ tiktok: optionalUrl, instagram: optionalUrl, twitter: optionalUrl, youtube: optionalUrl }).partial(),
  faqs: z
    .array(z.object({ question: z.string().trim().min(1, 'Enter the question').max(500), answer: z.string().trim().min(1, 'Enter the answer').max(5000) }))
    .max(50),
  supportEmail: z
    .string()
    .trim()
    .max(254)
    .refine((value) => value === '' || isValidEmail(value), 'Enter a valid email address')
    .nullable()
    .describe('Empty or null: none'),
  allowFullResolution: z.boolean().describe("Its customers may download each photo's original file (Full resolution); off by default"),
});

/** POST /api/studio/companies */
export const createCompanyRequest = companyFields.partial().required({ name: true });
export type CreateCompanyRequest = z.input<typeof createCompanyRequest>;
/** PUT /api/studio/companies/{id}: the fields sent change, the others stay. */
export const updateCompanyRequest = companyFields.partial();
export type UpdateCompanyRequest = z.input<typeof updateCompanyRequest>;

export const COMPANY_IMAGE_KINDS = ['logoDark', 'logoWhite', 'banner'] as const;
export const companyImageKind = z.enum(COMPANY_IMAGE_KINDS).describe('logoDark: for light backgrounds; logoWhite: for dark ones; banner: the login background');
export type CompanyImageKind = z.infer<typeof companyImageKind>;
export const companyImageParams = z.object({ id: idParam, kind: companyImageKind });
/** The largest branding image accepted. */
export const COMPANY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const company = z
  .object({
    id: z.number(),
    name: z.string(),
    isDefault: z.boolean().describe('The studio itself (its own customers have no company)'),
    hosts: z.array(z.string()),
    accentColor: z.string(),
    copyright: z.string(),
    socialLinks,
    faqs: z.array(faqEntry),
    supportEmail: z.string().nullable(),
    logoDarkUrl: z.string().nullable(),
    logoWhiteUrl: z.string().nullable(),
    bannerUrl: z.string().nullable(),
    employeeCount: z.number(),
    createdAt: z.string(),
    allowFullResolution: z.boolean().describe("Its customers may download each photo's original file (Full resolution)"),
  })
  .register(z.globalRegistry, { id: 'StudioCompany', description: 'A company (corporate client): its branding and how many employees it has' });
export type Company = z.infer<typeof company>;

export const companiesResponse = z
  .object({ items: z.array(company) })
  .register(z.globalRegistry, { id: 'StudioCompanies', description: 'Every company, the studio first' });
export type CompaniesResponse = z.infer<typeof companiesResponse>;

export const companyEmployee = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    activated: z.boolean().describe('Whether the account has been activated (a password set)'),
  })
  .register(z.globalRegistry, { id: 'StudioCompanyEmployee', description: 'An employee of a company (a customer account)' });
export type CompanyEmployee = z.infer<typeof companyEmployee>;

export const companyEmployeesQuery = studioPageQuery.extend({
  search: z.string().trim().max(200).optional().describe('Matches email, first or last name (case-insensitive)'),
});
export type CompanyEmployeesQuery = z.input<typeof companyEmployeesQuery>;
export const companyEmployeesResponse = z
  .object({ items: z.array(companyEmployee), total: z.number() })
  .register(z.globalRegistry, { id: 'StudioCompanyEmployeesPage', description: 'A page of employees, by last name' });
export type CompanyEmployeesResponse = z.infer<typeof companyEmployeesResponse>;

export const companyEmployeeParams = z.object({ id: idParam, userId: idParam });

/** POST /api/studio/companies/{id}/employees: one employee; an existing customer is attached. */
export const addEmployeeRequest = z
  .object({
    firstName: z.string().trim().max(EMPLOYEE_FIELD_LIMITS.name),
    lastName: z.string().trim().max(EMPLOYEE_FIELD_LIMITS.name),
    email: z.string().trim().max(EMPLOYEE_FIELD_LIMITS.email),
    phone: z.string().trim().max(EMPLOYEE_FIELD_LIMITS.phone).nullable().optional().describe('Optional; empty counts as none'),
  })
  .superRefine((value, ctx) => {
    for (const message of employeeFieldErrors(null, { ...value, email: value.email.toLowerCase(), phone: value.phone || null })) {
      ctx.addIssue({ code: 'custom', message: capitalise(message), path: [fieldOfMessage(message)] });
    }
  });

/** The field an employeeFieldErrors message is about (its first words name it). */
function fieldOfMessage(message: string): 'firstName' | 'lastName' | 'email' | 'phone' {
  if (message.startsWith('first name')) return 'firstName';
  if (message.startsWith('last name')) return 'lastName';
  if (message.startsWith('phone')) return 'phone';
  return 'email';
}
export type AddEmployeeRequest = z.input<typeof addEmployeeRequest>;
export const addEmployeeResult = z
  .object({ employee: companyEmployee, created: z.boolean().describe('A new (inactive) account was made; false: an existing customer was attached') })
  .register(z.globalRegistry, { id: 'StudioAddEmployeeResult', description: 'The employee added' });
export type AddEmployeeResult = z.infer<typeof addEmployeeResult>;

/** POST …/employees/import/preview and …/employees/import: the CSV's text. */
export const employeesImportRequest = z.object({
  csv: z
    .string()
    .max(EMPLOYEES_CSV_LIMITS.maxBytes, `The file is larger than ${EMPLOYEES_CSV_LIMITS.maxBytes / 1024 / 1024} MB: split it into smaller files`)
    .describe('The CSV file: a header row (first name, last name, email, optional phone), one employee a row'),
});
export type EmployeesImportRequest = z.infer<typeof employeesImportRequest>;

/** POST …/employees/import: the CSV's text and the lines the studio chose to skip. */
export const employeesImportCommand = employeesImportRequest.extend({
  skipLines: z
    .array(z.number().int().positive())
    .max(EMPLOYEES_CSV_LIMITS.maxRows)
    .optional()
    .describe(
      'Lines of the file to leave out, chosen by the studio after the preview (e.g. the rows with errors). Every row with an error must be ' +
        'among them, else nothing is imported (400). Default: none, so one bad row refuses the whole file.',
    ),
});
export type EmployeesImportCommand = z.infer<typeof employeesImportCommand>;

export const EMPLOYEE_ROW_STATUSES = ['new', 'existing', 'member'] as const;
export const employeesImportRow = z.object({
  line: z.number().describe('The line of the file the row starts on (the header is line 1)'),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  errors: z.array(z.string()).describe('Why the row cannot be imported, e.g. "Line 3: email is not a valid email address"'),
  status: z
    .enum(EMPLOYEE_ROW_STATUSES)
    .nullable()
    .describe('new: an account will be made; existing: a customer will be attached; member: already an employee; null when the row has errors'),
});
export type EmployeesImportRow = z.infer<typeof employeesImportRow>;

export const employeesImportPreview = z
  .object({
    rows: z.array(employeesImportRow),
    totals: z.object({ rows: z.number(), valid: z.number(), invalid: z.number(), new: z.number(), existing: z.number(), member: z.number() }),
  })
  .register(z.globalRegistry, { id: 'StudioEmployeesImportPreview', description: 'What importing the file would do, row by row; nothing written' });
export type EmployeesImportPreview = z.infer<typeof employeesImportPreview>;

/** The answer of a refused import (400): why, and the preview with every row's errors. */
export const employeesImportRefusal = z.object({ message: z.string() }).extend(employeesImportPreview.shape);
export type EmployeesImportRefusal = z.infer<typeof employeesImportRefusal>;

export const employeesImportResult = z
  .object({
    imported: z.number().describe('Rows imported'),
    created: z.number().describe('New accounts made (inactive until invited)'),
    attached: z.number().describe('Existing customers attached'),
    alreadyMembers: z.number().describe('Rows already employees of this company (left as they are)'),
    skippedLines: z.array(z.number()).describe('The lines left out, as asked (skipLines); empty when none'),
  })
  .register(z.globalRegistry, { id: 'StudioEmployeesImportResult', description: 'What the import wrote, all in one transaction' });
export type EmployeesImportResult = z.infer<typeof employeesImportResult>;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
