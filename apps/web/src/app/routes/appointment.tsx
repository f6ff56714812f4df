import { Box, Container, Group } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { AppointmentScreen } from '../../features/appointments/components/appointment-screen';
import { BrandLogo } from '../../features/branding/components/brand-logo';

/**
 * /appointment?id=<invite>[&manage=<token>] (spec §2: only with a session URL; without `id` the
 * screen says there is no invite). A page of its own: the picker needs the width on desktop.
 */
export function AppointmentRoute() {
  useDocumentTitle('Book your appointment');
  const [params] = useSearchParams();
  const inviteId = params.get('id')?.trim() || null;
  const manageToken = params.get('manage')?.trim() || null;
  return (
    <Box mih="100dvh">
      <Container size="md" px="md">
        <Group justify="space-between" py="md">
          <BrandLogo height={32} />
          <ColorSchemeToggle />
        </Group>
        <main id="main-content" tabIndex={-1} style={{ outline: 'none', paddingBottom: 'var(--mantine-spacing-xl)' }}>
          <AppointmentScreen inviteId={inviteId} manageToken={manageToken} />
        </main>
      </Container>
    </Box>
  );
}
