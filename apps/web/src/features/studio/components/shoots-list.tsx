import { useState } from 'react';
import { Anchor, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { EmptyState } from '../../../components/studio/empty-state';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';
import { paths } from '../../../config/paths';
import { useStudioShoots } from '../api/shoots';
import { formatDateTime } from '../lib/format';
import { ShootStatusBadge } from './shoot-import-progress';

const PAGE_SIZE = 20;

/** Shoot uploads, newest first (GET /studio/shoots), following the imports in progress. */
export function ShootsList() {
  const [page, setPage] = useState(1);
  const shoots = useStudioShoots({ page, pageSize: PAGE_SIZE });
  if (shoots.isPending) return <FullPageLoader label="Loading the uploads" />;
  if (shoots.isError) return <LoadFailed what="The uploads" onRetry={() => void shoots.refetch()} />;
  const { items, total } = shoots.data;
  if (items.length === 0) return <EmptyState title="No shoots uploaded yet.">Upload a shoot to put its photos in a customer's gallery.</EmptyState>;
  return (
    <>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={720} type="native">
          <Table verticalSpacing="sm" highlightOnHover aria-label="Shoot uploads">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Session</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Files</Table.Th>
                <Table.Th>Imported</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th miw={140}>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((shoot) => (
                <Table.Tr key={shoot.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.studioShootOf(shoot.id)} fw={600}>
                      {shoot.sessionName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{shoot.customerEmail}</Text>
                  </Table.Td>
                  <Table.Td>{shoot.uploadedFiles}</Table.Td>
                  <Table.Td>{shoot.status === 'importing' ? `${shoot.processed} of ${shoot.totalFiles}` : shoot.imported}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(shoot.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ShootStatusBadge status={shoot.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <ListPagination page={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} noun="uploads" />
    </>
  );
}
