import { Box, CloseButton, Drawer, Group } from '@mantine/core';
import { BrandLogo } from '../../features/branding/components/brand-logo';
import { HEADER_HEIGHT } from './layout-sizes';
import { Sidebar, type SidebarProps } from './sidebar';

export interface NavigationDrawerProps {
  opened: boolean;
  onClose: () => void;
  sidebar: Omit<SidebarProps, 'onNavigate'>;
}

/** The phone's navigation: the sidebar in a drawer opened from the top bar's burger. */
export function NavigationDrawer({ opened, onClose, sidebar }: NavigationDrawerProps) {
  return (
    <Drawer.Root opened={opened} onClose={onClose} size={300} hiddenFrom="sm">
      <Drawer.Overlay />
      <Drawer.Content aria-label="Navigation">
        <Group justify="space-between" px="md" h={HEADER_HEIGHT} wrap="nowrap">
          <BrandLogo height={28} />
          <CloseButton onClick={onClose} aria-label="Close navigation" size="lg" />
        </Group>
        <Drawer.Body p={0} h={`calc(100% - ${HEADER_HEIGHT}px)`}>
          <Box component="nav" aria-label="Sidebar" h="100%">
            <Sidebar {...sidebar} onNavigate={onClose} />
          </Box>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
