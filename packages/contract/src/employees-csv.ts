import { isValidEmail, normalizeEmail } from './validation';

/**
 * The employees CSV of a company (issue 15 §2): a header row naming the columns first name, last
 * name, email and an optional phone, then one employee a row. The browser's preview and the server's
 * import both read a file with these functions, so they always agree on what a file holds.
 */

/** At most 5,000 employees and 2 MB (UTF-8) a file. */
export const EMPLOYEES_CSV_LIMITS = { maxRows: 5_000, maxBytes: 2 * 1024 * 1024 } as const;

/** Field lengths of an employee (the account's names and contact number). */
export const EMPLOYEE_FIELD_LIMITS = { name: 100, email: 254, phone: 30 } as const;

export type EmployeeCsvColumn = 'firstName' | 'lastName' | 'email' | 'phone';

/** One record of a CSV file and the line of the file it starts on (1 = the first line). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {}

/**
 * RFC 4180: fields separated by commas, records by CRLF (LF and CR alone too); a field in double
 * quotes may hold commas, line breaks and doubled quotes (`""` is one `"`). A leading BOM is skipped,
 * and so are blank lines. An unclosed quote, or text right after a closing quote, is an error.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quoted = false;
  /** Whether the current field was quoted (a quoted empty field still makes a record). */
  let sawQuote = false;

  const endRecord = () => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === '' && !sawQuote;
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    sawQuote = false;
  };

  while (i < input.length) {
    const c = input[i] as string;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = input[i];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
          throw new CsvSyntaxError(`Line ${line}: text after a closing quote (put the whole field in quotes, and double the quotes inside it)`);
        }
        continue;
      }
      if (c === '\r' || c === '\n') {
        if (c === '\r' && input[i + 1] === '\n') {
          field += '\r\n';
          i += 2;
        } else {
          field += c;
          i += 1;
        }
        line += 1;
        continue;
      }
      field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      sawQuote = true;
      i += 1;
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      sawQuote = false;
      i += 1;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    field += c;
    i += 1;
  }
  if (quoted) throw new CsvSyntaxError(`Line ${recordLine}: a quoted field is never closed`);
  if (field !== '' || fields.length > 0 || sawQuote) endRecord();
  return records;
}

/** The header spellings each column accepts, compared without case, spaces, `_`, `-` and `.`. */
const COLUMN_NAMES: Record<EmployeeCsvColumn, string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilephone', 'telephone', 'tel', 'contactnumber'],
};

const COLUMN_LABELS: Record<EmployeeCsvColumn, string> = { firstName: 'first name', lastName: 'last name', email: 'email', phone: 'phone' };
const REQUIRED_COLUMNS: EmployeeCsvColumn[] = ['firstName', 'lastName', 'email'];

function columnOf(header: string): EmployeeCsvColumn | null {
  const key = header.trim().toLowerCase().replace(/[\s_.-]+/g, '');
  for (const [column, names] of Object.entries(COLUMN_NAMES) as [EmployeeCsvColumn, string[]][]) {
    if (names.includes(key)) return column;
  }
  return null;
}

/** Which field holds which column; throws CsvSyntaxError naming the unknown, repeated or missing columns. */
export function employeeCsvColumns(header: string[]): Map<EmployeeCsvColumn, number> {
  const columns = new Map<EmployeeCsvColumn, number>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  header.forEach((name, index) => {
    const column = columnOf(name);
    if (column === null) {
      // An empty trailing header cell (a trailing comma) is harmless.
      if (name.trim() !== '') unknown.push(`"${name.trim()}"`);
    } else if (columns.has(column)) repeated.push(COLUMN_LABELS[column]);
    else columns.set(column, index);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.has(column)).map((column) => COLUMN_LABELS[column]);
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  if (unknown.length > 0) problems.push(`unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`);
  if (repeated.length > 0) problems.push(`repeated column${repeated.length > 1 ? 's' : ''} ${repeated.join(', ')}`);
  if (problems.length > 0) {
    throw new CsvSyntaxError(`The header row must name the columns first name, last name, email and optionally phone: ${problems.join('; ')}`);
  }
  return columns;
}

/** One employee row of the file, with what is wrong with it (empty when it can be imported). */
export interface EmployeeCsvRow {
  line: number;
  firstName: string;
  lastName: string;
  /** Lower case, trimmed. */
  email: string;
  phone: string | null;
  errors: string[];
}

export interface EmployeesCsvCheck {
  /** Why the whole file cannot be read (size, header, quotes); then `rows` is empty. */
  fileError: string | null;
  rows: EmployeeCsvRow[];
}

const PHONE_PATTERN = /^\+?[0-9 ().-]+$/;

/** What is wrong with one employee's fields ("Line 3: email is not a valid email address"). */
export function employeeFieldErrors(line: number | null, fields: { firstName: string; lastName: string; email: string; phone: string | null }): string[] {
  const at = line === null ? '' : `Line ${line}: `;
  const errors: string[] = [];
  const name = (value: string, label: string) => {
    if (value === '') errors.push(`${at}${label} is required`);
    else if (value.length > EMPLOYEE_FIELD_LIMITS.name) errors.push(`${at}${label} is longer than ${EMPLOYEE_FIELD_LIMITS.name} characters`);
  };
  name(fields.firstName, 'first name');
  name(fields.lastName, 'last name');
  if (fields.email === '') errors.push(`${at}email is required`);
  else if (!isValidEmail(fields.email)) errors.push(`${at}email is not a valid email address`);
  if (fields.phone !== null) {
    const digits = fields.phone.replace(/\D/g, '').length;
    if (fields.phone.length > EMPLOYEE_FIELD_LIMITS.phone || !PHONE_PATTERN.test(fields.phone) || digits < 6 || digits > 15) {
      errors.push(`${at}phone is not a valid phone number`);
    }
  }
  return errors;
}

/** The UTF-8 size of a text, without allocating it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Reads an employees CSV: the file's own problems (too large, too many rows, header, quotes) in
 * `fileError`, else every row with its errors (required fields, email, phone, an email repeated in
 * the file). What the database knows (an email in another company) is the server's to add.
 */
export function checkEmployeesCsv(text: string): EmployeesCsvCheck {
  if (utf8Length(text) > EMPLOYEES_CSV_LIMITS.maxBytes) {
    return { fileError: `The file is larger than ${EMPLOYEES_CSV_LIMITS.maxBytes / 1024 / 1024} MB: split it into smaller files`, rows: [] };
  }
  let records: CsvRecord[];
  let columns: Map<EmployeeCsvColumn, number>;
  try {
    records = parseCsv(text);
    const [header] = records;
    if (!header) return { fileError: 'The file is empty: it needs a header row (first name, last name, email, phone) and one employee a row', rows: [] };
    columns = employeeCsvColumns(header.fields);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { fileError: error.message, rows: [] };
    throw error;
  }
  const body = records.slice(1);
  if (body.length === 0) return { fileError: 'The file has a header row but no employees', rows: [] };
  if (body.length > EMPLOYEES_CSV_LIMITS.maxRows) {
    return { fileError: `The file has ${body.length} employees: at most ${EMPLOYEES_CSV_LIMITS.maxRows} a file`, rows: [] };
  }

  const firstLineOfEmail = new Map<string, number>();
  const rows = body.map(({ line, fields }): EmployeeCsvRow => {
    const value = (column: EmployeeCsvColumn) => {
      const index = columns.get(column);
      return index === undefined ? '' : (fields[index] ?? '').trim();
    };
    const phone = value('phone');
    const row = { line, firstName: value('firstName'), lastName: value('lastName'), email: normalizeEmail(value('email')), phone: phone === '' ? null : phone };
    const errors = employeeFieldErrors(line, row);
    const extra = fields.slice(Math.max(header(columns), 0) + 1).some((f) => f.trim() !== '');
    if (extra) errors.push(`Line ${line}: more fields than the header row has columns`);
    if (row.email !== '') {
      const first = firstLineOfEmail.get(row.email);
      if (first === undefined) firstLineOfEmail.set(row.email, line);
      else errors.push(`Line ${line}: email ${row.email} is also on line ${first}`);
    }
    return { ...row, errors };
  });
  return { fileError: null, rows };
}

/** The index of the header's last column. */
function header(columns: Map<EmployeeCsvColumn, number>): number {
  return Math.max(...columns.values());
}

/** The text of a CSV file with these employees (for a template or an export). */
export function employeesCsv(rows: { firstName: string; lastName: string; email: string; phone: string | null }[]): string {
  const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [['First name', 'Last name', 'Email', 'Phone'], ...rows.map((r) => [r.firstName, r.lastName, r.email, r.phone ?? ''])];
  return `${lines.map((fields) => fields.map(quote).join(',')).join('\r\n')}\r\n`;
}
