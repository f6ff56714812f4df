import { useDocumentTitle } from '@mantine/hooks';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { CompaniesList, CreateCompanyForm } from '../../features/companies/components/companies-list';
import { accountQueryOptions } from '../../lib/account';
import { useSession } from '../../lib/session';

/** /studio/companies: the corporate clients (admins also create them here). */
export function StudioCompaniesRoute() {
  useDocumentTitle('Companies · Studio');
  const session = useSession();
  // The studio layout has loaded the account before any of its screens shows.
  const account = useQuery({ ...accountQueryOptions(session?.userId ?? ''), enabled: session !== null });
  return (
    <>
      <PageHeader title="Companies" description="Corporate clients: their branding, host names and employees. The studio itself is the default." />
      <Stack gap="xl">
        {account.data?.role === 'admin' ? <CreateCompanyForm companyPath={paths.studioCompanyOf} /> : null}
        <CompaniesList companyPath={paths.studioCompanyOf} />
      </Stack>
    </>
  );
}
