import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconUserMinus } from '@tabler/icons-react';
import { type AddEmployeeRequest, addEmployeeRequest } from '@studio-gallery/contract';
import { FormErrorAlert } from '../../../components/form-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { EmptyState } from '../../../components/studio/empty-state';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddEmployee, useCompanyEmployees, useRemoveEmployee } from '../api/companies';
import { EmployeesImport } from './employees-import';

export const EMPLOYEES_PAGE_SIZE = 25;

/** Add one employee: an existing customer is attached, a new address gets an (inactive) account. */
export function AddEmployeeForm({ companyId }: { companyId: number }) {
  const form = useForm<AddEmployeeRequest>({ resolver: zodResolver(addEmployeeRequest), defaultValues: { firstName: '', lastName: '', email: '', phone: '' } });
  const add = useAddEmployee(companyId);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await add.mutateAsync(values);
      notifySuccess(result.created ? `${result.employee.email} added (new account).` : `${result.employee.email} added.`);
      form.reset();
    } catch (error) {
      setFailure(errorMessage(error, 'The employee could not be added. Try again.'));
    }
  });
  return (
    <Paper withBorder radius="md" p="md">
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="Add an employee">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Add an employee
          </Title>
          <FormErrorAlert message={failure} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput label="First name" error={errors.firstName?.message} {...form.register('firstName')} />
            <TextInput label="Last name" error={errors.lastName?.message} {...form.register('lastName')} />
            <TextInput label="Email" type="email" error={errors.email?.message} {...form.register('email')} />
            <TextInput label="Phone (optional)" type="tel" error={errors.phone?.message} {...form.register('phone')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              Add employee
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The employees of a company: search, table with remove (the account stays), pages. */
export function EmployeesTable({ companyId }: { companyId: number }) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const employees = useCompanyEmployees(companyId, { search, page, pageSize: EMPLOYEES_PAGE_SIZE });
  const remove = useRemoveEmployee(companyId);
  const commit = (value: string) => {
    if (value.trim() === search) return;
    setSearch(value.trim());
    setPage(1);
  };
  const debounced = useDebouncedCallback(commit, 350);

  const searchBox = (
    <TextInput
      label="Search employees"
      placeholder="Name or email"
      value={input}
      maxLength={200}
      leftSection={<IconSearch size={16} stroke={1.6} />}
      onChange={(event) => {
        setInput(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      maw={420}
      mb="md"
    />
  );
  if (employees.isPending) return <>{searchBox}<FullPageLoader label="Loading employees" /></>;
  if (employees.isError) return <>{searchBox}<LoadFailed what="The employees" onRetry={() => void employees.refetch()} /></>;
  const { items, total } = employees.data;
  return (
    <>
      {searchBox}
      {items.length === 0 ? (
        <EmptyState title={search ? `No employees match “${search}”.` : 'No employees yet.'}>{search ? 'Try part of a name or an email address.' : 'Add one above, or import a CSV file.'}</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640} type="native">
            <Table verticalSpacing="sm" aria-label="Employees">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Account</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((employee) => (
                  <Table.Tr key={employee.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {`${employee.firstName} ${employee.lastName}`.trim() || employee.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{employee.email}</Table.Td>
                    <Table.Td>{employee.phone ?? ''}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={employee.activated ? 'green' : 'gray'}>
                        {employee.activated ? 'Active' : 'Not activated'}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${employee.email} from the company`}
                        loading={remove.isPending && remove.variables === employee.id}
                        onClick={() =>
                          remove.mutate(employee.id, {
                            onSuccess: () => notifySuccess(`${employee.email} no longer belongs to the company (the account stays).`),
                            onError: (error) => notifyError(errorMessage(error, 'The employee could not be removed. Try again.')),
                          })
                        }
                      >
                        <IconUserMinus size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ListPagination page={page} pageSize={EMPLOYEES_PAGE_SIZE} total={total} onChange={setPage} noun="employees" />
    </>
  );
}

/** The Employees tab: add one, import a CSV, the list. */
export function EmployeesPanel({ companyId }: { companyId: number }) {
  return (
    <Stack gap="lg">
      <AddEmployeeForm companyId={companyId} />
      <EmployeesImport companyId={companyId} />
      <EmployeesTable companyId={companyId} />
    </Stack>
  );
}
