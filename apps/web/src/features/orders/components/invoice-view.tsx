import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatOrderNumber, messages, serviceLabels } from '@studio-gallery/contract';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSpecialRequest } from '../api/get-special-request';
import classes from './invoice.module.css';

export interface InvoiceViewProps {
  orderId: number | null;
  /** The studio: its logo (or name) and name. */
  studioLogo: ReactNode;
  studioName: string;
  customer: { name: string | null; email: string };
  backHref: string;
}

/** A printable invoice of one order (GET /SpecialRequest/{id}); status always Paid (spec §9). */
export function InvoiceView({ orderId, studioLogo, studioName, customer, backHref }: InvoiceViewProps) {
  const order = useSpecialRequest(orderId);

  const back = (
    <Anchor component={Link} to={backHref} className={classes.noPrint} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden /> Back to invoices
      </Group>
    </Anchor>
  );

  if (orderId === null) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {messages.unexpectedError}
        </Alert>
      </Stack>
    );
  }
  if (order.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading invoice">
        {back}
        <Skeleton h={420} radius="lg" className={classes.sheet} w="100%" />
      </Stack>
    );
  }
  if (order.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="This invoice could not be loaded">
          {errorMessage(order.error, messages.unexpectedError)}
        </Alert>
      </Stack>
    );
  }

  const data = order.data;
  const number = formatOrderNumber(data.id);
  return (
    <Stack gap="md">
      <Group justify="space-between" className={classes.noPrint}>
        {back}
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.sheet} component="article" aria-labelledby="invoice-title">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={6}>
              {studioLogo}
              <Text size="sm" c="dimmed">
                {studioName}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end">
              <Title order={1} fz={{ base: 24, sm: 28 }} id="invoice-title">
                Invoice {number}
              </Title>
              <Badge color="teal" variant="light" size="lg" classNames={{ label: classes.paid }}>
                Paid
              </Badge>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Stack gap={2}>
              <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
                Billed to
              </Text>
              {customer.name ? <Text fw={600}>{customer.name}</Text> : null}
              <Text size="sm">{customer.email}</Text>
            </Stack>
            <Stack gap={2} align="flex-start">
              <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
                Order
              </Text>
              <Text size="sm">Order ID: {number}</Text>
              <Text size="sm">Date: {formatDate(data.orderDate)}</Text>
              {data.cardBrand ? <Text size="sm">Card: {data.cardBrand}</Text> : null}
            </Stack>
          </SimpleGrid>
          <Table className={classes.table} verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Photo</Table.Th>
                <Table.Th scope="col">Service</Table.Th>
                <Table.Th scope="col" ta="right">
                  Price
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((item) => (
                <Table.Tr key={`${item.imageid}-${item.serviceType}`}>
                  <Table.Td>{item.name}</Table.Td>
                  <Table.Td>{serviceLabels[item.serviceType]}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.price)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap={6} ml="auto" w={{ base: '100%', xs: 300 }} component="dl" m={0} style={{ marginInlineStart: 'auto' }}>
            <InvoiceRow label="Item price" value={formatMoney(data.itemPrice)} />
            <InvoiceRow label="Tax" value={formatMoney(data.tax)} />
            <InvoiceRow
              label={data.discountPercentage > 0 ? `Discount (${data.discountPercentage}%${data.couponCode ? `, ${data.couponCode}` : ''})` : 'Discount'}
              value={data.discount > 0 ? `−${formatMoney(data.discount)}` : formatMoney(0)}
            />
            <InvoiceRow label="Total" value={formatMoney(data.totalPrice)} strong />
            <InvoiceRow label="Payment status" value="Paid" />
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}

function InvoiceRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      style={strong ? { borderTop: '1px solid var(--mantine-color-default-border)', paddingTop: 'var(--mantine-spacing-xs)' } : undefined}
    >
      <Text component="dt" size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text component="dd" m={0} size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}
