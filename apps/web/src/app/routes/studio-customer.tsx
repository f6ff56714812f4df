import { Anchor } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { CustomerPage } from '../../features/studio/components/customer-page';

/** /studio/customers/:id: a customer's sessions, invitation and activity. */
export function StudioCustomerRoute() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  useDocumentTitle('Customer · Studio');
  return (
    <>
      <Anchor component={Link} to={paths.studioCustomers} size="sm" mb="sm" display="inline-block">
        ← All customers
      </Anchor>
      {valid ? <CustomerPage key={id} customerId={id} /> : <PageHeader title="Customer not found" description="This address names no customer." />}
    </>
  );
}
