import { Badge, Paper, Table, Text } from '@mantine/core';
import { FullPageLoader } from '../../../components/full-page-loader';
import { useStudioStaff } from '../api/get-staff';
import { displayName } from '../lib/format';
import { EmptyState } from '../../../components/studio/empty-state';
import { LoadFailed } from '../../../components/studio/load-failed';

/** The studio's staff members and admins (GET /studio/staff, admins only). */
export function StaffList({ currentUserId }: { currentUserId: number }) {
  const staff = useStudioStaff();
  if (staff.isPending) return <FullPageLoader label="Loading the staff" />;
  if (staff.isError) return <LoadFailed what="The staff list" onRetry={() => void staff.refetch()} />;
  if (staff.data.items.length === 0) return <EmptyState title="No staff yet.">Add someone with the form.</EmptyState>;
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={560} type="native">
        <Table verticalSpacing="sm" aria-label="Staff">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {staff.data.items.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {displayName(member.firstName, member.lastName, member.email)}
                    {member.id === currentUserId ? (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (you)
                      </Text>
                    ) : null}
                  </Text>
                </Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={member.role === 'admin' ? 'grape' : 'blue'}>
                    {member.role === 'admin' ? 'Admin' : 'Staff'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {member.activated ? (
                    <Text size="sm">Active</Text>
                  ) : (
                    <Badge variant="outline" color="yellow">
                      Invited
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
