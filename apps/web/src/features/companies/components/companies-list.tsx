import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { companyFields } from '@studio-gallery/contract';
import { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { LoadFailed } from '../../../components/studio/load-failed';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCompanies, useCreateCompany } from '../api/companies';

const createForm = z.object({ name: companyFields.shape.name, host: z.string().trim().max(300) });
type CreateForm = z.input<typeof createForm>;

/** New company (admins): a name and, optionally, its first host name; the rest is edited on its page. */
export function CreateCompanyForm({ companyPath }: { companyPath: (id: number) => string }) {
  const form = useForm<CreateForm>({ resolver: zodResolver(createForm), defaultValues: { name: '', host: '' } });
  const create = useCreateCompany();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const company = await create.mutateAsync({ name: values.name, hosts: values.host ? [values.host] : [] });
      notifySuccess(`${company.name} created.`);
      void navigate(companyPath(company.id));
    } catch (error) {
      setFailure(errorMessage(error, 'The company could not be created. Try again.'));
    }
  });
  return (
    <Paper withBorder radius="md" p="md">
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="New company">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            New company
          </Title>
          <FormErrorAlert message={failure} />
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <TextInput label="Name" error={errors.name?.message} miw={220} {...form.register('name')} />
            <TextInput label="Host name (optional)" placeholder="photos.acme.com" error={errors.host?.message} miw={220} {...form.register('host')} />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Create company
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Every company with its hosts and employee count, the studio first (GET /studio/companies). */
export function CompaniesList({ companyPath }: { companyPath: (id: number) => string }) {
  const companies = useCompanies();
  if (companies.isPending) return <FullPageLoader label="Loading companies" />;
  if (companies.isError) return <LoadFailed what="The companies" onRetry={() => void companies.refetch()} />;
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={560} type="native">
        <Table verticalSpacing="sm" highlightOnHover aria-label="Companies">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Company</Table.Th>
              <Table.Th>Host names</Table.Th>
              <Table.Th ta="right">Employees</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {companies.data.items.map((company) => (
              <Table.Tr key={company.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Box w={14} h={14} style={{ borderRadius: '50%', backgroundColor: company.accentColor, flex: 'none' }} aria-hidden />
                    <Anchor component={Link} to={companyPath(company.id)} fw={500} size="sm">
                      {company.name}
                    </Anchor>
                    {company.isDefault ? (
                      <Badge size="xs" variant="light">
                        The studio
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={company.hosts.length ? undefined : 'dimmed'}>
                    {company.hosts.join(', ') || (company.isDefault ? 'Every other host' : 'None yet')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{company.isDefault ? '—' : company.employeeCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
