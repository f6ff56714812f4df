import { useState } from 'react';
import { Badge, Paper, Table, Text } from '@mantine/core';
import { FullPageLoader } from '../../../components/full-page-loader';
import { useStudioActivity } from '../api/get-activity';
import { describeActivity, formatDateTime } from '../lib/format';
import { EmptyState } from '../../../components/studio/empty-state';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';

export const ACTIVITY_PAGE_SIZE = 25;

/** The activity log, newest first, a page at a time (GET /studio/activity): when, who, what, subject. */
export function ActivityList() {
  const [page, setPage] = useState(1);
  const activity = useStudioActivity({ page, pageSize: ACTIVITY_PAGE_SIZE });
  if (activity.isPending) return <FullPageLoader label="Loading the activity" />;
  if (activity.isError) return <LoadFailed what="The activity" onRetry={() => void activity.refetch()} />;

  const { items, total } = activity.data;
  if (total === 0) {
    return <EmptyState title="No activity yet.">Every change staff make to the studio's data shows here: who, what and when.</EmptyState>;
  }
  return (
    <>
      <Paper withBorder radius="md" style={{ opacity: activity.isPlaceholderData ? 0.6 : 1 }}>
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing="sm" aria-label="Activity">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Subject</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="sm" component="time" dateTime={entry.at} style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(entry.at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {entry.actor ? (
                      <Text size="sm">{entry.actor.email}</Text>
                    ) : (
                      <Badge variant="light" color="gray" size="sm">
                        Studio CLI
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" title={entry.action}>
                      {describeActivity(entry.action, entry.details)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {entry.subject}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <ListPagination page={page} pageSize={ACTIVITY_PAGE_SIZE} total={total} onChange={setPage} noun="entries" />
    </>
  );
}
