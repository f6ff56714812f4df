import { lazy, Suspense, useEffect } from 'react';
import { AppShell, Container } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useSession, useStoredValue } from '../../lib/session';
import { getCartItemCount } from '../../lib/storage';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { whenIdle } from '../../lib/when-idle';
import { HEADER_HEIGHT, NAVBAR_WIDTH } from './layout-sizes';
import { MobileNav } from './mobile-nav';
import { Sidebar } from './sidebar';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import classes from './app-layout.module.css';

// The phone's navigation drawer loads once the page is idle, or when the burger first opens it.
const loadNavigationDrawer = () => import('./navigation-drawer');
const NavigationDrawer = lazy(() => loadNavigationDrawer().then((m) => ({ default: m.NavigationDrawer })));

/** The signed-in screens' frame (spec §2 Layout): top bar, sidebar, content, footer, phone menu. */
export function AppLayout() {
  const session = useSession();
  const cartCount = useStoredValue(getCartItemCount);
  const logout = useLogout();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const drawerLoaded = useOpenedOnce(drawerOpened && isPhone);
  useEffect(() => (isPhone ? whenIdle(() => void loadNavigationDrawer().catch(() => undefined)) : undefined), [isPhone]);

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

      {drawerLoaded ? (
        <Suspense fallback={null}>
          <NavigationDrawer opened={drawerOpened && isPhone} onClose={drawer.close} sidebar={sidebarProps} />
        </Suspense>
      ) : null}

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
