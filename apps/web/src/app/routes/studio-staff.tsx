import { useDocumentTitle } from '@mantine/hooks';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { AddStaffForm } from '../../features/studio/components/add-staff-form';
import { StaffList } from '../../features/studio/components/staff-list';
import { accountQueryOptions } from '../../lib/account';
import { useSession } from '../../lib/session';

/** /studio/staff (admins only): the staff list and a form to add staff. Staff members go to /studio. */
export function StudioStaffRoute() {
  useDocumentTitle('Staff · Studio');
  const session = useSession();
  // The studio layout has loaded the account before any of its screens shows.
  const account = useQuery({ ...accountQueryOptions(session?.userId ?? ''), enabled: session !== null });
  if (!account.data) return null;
  if (account.data.role !== 'admin') return <Navigate to={paths.studio} replace />;
  return (
    <>
      <PageHeader title="Staff" description="Who can sign in to the studio, and as what." />
      <Stack gap="xl">
        <AddStaffForm />
        <StaffList currentUserId={account.data.id} />
      </Stack>
    </>
  );
}
