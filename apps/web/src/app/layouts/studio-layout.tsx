import { AppShell, Burger, Button, Center, Divider, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconActivity,
  IconArrowBackUp,
  IconBrush,
  IconPhotoUp,
  IconBuildingSkyscraper,
  IconCalendarCog,
  IconCalendarWeek,
  IconClipboardList,
  IconClockCog,
  IconHome,
  IconListDetails,
  IconLogout,
  IconMailForward,
  IconReceipt,
  IconTicket,
  IconUsers,
  IconUserShield,
} from '@tabler/icons-react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Link, Navigate, Outlet, redirect, useLocation } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { FormErrorAlert } from '../../components/form-alert';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/hooks/use-logout';
import '../../features/studio/components/studio-mantine.css';
import { accountQueryOptions, isStudioRole, type Account } from '../../lib/account';
import { clearStoredState, getSession, useSession } from '../../lib/session';
import classes from './studio-layout.module.css';

/**
 * /studio/*: signed-out visitors go to /login (storage cleared, as for the gallery's screens). For the
 * others the account check starts here, beside the screen's own requests, and nothing waits for it.
 */
export function studioLoader(queryClient?: QueryClient) {
  const session = getSession();
  if (session) {
    if (queryClient) void queryClient.prefetchQuery(accountQueryOptions(session.userId));
    return null;
  }
  clearStoredState();
  return redirect(paths.login);
}

// Its own sizes (not layout-sizes.ts: a module the gallery and the studio shared would leave the
// gallery's chunks for the chunk of shared code, which the customer's first screen must not load).
const HEADER_HEIGHT = 60;
const NAV_WIDTH = 240;

interface NavItem {
  label: string;
  to: string;
  icon: typeof IconHome;
  adminOnly?: boolean;
}

const NAV_ITEMS: NavItem[] = [
  { label: 'Home', to: paths.studio, icon: IconHome },
  { label: 'Customers', to: paths.studioCustomers, icon: IconUsers },
  { label: 'Companies', to: paths.studioCompanies, icon: IconBuildingSkyscraper },
  { label: 'Shoots', to: paths.studioShoots, icon: IconPhotoUp },
  { label: 'Orders', to: paths.studioOrders, icon: IconBrush },
  { label: 'Bookings', to: paths.studioBookings, icon: IconCalendarWeek },
  { label: 'Calendars', to: paths.studioCalendars, icon: IconCalendarCog },
  { label: 'Appointment types', to: paths.studioAppointmentTypes, icon: IconListDetails },
  { label: 'Invites', to: paths.studioInvites, icon: IconMailForward },
  { label: 'Activity', to: paths.studioActivity, icon: IconActivity },
  { label: 'Surveys', to: paths.studioSurveys, icon: IconClipboardList },
  { label: 'Background jobs', to: paths.studioJobs, icon: IconClockCog },
  { label: 'Prices', to: paths.studioPrices, icon: IconReceipt, adminOnly: true },
  { label: 'Coupons', to: paths.studioCoupons, icon: IconTicket, adminOnly: true },
  { label: 'Staff', to: paths.studioStaff, icon: IconUserShield, adminOnly: true },
];

function isActive(pathname: string, to: string): boolean {
  if (to === paths.studio) return pathname === to || pathname === `${to}/`;
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The studio's frame (issue 15): a header with the signed-in staff member and Logout, a navbar
 * (a burger menu on phones) and the screen. Staff and admins only: the account's role decides
 * (GET /account); a customer is sent to the gallery.
 */
export function StudioLayout() {
  const session = useSession();
  const account = useQuery({ ...accountQueryOptions(session?.userId ?? ''), enabled: session !== null });
  if (!session) return <Navigate to={paths.login} replace />;
  // The frame shows at once (issue 23 §5); the screen, which asks for studio data, once the role is known.
  if (account.isPending) return <StudioShell account={null} />;
  if (account.isError) {
    return (
      <Center mih="60dvh" p="md">
        <Stack maw={420} w="100%">
          <FormErrorAlert message="Your account could not be loaded. Check your connection and try again." />
          <Button onClick={() => void account.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  if (!isStudioRole(account.data.role)) return <Navigate to={paths.main} replace />;
  return <StudioShell account={account.data} />;
}

function StudioShell({ account }: { account: Account | null }) {
  const logout = useLogout();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || account?.role === 'admin');

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAV_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
    >
      <a href="#studio-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header>
        <div className={classes.header}>
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={opened ? 'Hide navigation' : 'Show navigation'}
          />
          <Text component={Link} to={paths.studio} fw={700} fz="lg" className={classes.title}>
            Studio
          </Text>
          <Group gap="xs" ml="auto" wrap="nowrap">
            <ColorSchemeToggle visibleFrom="xs" />
            {account ? (
              <Text size="sm" c="dimmed" truncate="end" maw={{ base: 140, sm: 280 }} data-testid="studio-email">
                {account.email}
              </Text>
            ) : null}
            <Button variant="default" size="xs" leftSection={<IconLogout size={16} stroke={1.6} />} onClick={() => logout()}>
              Logout
            </Button>
          </Group>
        </div>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} p="sm">
        <nav aria-label="Studio">
          {items.map((item) => {
            const active = isActive(pathname, item.to);
            const Icon = item.icon;
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<Icon size={18} stroke={1.6} />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={close}
                className={classes.navLink}
              />
            );
          })}
          <Divider my="sm" />
          <NavLink
            component={Link}
            to={paths.main}
            label="Customer gallery"
            description="The gallery as customers see it"
            leftSection={<IconArrowBackUp size={18} stroke={1.6} />}
            onClick={close}
            className={classes.navLink}
          />
        </nav>
      </AppShell.Navbar>

      <AppShell.Main id="studio-content" tabIndex={-1} className={classes.main}>
        <div className={classes.content}>{account ? <Outlet /> : <Skeleton h={36} w={220} radius="md" aria-label="Loading the studio" />}</div>
      </AppShell.Main>
    </AppShell>
  );
}
