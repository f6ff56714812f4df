import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { CustomersTable } from '../../features/studio/components/customers-table';

/** /studio/customers: search the customers; sessions, photos and when they were last active. */
export function StudioCustomersRoute() {
  useDocumentTitle('Customers · Studio');
  return (
    <>
      <PageHeader title="Customers" description="Search by name or email." />
      <CustomersTable />
    </>
  );
}
