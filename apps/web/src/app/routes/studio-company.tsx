import { useDocumentTitle } from '@mantine/hooks';
import { Anchor, Group, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/studio/load-failed';
import { paths } from '../../config/paths';
import { useCompany } from '../../features/companies/api/companies';
import { CompanyBrandingForm } from '../../features/companies/components/company-branding-form';
import { CompanyMedia } from '../../features/companies/components/company-media';
import { EmployeesPanel } from '../../features/companies/components/employees-panel';
import { ExportPhotosButton, InviteEmployeesButton } from '../../features/companies/components/company-invites';
import { CompanyOrders } from '../../features/companies/components/company-orders';
import { accountQueryOptions } from '../../lib/account';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';

const TABS = ['branding', 'employees', 'orders'] as const;
type CompanyTab = (typeof TABS)[number];

/**
 * /studio/companies/:id: a company's branding (admins edit it), its employees (with bulk invites and
 * the export of their chosen photos) and its employees' retouch orders (tabs).
 */
export function StudioCompanyRoute() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const account = useQuery({ ...accountQueryOptions(session?.userId ?? ''), enabled: session !== null });
  const company = useCompany(id);
  useDocumentTitle(`${company.data?.name ?? 'Company'} · Studio`);

  const back = (
    <Anchor component={Link} to={paths.studioCompanies} size="sm">
      ← All companies
    </Anchor>
  );
  if (company.isPending) return <FullPageLoader label="Loading the company" />;
  if (company.isError) {
    if (isApiError(company.error) && (company.error.status === 404 || company.error.status === 400)) {
      return (
        <>
          <PageHeader title="No such company" description="It may have been removed." />
          {back}
        </>
      );
    }
    return <LoadFailed what="The company" onRetry={() => void company.refetch()} />;
  }
  const asked = params.get('tab');
  const tab: CompanyTab = asked === 'orders' ? 'orders' : asked === 'employees' && !company.data.isDefault ? 'employees' : 'branding';
  return (
    <>
      {back}
      <PageHeader title={company.data.name} description={company.data.isDefault ? 'The studio itself: the branding of every host no company claims.' : `${company.data.employeeCount} employees`} />
      <Tabs value={tab} onChange={(value) => setParams(value && value !== 'branding' && TABS.includes(value as CompanyTab) ? { tab: value } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="branding">Branding</Tabs.Tab>
          {!company.data.isDefault ? <Tabs.Tab value="employees">Employees</Tabs.Tab> : null}
          <Tabs.Tab value="orders">Orders</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="branding">
          {/* Keyed by id: another company's page starts from its own values. */}
          <CompanyBrandingForm key={company.data.id} company={company.data} canEdit={account.data?.role === 'admin'} />
          {account.data?.role === 'admin' ? <CompanyMedia key={company.data.id} companyId={company.data.id} isDefault={company.data.isDefault} /> : null}
        </Tabs.Panel>
        {!company.data.isDefault ? (
          <Tabs.Panel value="employees">
            <Group justify="flex-end" mb="md" gap="sm">
              <InviteEmployeesButton companyId={company.data.id} employeeCount={company.data.employeeCount} />
              <ExportPhotosButton companyId={company.data.id} />
            </Group>
            <EmployeesPanel companyId={company.data.id} />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="orders">
          <CompanyOrders companyId={company.data.id} orderHref={paths.studioOrderOf} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
