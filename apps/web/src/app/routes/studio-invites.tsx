import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { InvitesScreen } from '../../features/studio-booking/components/invites-screen';

/** /studio/invites: invite customers to book, and the invites sent with their status. */
export function StudioInvitesRoute() {
  useDocumentTitle('Invites · Studio');
  return (
    <>
      <PageHeader title="Invites" description="Booking invites: who may book what, and whether they have." />
      <InvitesScreen />
    </>
  );
}
