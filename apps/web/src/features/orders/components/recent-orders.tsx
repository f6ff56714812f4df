import { Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatOrderId } from '../../../lib/format';
import { useUserOrders } from '../api/get-user-orders';

export interface RecentOrdersProps {
  userId: string | null;
  /** Where an order entry leads (the invoices list). */
  orderHref: string;
  /** How many to list. */
  limit?: number;
  onNavigate?: () => void;
}

/** The sidebar's "Recent Orders" list. */
export function RecentOrders({ userId, orderHref, limit = 3, onNavigate }: RecentOrdersProps) {
  const orders = useUserOrders(userId);

  if (!userId) {
    return (
      <Text size="sm" c="dimmed" px="sm">
        Sign in to see your orders.
      </Text>
    );
  }
  if (orders.isPending) {
    return (
      <Stack gap={6} px="sm">
        <Skeleton h={14} />
        <Skeleton h={14} w="70%" />
      </Stack>
    );
  }
  const list = orders.data ?? [];
  if (list.length === 0) {
    return (
      <Text size="sm" c="dimmed" px="sm">
        No recent orders yet.
      </Text>
    );
  }
  const recent = [...list].sort((a, b) => b.datetime.localeCompare(a.datetime)).slice(0, limit);
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {recent.map((order) => (
        <li key={order.id}>
          <UnstyledButton
            component={Link}
            to={orderHref}
            onClick={onNavigate}
            px="sm"
            py={6}
            w="100%"
            style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'block' }}
          >
            <Text size="sm" fw={600}>
              {formatOrderId(order.id)} · {order.type}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(order.datetime)}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
