import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileInvoice, IconShoppingBag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatOrderNumber, messages, serviceLabels } from '@studio-gallery/contract';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSpecialRequests } from '../api/get-special-requests';
import { orderStatusColors } from '../lib/order-status';
import classes from './orders.module.css';

export interface OrdersListProps {
  /** The invoice page of an order. */
  invoiceHref: (id: number) => string;
  /** Where to go to order something (the gallery). */
  galleryHref: string;
}

/** /main/orders: the customer's orders with status, due date and total. */
export function OrdersList({ invoiceHref, galleryHref }: OrdersListProps) {
  const orders = useSpecialRequests();

  if (orders.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading orders">
        <Skeleton h={120} radius="lg" />
        <Skeleton h={120} radius="lg" />
      </Stack>
    );
  }
  if (orders.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Your orders could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(orders.error, messages.unexpectedError)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void orders.refetch()}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (orders.data.length === 0) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" gap="xs" ta="center">
          <IconShoppingBag size={44} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text fw={600}>No orders yet.</Text>
          <Text size="sm" c="dimmed" maw={420}>
            Choose photos in your gallery and order a professional touch-up or a new background. Your orders will appear here.
          </Text>
          <Button component={Link} to={galleryHref} variant="light" mt="sm">
            Go to your photos
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {orders.data.map((order) => {
        const number = formatOrderNumber(order.id);
        return (
          <Paper key={order.id} component="li" withBorder radius="lg" p="md" aria-labelledby={`order-${order.id}-title`}>
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs">
                    <Text component="h2" fw={700} fz="lg" m={0} id={`order-${order.id}-title`}>
                      {number}
                    </Text>
                    <Badge color={orderStatusColors[order.status]} variant="light" classNames={{ label: classes[order.status] }}>
                      {order.status}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    Ordered {formatDate(order.orderDate)} ·{' '}
                    {order.status === 'DELIVERED' && order.deliveredAt ? `Delivered ${formatDate(order.deliveredAt)}` : `Due ${formatDate(order.dueAt)}`}
                  </Text>
                </Stack>
                <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text fw={700} fz="lg">
                    {formatMoney(order.totalPrice)}
                  </Text>
                  <Button
                    component={Link}
                    to={invoiceHref(order.id)}
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconFileInvoice size={16} aria-hidden />}
                    aria-label={`Invoice ${number}`}
                  >
                    Invoice
                  </Button>
                </Stack>
              </Group>
              <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {order.items.map((item) => (
                  <Group key={`${item.imageid}-${item.serviceType}`} component="li" justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" truncate="end">
                      {item.name} · <Text span c="dimmed" size="sm">{serviceLabels[item.serviceType]}</Text>
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      {item.delivered ? (
                        <Badge size="xs" color="teal" variant="dot">
                          Delivered
                        </Badge>
                      ) : null}
                      <Text size="sm">{formatMoney(item.price)}</Text>
                    </Group>
                  </Group>
                ))}
              </Stack>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
