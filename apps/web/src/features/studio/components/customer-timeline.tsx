import { useState } from 'react';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { CustomerEventKind } from '@studio-gallery/contract';
import {
  IconDownload,
  IconEye,
  IconEyeOff,
  IconHeart,
  IconHeartBroken,
  IconPhotoEdit,
  IconRestore,
  IconShare,
  IconShoppingCart,
  type Icon,
} from '@tabler/icons-react';
import { FullPageLoader } from '../../../components/full-page-loader';
import { EmptyState } from '../../../components/studio/empty-state';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';
import { type CustomerTimelineEvent, useCustomerTimeline } from '../api/customer';
import { formatDateTime } from '../lib/format';

export const TIMELINE_PAGE_SIZE = 20;

const KINDS: Record<CustomerEventKind, { icon: Icon; color: string; verb: string }> = {
  viewed: { icon: IconEye, color: 'gray', verb: 'Viewed' },
  favourited: { icon: IconHeart, color: 'pink', verb: 'Favourited' },
  unfavourited: { icon: IconHeartBroken, color: 'gray', verb: 'Unfavourited' },
  skipped: { icon: IconEyeOff, color: 'orange', verb: 'Skipped' },
  unskipped: { icon: IconRestore, color: 'gray', verb: 'Unskipped' },
  downloaded: { icon: IconDownload, color: 'blue', verb: 'Downloaded' },
  shared: { icon: IconShare, color: 'teal', verb: 'Shared' },
  edited: { icon: IconPhotoEdit, color: 'violet', verb: 'Edited' },
  ordered: { icon: IconShoppingCart, color: 'green', verb: 'Ordered retouching of' },
};

/**
 * What one event says, in words: "Favourited IMG_0002", "Downloaded 12 photos (ZIP)", "Viewed the
 * gallery", "Ordered retouching of IMG_0003 (SP-12)".
 */
export function describeCustomerEvent(event: CustomerTimelineEvent): string {
  const { verb } = KINDS[event.kind];
  let what: string;
  if (event.photoName) what = event.photoName;
  else if (event.count !== null) what = `${event.count} photos`;
  else if (event.kind === 'viewed') what = event.sessionId !== null || event.sessionName ? 'the session' : 'the gallery';
  else what = 'photos';
  const extras: string[] = [];
  if (event.kind === 'downloaded' && event.count !== null && !event.photoName) extras.push('ZIP');
  if (event.kind === 'downloaded' && event.resolution) extras.push(event.resolution === 'hr' ? 'high resolution' : 'web size');
  if (event.orderNumber) extras.push(event.orderNumber);
  const visitor = event.by === 'visitor' ? ' (visitor with the code)' : '';
  return `${verb} ${what}${extras.length > 0 ? ` (${extras.join(', ')})` : ''}${visitor}`;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago"; older than a week: the date and time. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const minutes = Math.floor((now.getTime() - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? 'yesterday' : `${days} days ago`;
  return formatDateTime(iso);
}

function TimelineItem({ event, now }: { event: CustomerTimelineEvent; now: Date }) {
  const { icon: KindIcon, color } = KINDS[event.kind];
  const parts = [describeCustomerEvent(event), event.sessionName, timeAgo(event.at, now)].filter((part): part is string => Boolean(part));
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="center" data-kind={event.kind}>
      <ThemeIcon variant="light" color={color} radius="xl" size="md" aria-hidden>
        <KindIcon size={16} stroke={1.6} />
      </ThemeIcon>
      <Text size="sm" title={formatDateTime(event.at)}>
        {parts.map((part, index) => (
          <span key={index}>
            {index > 0 ? ' · ' : ''}
            {index === 2 ? (
              <time dateTime={event.at}>{part}</time>
            ) : index === 0 && event.photoDeleted ? (
              <span>
                {part} <Text span c="dimmed" size="xs">(deleted)</Text>
              </span>
            ) : (
              part
            )}
          </span>
        ))}
      </Text>
    </Group>
  );
}

/** What the customer did in their gallery, newest first, a page at a time (GET /studio/customers/{id}/timeline). */
export function CustomerTimeline({ customerId, now }: { customerId: number; now?: Date }) {
  const [page, setPage] = useState(1);
  const timeline = useCustomerTimeline(customerId, page, TIMELINE_PAGE_SIZE);
  const content = (() => {
    if (timeline.isPending) return <FullPageLoader label="Loading the activity" />;
    if (timeline.isError) return <LoadFailed what="The activity" onRetry={() => void timeline.refetch()} />;
    const { items, total } = timeline.data;
    if (items.length === 0) return <EmptyState title="Nothing yet.">What the customer does in their gallery shows here.</EmptyState>;
    const at = now ?? new Date();
    return (
      <>
        <Paper withBorder radius="md" p="md" style={{ opacity: timeline.isPlaceholderData ? 0.6 : 1 }}>
          <Stack component="ol" gap="sm" aria-label="Customer activity" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((event) => (
              <TimelineItem key={event.id} event={event} now={at} />
            ))}
          </Stack>
        </Paper>
        <ListPagination page={page} pageSize={TIMELINE_PAGE_SIZE} total={total} onChange={setPage} noun="events" />
      </>
    );
  })();
  return (
    <section aria-labelledby="customer-activity-title">
      <Title order={3} size="h4" mb="sm" id="customer-activity-title">
        Activity
      </Title>
      {content}
    </section>
  );
}
