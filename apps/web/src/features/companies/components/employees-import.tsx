import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { EMPLOYEES_CSV_LIMITS, checkEmployeesCsv, employeesCsv } from '@studio-gallery/contract';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { type EmployeesImportPreview, type EmployeesImportResult, previewEmployeesImport, useImportEmployees } from '../api/companies';

// MIME types mapped to extensions (react-dropzone's form): a bare '.csv' in a list is not a MIME type and is logged as one.
const ACCEPT = { 'text/csv': ['.csv'], 'text/plain': ['.csv', '.txt'], 'application/vnd.ms-excel': ['.csv'] };
const STATUS_LABELS = { new: 'New account', existing: 'Existing customer', member: 'Already an employee' } as const;
const TEMPLATE = employeesCsv([{ firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com', phone: '+1 555 123 4567' }]);

type State =
  | { kind: 'idle' }
  | { kind: 'checking'; fileName: string }
  | { kind: 'refused'; fileName: string; message: string }
  | { kind: 'preview'; fileName: string; csv: string; preview: EmployeesImportPreview }
  | { kind: 'done'; fileName: string; result: EmployeesImportResult };

/**
 * Employees from a CSV file: pick or drop it, see every row with its errors (checked in the browser
 * with the contract's rules, then by the server, which knows who works where), and import: while any
 * row has an error, only the explicit choice "Import the N valid rows and skip line L" imports (the
 * server writes every row but the lines chosen, or none).
 */
export function EmployeesImport({ companyId }: { companyId: number }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const importer = useImportEmployees(companyId);

  const read = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > EMPLOYEES_CSV_LIMITS.maxBytes) {
      setState({ kind: 'refused', fileName: file.name, message: `The file is larger than ${EMPLOYEES_CSV_LIMITS.maxBytes / 1024 / 1024} MB: split it into smaller files` });
      return;
    }
    const csv = await file.text();
    // The file's own problems need no server: the same rules run there.
    const local = checkEmployeesCsv(csv);
    if (local.fileError !== null) {
      setState({ kind: 'refused', fileName: file.name, message: local.fileError });
      return;
    }
    setState({ kind: 'checking', fileName: file.name });
    try {
      setState({ kind: 'preview', fileName: file.name, csv, preview: await previewEmployeesImport(companyId, csv) });
    } catch (error) {
      setState({ kind: 'refused', fileName: file.name, message: errorMessage(error, 'The file could not be checked. Try again.') });
    }
  };

  const runImport = async (skipLines: number[] = []) => {
    if (state.kind !== 'preview') return;
    try {
      const result = await importer.mutateAsync({ csv: state.csv, skipLines });
      setState({ kind: 'done', fileName: state.fileName, result });
    } catch (error) {
      // Refused with rows (someone changed an employee meanwhile): show the server's rows.
      const body = isApiError(error) ? error : null;
      const message = errorMessage(error, 'The import failed: nothing was imported. Try again.');
      if (body && body.status === 400) {
        try {
          setState({ kind: 'preview', fileName: state.fileName, csv: state.csv, preview: await previewEmployeesImport(companyId, state.csv) });
        } catch {
          setState({ kind: 'refused', fileName: state.fileName, message });
        }
      } else setState({ kind: 'refused', fileName: state.fileName, message });
    }
  };

  const preview = state.kind === 'preview' ? state.preview : null;
  const invalid = preview?.totals.invalid ?? 0;
  const badLines = preview ? preview.rows.filter((row) => row.errors.length > 0).map((row) => row.line) : [];

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            Import from CSV
          </Title>
          <Text size="sm" c="dimmed">
            A header row with first name, last name, email and (optional) phone, then one employee a row; at most {EMPLOYEES_CSV_LIMITS.maxRows.toLocaleString('en-US')} rows.{' '}
            <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`} download="employees-template.csv">
              Download a template
            </a>
          </Text>
        </div>
        <Dropzone
          onDrop={(files) => void read(files[0])}
          accept={ACCEPT}
          multiple={false}
          maxSize={EMPLOYEES_CSV_LIMITS.maxBytes}
          onReject={(rejected) => setState({ kind: 'refused', fileName: rejected[0]?.file.name ?? '', message: rejected[0]?.errors[0]?.message ?? 'This file cannot be used' })}
          loading={state.kind === 'checking'}
          aria-label="Employees CSV file"
          name="employees-csv"
        >
          <Group justify="center" gap="sm" mih={70} style={{ pointerEvents: 'none' }}>
            <IconFileSpreadsheet size={32} stroke={1.4} />
            <Text size="sm">Drop a CSV file here, or click to choose one</Text>
          </Group>
        </Dropzone>

        {state.kind === 'refused' ? <FormErrorAlert message={`${state.fileName ? `${state.fileName}: ` : ''}${state.message}`} /> : null}
        {state.kind === 'done' ? (
          <Alert color="green" title="Imported" role="status">
            {state.result.imported} employees from {state.fileName}: {state.result.created} new accounts, {state.result.attached} existing customers attached
            {state.result.alreadyMembers > 0 ? `, ${state.result.alreadyMembers} already employees` : ''}
            {state.result.skippedLines.length > 0 ? `; skipped ${linesText(state.result.skippedLines)}` : ''}.
          </Alert>
        ) : null}

        {preview && state.kind === 'preview' ? (
          <>
            <Group justify="space-between" align="center">
              <Text size="sm" role="status">
                {state.fileName}: {preview.totals.rows} rows, {preview.totals.valid} ready
                {invalid > 0 ? `, ${invalid} with errors` : ''} ({preview.totals.new} new, {preview.totals.existing} existing, {preview.totals.member} already employees)
              </Text>
              <Group gap="xs">
                <Button variant="default" onClick={() => setState({ kind: 'idle' })}>
                  Cancel
                </Button>
                {invalid === 0 ? (
                  <Button onClick={() => void runImport()} loading={importer.isPending}>
                    Import {preview.totals.valid} employees
                  </Button>
                ) : preview.totals.valid > 0 ? (
                  <Button onClick={() => void runImport(badLines)} loading={importer.isPending}>
                    Import the {preview.totals.valid} valid {preview.totals.valid === 1 ? 'row' : 'rows'} and skip {linesText(badLines)}
                  </Button>
                ) : null}
              </Group>
            </Group>
            {invalid > 0 ? (
              <Alert color="red" title={`${invalid === 1 ? 'One row has' : `${invalid} rows have`} errors`}>
                Fix the file and choose it again, or import the valid rows and skip {linesText(badLines)}. Nothing is imported until you choose.
              </Alert>
            ) : null}
            <Table.ScrollContainer minWidth={720} type="native" mah={420}>
              <Table verticalSpacing={6} aria-label="Rows of the file" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    <Table.Th>First name</Table.Th>
                    <Table.Th>Last name</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Phone</Table.Th>
                    <Table.Th>Result</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((row) => (
                    <Table.Tr key={row.line} bg={row.errors.length > 0 ? 'var(--mantine-color-red-light)' : undefined}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>{row.firstName}</Table.Td>
                      <Table.Td>{row.lastName}</Table.Td>
                      <Table.Td>{row.email}</Table.Td>
                      <Table.Td>{row.phone ?? ''}</Table.Td>
                      <Table.Td>
                        {row.status ? (
                          <Badge variant="light" color={row.status === 'new' ? 'blue' : 'gray'}>
                            {STATUS_LABELS[row.status]}
                          </Badge>
                        ) : (
                          <Stack gap={0}>
                            {row.errors.map((error) => (
                              <Text key={error} size="xs" c="red">
                                {error}
                              </Text>
                            ))}
                          </Stack>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** "line 4", "lines 4 and 7", "lines 4, 7 and 9"; past five lines, "lines 4, 7, 9, 11, 12 and 3 more". */
function linesText(lines: number[]): string {
  if (lines.length === 1) return `line ${lines[0]}`;
  const shown = lines.slice(0, 5);
  const more = lines.length - shown.length;
  if (more > 0) return `lines ${shown.join(', ')} and ${more} more`;
  return `lines ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}
