import { Anchor, Badge, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { describeRecipe } from '@studio-gallery/contract';
import { IconDownload } from '@tabler/icons-react';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { LoadFailed } from '../../../components/studio/load-failed';
import { OrderStatusBadge } from '../../../components/studio/orders-table';
import { isApiError } from '../../../lib/api-client';
import { type StudioOrder, useStudioOrder } from '../api/get-orders';
import { displayName, formatDateTime } from '../lib/format';
import { DeliveryUpload } from './delivery-upload';


type OrderPhoto = StudioOrder['items'][number];

function PhotoCard({ photo }: { photo: OrderPhoto }) {
  const edits = photo.editRecipe ? describeRecipe(photo.editRecipe) : [];
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={photo.photoName}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Image src={photo.thumbUrl} alt={`${photo.photoName}, as the customer sees it`} w={96} h={128} fit="cover" radius="sm" />
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Text fw={600}>{photo.photoName}</Text>
            {photo.deliveredAt ? (
              <Badge color="teal" variant="light" size="sm">
                Delivered
              </Badge>
            ) : (
              <Badge color="gray" variant="light" size="sm">
                Waiting
              </Badge>
            )}
          </Group>
          <Text size="sm">{photo.serviceLabel}</Text>
          <Text size="xs" c="dimmed">
            Session: {photo.sessionName}
          </Text>
          {edits.length > 0 ? (
            <Text size="xs" c="dimmed">
              Customer's edit: {edits.join(' · ')}
            </Text>
          ) : null}
          <Group gap="sm">
            <Anchor href={photo.originalUrl} download={photo.photoName} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconDownload size={14} aria-hidden />
                Original
              </Group>
            </Anchor>
            {photo.editedUrl ? (
              <Anchor href={photo.editedUrl} target="_blank" rel="noreferrer" size="sm">
                Customer's edit
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** A retouch order (GET /studio/orders/{id}): its photos with the customer's edit, and delivery by upload. */
export function OrderDetail({ orderId }: { orderId: number }) {
  const order = useStudioOrder(orderId);
  if (order.isPending) return <FullPageLoader label="Loading the order" />;
  if (order.isError) {
    if (isApiError(order.error) && order.error.status === 404) return <PageHeader title="Order not found" description={order.error.message} />;
    return <LoadFailed what="The order" onRetry={() => void order.refetch()} />;
  }
  const data = order.data;
  const customer = displayName(data.customer.firstName, data.customer.lastName, data.customer.email);

  return (
    <>
      <PageHeader title={`Order ${data.orderId}`} description={`${customer} · ${data.services}`} />
      <Group gap="lg" mb="lg">
        <OrderStatusBadge order={data} />
        <Text size="sm">
          {data.status === 'DELIVERED' && data.deliveredAt ? `Delivered ${formatDateTime(data.deliveredAt)}` : `Due ${formatDateTime(data.dueAt)}`}
        </Text>
        <Text size="sm" c="dimmed">
          Ordered {formatDateTime(data.createdAt)} · ${data.totalPrice.toFixed(2)} ·{' '}
          <Anchor href={`mailto:${data.customer.email}`} size="sm">
            {data.customer.email}
          </Anchor>
        </Text>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Photos ({data.deliveredPhotos} of {data.photos} delivered)
          </Title>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.items.map((photo) => (
              <PhotoCard key={photo.itemId} photo={photo} />
            ))}
          </Stack>
        </Stack>
        <DeliveryUpload order={data} />
      </SimpleGrid>
    </>
  );
}
