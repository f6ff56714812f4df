import { AppShell, Box, CloseButton, Container, Drawer, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { BrandLogo } from '../../features/branding/components/brand-logo';
import { useSession, useStoredValue } from '../../lib/session';
import { getCartItemCount } from '../../lib/storage';
import { MobileNav } from './mobile-nav';
import { Sidebar } from './sidebar';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import classes from './app-layout.module.css';

const HEADER_HEIGHT = 64;
const NAVBAR_WIDTH = 280;

/** The signed-in screens' frame (spec §2 Layout): top bar, sidebar, content, footer, phone menu. */
export function AppLayout() {
  const session = useSession();
  const cartCount = useStoredValue(getCartItemCount);
  const logout = useLogout();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);

  const sidebarProps = {
    userId: session?.userId ?? null,
    signedIn: session !== null,
    onLogout: logout,
  };

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: true, desktop: !desktopOpened } }}
      padding={0}
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header>
        <TopBar
          navOpened={isPhone ? drawerOpened : desktopOpened}
          onToggleNav={isPhone ? drawer.toggle : desktop.toggle}
          email={session?.email ?? null}
          signedIn={session !== null}
          cartCount={cartCount}
          onLogout={logout}
        />
      </AppShell.Header>

      <AppShell.Navbar
        className={classes.navbar}
        aria-label="Sidebar"
        visibleFrom="sm"
        inert={!desktopOpened}
        data-collapsed={!desktopOpened || undefined}
      >
        {/* Hidden on phones (they use the drawer below): not mounted there, so its orders and promotion aren't fetched. */}
        {isPhone ? null : <Sidebar {...sidebarProps} />}
      </AppShell.Navbar>

      <Drawer.Root opened={drawerOpened && isPhone} onClose={drawer.close} size={300} hiddenFrom="sm">
        <Drawer.Overlay />
        <Drawer.Content aria-label="Navigation">
          <Group justify="space-between" px="md" h={HEADER_HEIGHT} wrap="nowrap">
            <BrandLogo height={28} />
            <CloseButton onClick={drawer.close} aria-label="Close navigation" size="lg" />
          </Group>
          <Drawer.Body p={0} h={`calc(100% - ${HEADER_HEIGHT}px)`}>
            <Box component="nav" aria-label="Sidebar" h="100%">
              <Sidebar {...sidebarProps} onNavigate={drawer.close} />
            </Box>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main} style={{ '--footer-height': '57px' } as React.CSSProperties}>
        <Container size="lg" px={{ base: 'md', sm: 'xl' }} className={classes.content}>
          <Outlet />
        </Container>
      </AppShell.Main>
      <SiteFooter />
      <MobileNav />
    </AppShell>
  );
}
