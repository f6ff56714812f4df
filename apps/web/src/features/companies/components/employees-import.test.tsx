import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { AddEmployeeForm } from './employees-panel';
import { EmployeesImport } from './employees-import';

const csvFile = (text: string, name = 'staff.csv') => new File([text], name, { type: 'text/csv' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

const row = (line: number, email: string, errors: string[] = [], status: 'new' | 'existing' | 'member' | null = errors.length ? null : 'new') => ({
  line, firstName: 'Ann', lastName: 'Lee', email, phone: null, errors, status,
});

describe('EmployeesImport', () => {
  // Issue 24 §9: the drop zone's accept list held '.csv' among MIME types, logged 8 times as "not a valid MIME type".
  it('renders its drop zone without MIME type warnings', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({});
    renderWithProviders(<EmployeesImport companyId={7} />);
    expect(await screen.findByText('Drop a CSV file here, or click to choose one')).toBeInTheDocument();
    const logged = [...warn.mock.calls, ...error.mock.calls].map((args) => args.map(String).join(' '));
    warn.mockRestore();
    error.mockRestore();
    expect(logged.filter((line) => /not a valid MIME type/.test(line))).toEqual([]);
    expect(fileInput().accept.split(',')).toEqual(expect.arrayContaining(['text/csv', '.csv']));
  });

  it('refuses a file with wrong columns in the browser, naming them, without asking the server', async () => {
    const calls = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<EmployeesImport companyId={7} />);
    await user.upload(fileInput(), csvFile('Name,Email\nAnn Lee,ann@example.com\n'));
    expect(await screen.findByText(/staff\.csv: .*missing columns first name, last name; unknown column "Name"/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows every row with its errors and imports only on the explicit choice to skip the bad lines (issue 24 §8)', async () => {
    const preview = {
      rows: [row(2, 'ann@example.com'), row(3, 'not-an-email', ['Line 3: email is not a valid email address']), row(4, 'bo@example.com', [], 'existing')],
      totals: { rows: 3, valid: 2, invalid: 1, new: 1, existing: 1, member: 0 },
    };
    const calls = stubFetch({
      'POST /studio/companies/7/employees/import/preview': { body: preview },
      'POST /studio/companies/7/employees/import': { body: { imported: 2, created: 1, attached: 1, alreadyMembers: 0, skippedLines: [3] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<EmployeesImport companyId={7} />);
    const csv = 'First name,Last name,Email\nAnn,Lee,ann@example.com\nAnn,Lee,not-an-email\nAnn,Lee,bo@example.com\n';
    await user.upload(fileInput(), csvFile(csv));

    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Line 3: email is not a valid email address')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('New account')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Existing customer')).toBeInTheDocument();
    expect(screen.getByText(/3 rows, 2 ready, 1 with errors/)).toBeInTheDocument();
    // No plain Import while a row is bad: only the explicit choice, which names the lines it skips.
    expect(screen.queryByRole('button', { name: 'Import 2 employees' })).not.toBeInTheDocument();
    expect(screen.getByText(/Fix the file and choose it again, or import the valid rows and skip line 3/)).toBeInTheDocument();
    // The server got the file's text as it is.
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ csv });
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Import the 2 valid rows and skip line 3' }));
    expect(await screen.findByText(/2 employees from staff\.csv: 1 new accounts, 1 existing customers attached; skipped line 3\./)).toBeInTheDocument();
    expect(JSON.parse(String(calls[1]!.init?.body))).toEqual({ csv, skipLines: [3] });
  });

  it('imports a clean file and says what was written', async () => {
    const preview = { rows: [row(2, 'ann@example.com'), row(3, 'bo@example.com', [], 'existing')], totals: { rows: 2, valid: 2, invalid: 0, new: 1, existing: 1, member: 0 } };
    const calls = stubFetch({
      'POST /studio/companies/7/employees/import/preview': { body: preview },
      'POST /studio/companies/7/employees/import': { body: { imported: 2, created: 1, attached: 1, alreadyMembers: 0, skippedLines: [] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<EmployeesImport companyId={7} />);
    await user.upload(fileInput(), csvFile('\uFEFFFirst name,Last name,Email\r\nAnn,Lee,ann@example.com\r\nBo,Ray,bo@example.com\r\n'));
    const button = await screen.findByRole('button', { name: 'Import 2 employees' });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByText(/2 employees from staff\.csv: 1 new accounts, 1 existing customers attached/)).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /studio/companies/7/employees/import'));
    expect(screen.queryByRole('table', { name: 'Rows of the file' })).not.toBeInTheDocument();
  });
});

describe('AddEmployeeForm', () => {
  it('checks the fields with the import’s rules, then adds the employee', async () => {
    const calls = stubFetch({ 'POST /studio/companies/7/employees': { body: { created: true, employee: { id: 3, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', phone: null, activated: false } } } });
    const user = userEvent.setup();
    renderWithProviders(<AddEmployeeForm companyId={7} />);
    await user.type(screen.getByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add employee' }));
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is not a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Add employee' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '' });
  });
});
