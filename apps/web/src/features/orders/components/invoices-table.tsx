import { Anchor, Badge, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '@studio-gallery/contract';
import { paths } from '../../../config/paths';
import { formatDate, formatMoney, formatOrderId } from '../../../lib/format';
import { useUserOrders } from '../api/get-user-orders';

/** Bill & Invoices (spec §9): order id 'SP-'+id (opens the printable invoice), sales tax $0.00, payment status always Paid. */
export function InvoicesTable({ userId }: { userId: string }) {
  const orders = useUserOrders(userId);

  if (orders.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }

  const list = [...(orders.data ?? [])].sort((a, b) => b.datetime.localeCompare(a.datetime));
  if (list.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs" py="lg">
          <IconReceipt size={40} stroke={1.4} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text fw={600}>{messages.noInvoices}</Text>
          <Text size="sm" c="dimmed" ta="center">
            Orders for retouching and other services will appear here.
          </Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Caption>Your invoices</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Order ID</Table.Th>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col" ta="right">
                Price
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Sales Tax
              </Table.Th>
              <Table.Th scope="col">Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td fw={600}>
                  <Anchor component={Link} to={paths.invoiceOf(order.id)} fw={600} aria-label={`Invoice ${formatOrderId(order.id)}`}>
                    {formatOrderId(order.id)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(order.datetime)}</Table.Td>
                <Table.Td>{order.type}</Table.Td>
                <Table.Td ta="right">{formatMoney(order.priceSold)}</Table.Td>
                <Table.Td ta="right">{formatMoney(0)}</Table.Td>
                <Table.Td>
                  <Badge color="teal" variant="light">
                    Paid
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
