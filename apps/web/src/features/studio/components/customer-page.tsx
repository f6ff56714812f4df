import { Badge, Group, Stack, Text } from '@mantine/core';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { LoadFailed } from '../../../components/studio/load-failed';
import { isApiError } from '../../../lib/api-client';
import { useStudioCustomer } from '../api/customer';
import { displayName, formatDateTime } from '../lib/format';
import { CustomerSessions } from './customer-sessions';
import { CustomerTimeline } from './customer-timeline';

/** A customer's page (GET /studio/customers/{id}): who they are, their sessions, what they did. */
export function CustomerPage({ customerId }: { customerId: number }) {
  const customer = useStudioCustomer(customerId);
  if (customer.isPending) return <FullPageLoader label="Loading the customer" />;
  if (customer.isError) {
    if (isApiError(customer.error) && customer.error.status === 404) return <PageHeader title="Customer not found" description={customer.error.message} />;
    return <LoadFailed what="The customer" onRetry={() => void customer.refetch()} />;
  }
  const data = customer.data;
  return (
    <>
      <PageHeader title={displayName(data.firstName, data.lastName, data.email)} description={data.email} />
      <Group gap="sm" mb="lg">
        {data.activated ? (
          <Badge color="teal" variant="light">
            Activated
          </Badge>
        ) : (
          <Badge color="yellow" variant="light">
            {data.invitedAt ? 'Invited' : 'Not invited yet'}
          </Badge>
        )}
        {!data.activated && data.invitedAt ? (
          <Text size="sm" c="dimmed">
            Last invitation {formatDateTime(data.invitedAt)}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {data.favourites} {data.favourites === 1 ? 'favourite' : 'favourites'}
        </Text>
      </Group>
      <Stack gap="xl">
        <CustomerSessions customer={data} />
        <CustomerTimeline customerId={data.id} />
      </Stack>
    </>
  );
}
