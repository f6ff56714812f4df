import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatOrderNumber, serviceLabels, SERVICE_TYPES, turnaroundText, type SpecialRequestOrder } from '@studio-gallery/contract';
import { formatMoney } from '../../../lib/format';
import { OrderModal } from '../../../components/order-modal';

export interface OrderSuccessModalProps {
  order: SpecialRequestOrder | null;
  /** The studio's turnaround in hours (the price lookup); else taken from the order's due date. */
  turnaroundHours?: number | null;
  onDone: () => void;
}

/** Order placed (spec §2, §4): per-service turnaround text and Done. */
export function OrderSuccessModal({ order, turnaroundHours, onDone }: OrderSuccessModalProps) {
  return (
    <OrderModal opened={order !== null} onClose={onDone} title="Order placed" size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      {order ? <SuccessBody order={order} turnaroundHours={turnaroundHours} onDone={onDone} /> : null}
    </OrderModal>
  );
}

function SuccessBody({ order, turnaroundHours, onDone }: { order: SpecialRequestOrder; turnaroundHours?: number | null; onDone: () => void }) {
  const hours =
    turnaroundHours ?? Math.max(0, Math.round((new Date(order.dueAt).getTime() - new Date(order.orderDate).getTime()) / 3_600_000));
  const services = SERVICE_TYPES.map((type) => ({ type, count: order.items.filter((item) => item.serviceType === type).length })).filter((s) => s.count > 0);
  return (
    <Stack gap="md" align="center" ta="center">
      <ThemeIcon size={72} radius={999} color="teal" variant="light" aria-hidden>
        <IconCircleCheck size={44} stroke={1.4} />
      </ThemeIcon>
      <Stack gap={2}>
        <Text fw={700} fz="lg">
          Thank you! Your order {formatOrderNumber(order.id)} is placed.
        </Text>
        <Text size="sm" c="dimmed">
          {order.totalPrice > 0 ? `${formatMoney(order.totalPrice)} paid.` : 'No payment was needed.'} A confirmation is on its way by email.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="sm" w="100%">
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} ta="left">
          {services.map(({ type, count }) => (
            <li key={type}>
              <Text size="sm">
                <b>{serviceLabels[type]}</b> ({count} {count === 1 ? 'photo' : 'photos'}): {turnaroundText(hours)}.
              </Text>
            </li>
          ))}
        </Stack>
      </Paper>
      <Text size="sm" c="dimmed">
        Retouched photos appear in the Retouched tab of your gallery once delivered.
      </Text>
      <Button size="md" fullWidth onClick={onDone}>
        Done
      </Button>
    </Stack>
  );
}
