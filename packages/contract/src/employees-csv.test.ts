import { describe, expect, it } from 'vitest';
import { normalizeCompanyHost } from './companies';
import { EMPLOYEES_CSV_LIMITS, CsvSyntaxError, checkEmployeesCsv, employeesCsv, parseCsv } from './employees-csv';

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a BOM', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\nlast,,\r\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', 'two\r\nlines'] },
      { line: 4, fields: ['last', '', ''] },
    ]);
  });

  it('takes LF and CR alone, a last line without a break, and skips blank lines', () => {
    expect(parseCsv('a,b\n\nc,d\re,f')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['c', 'd'] },
      { line: 4, fields: ['e', 'f'] },
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('""')).toEqual([{ line: 1, fields: [''] }]);
  });

  it('refuses an unclosed quote and text after a closing quote', () => {
    expect(() => parseCsv('a,"b\nc')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a,"b"c\n')).toThrow(/Line 1: text after a closing quote/);
  });

  it('round-trips what employeesCsv writes', () => {
    const rows = [{ firstName: 'Ann, Jr.', lastName: 'O"Neil', email: 'ann@example.com', phone: null }];
    const parsed = checkEmployeesCsv(employeesCsv(rows));
    expect(parsed.fileError).toBeNull();
    expect(parsed.rows).toEqual([{ line: 2, firstName: 'Ann, Jr.', lastName: 'O"Neil', email: 'ann@example.com', phone: null, errors: [] }]);
  });
});

describe('checkEmployeesCsv', () => {
  it('accepts the common spellings of the header, in any order, and lower-cases emails', () => {
    for (const header of ['First name,Last name,Email,Phone', 'first_name,last_name,email,phone', 'firstName,lastName,E-mail,Phone number', 'FIRST NAME,Surname,Email Address,Mobile']) {
      const check = checkEmployeesCsv(`${header}\nAnn,Lee,Ann.Lee@Example.COM,+1 555 123 4567\n`);
      expect(check.fileError, header).toBeNull();
      expect(check.rows[0]).toMatchObject({ firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com', phone: '+1 555 123 4567', errors: [] });
    }
    const reordered = checkEmployeesCsv('email,last name,first name\nbo@example.com,Bo,Ray\n');
    expect(reordered.rows[0]).toMatchObject({ firstName: 'Ray', lastName: 'Bo', email: 'bo@example.com', phone: null });
  });

  it('names missing and unknown columns', () => {
    expect(checkEmployeesCsv('First name,Email\nA,a@example.com').fileError).toMatch(/missing column last name/);
    expect(checkEmployeesCsv('First name,Last name,Email,Department\nA,B,a@example.com,x').fileError).toMatch(/unknown column "Department"/);
    expect(checkEmployeesCsv('Name,Mail address\n').fileError).toMatch(/missing columns first name, last name, email; unknown columns "Name", "Mail address"/);
    expect(checkEmployeesCsv('First name,Last name,Email,Email\n').fileError).toMatch(/repeated column email/);
  });

  it('refuses an empty file, a header alone, too many rows and too many bytes', () => {
    expect(checkEmployeesCsv('').fileError).toMatch(/empty/);
    expect(checkEmployeesCsv('First name,Last name,Email\r\n').fileError).toMatch(/no employees/);
    const rows = Array.from({ length: EMPLOYEES_CSV_LIMITS.maxRows + 1 }, (_, i) => `A,B,a${i}@example.com`);
    expect(checkEmployeesCsv(`First name,Last name,Email\n${rows.join('\n')}`).fileError).toMatch(/5001 employees: at most 5000/);
    expect(checkEmployeesCsv(`First name,Last name,Email\n${rows.slice(0, 5000).join('\n')}`).fileError).toBeNull();
    const big = `First name,Last name,Email\nA,${'x'.repeat(EMPLOYEES_CSV_LIMITS.maxBytes)},a@example.com`;
    expect(checkEmployeesCsv(big).fileError).toMatch(/larger than 2 MB/);
  });

  it('gives each bad row its errors with its line, and flags an email twice in the file', () => {
    const check = checkEmployeesCsv(
      ['First name,Last name,Email,Phone', 'Ann,Lee,ann@example.com,', ',Lee,not-an-email,12', 'Bo,Ray,ANN@example.com,+44 20 7946 0958', '"Multi', 'line",Name,m@example.com,', 'Cy,Dee,cy@example.com,,extra'].join('\r\n'),
    );
    expect(check.fileError).toBeNull();
    expect(check.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, ['Line 3: first name is required', 'Line 3: email is not a valid email address', 'Line 3: phone is not a valid phone number']],
      [4, ['Line 4: email ann@example.com is also on line 2']],
      [5, []],
      [7, ['Line 7: more fields than the header row has columns']],
    ]);
    expect(check.rows[3]?.firstName).toBe('Multi\r\nline');
  });
});

describe('normalizeCompanyHost', () => {
  it('keeps the host name only, lower case', () => {
    expect(normalizeCompanyHost('https://Photos.Acme.com:8443/login?x=1')).toBe('photos.acme.com');
    expect(normalizeCompanyHost(' acme.gallery.test. ')).toBe('acme.gallery.test');
    expect(normalizeCompanyHost('localhost')).toBe('localhost');
    for (const bad of ['', 'acme gallery.test', 'http://', '-acme.test', 'acme..test', 'ac_me.test']) expect(normalizeCompanyHost(bad), bad).toBeNull();
  });
});
