import { Anchor, Box, Button, Divider, NavLink, Stack } from '@mantine/core';
import { IconDownload, IconHelpCircle, IconLogin2, IconLogout, IconPhoto, IconSettings, IconShare } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { PromoSlider } from '../../features/branding/components/promo-slider';
import { RecentOrders } from '../../features/orders/components/recent-orders';
import classes from './app-layout.module.css';
import { NAVBAR_WIDTH } from './layout-sizes';

/** The gallery's own lists (issue 24 §1), each a screen of its own on wide screens too. */
const VIEW_PATHS: readonly string[] = [paths.mainShared, paths.mainDownload];

const NAV_ITEMS = [
  {
    label: 'Your Photoshoot',
    to: paths.main,
    Icon: IconPhoto,
    match: (p: string) => (p === paths.main || p.startsWith(`${paths.main}/`)) && !VIEW_PATHS.includes(p),
  },
  { label: 'Shared', to: paths.mainShared, Icon: IconShare, match: (p: string) => p === paths.mainShared },
  { label: 'Downloads', to: paths.mainDownload, Icon: IconDownload, match: (p: string) => p === paths.mainDownload },
  { label: 'Settings', to: paths.settings, Icon: IconSettings, match: (p: string) => p.startsWith(paths.settings) },
  { label: 'Help & FAQs', to: paths.faq, Icon: IconHelpCircle, match: (p: string) => p.startsWith(paths.faq) },
] as const;

export interface SidebarProps {
  userId: string | null;
  signedIn: boolean;
  onLogout: () => void;
  /** Called after following a link (closes the phone drawer). */
  onNavigate?: () => void;
}

/** Sidebar (spec §2): the three screens (and the gallery's Shared and Downloads), Recent Orders, the promotion, Logout or Sign In. */
export function Sidebar({ userId, signedIn, onLogout, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();

  return (
    <Stack h="100%" gap={0}>
      <div className={classes.sidebarScroll}>
        <Stack gap="lg" p="md">
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {NAV_ITEMS.map(({ label, to, Icon, match }) => {
              const active = match(pathname);
              return (
                <li key={to}>
                  <NavLink
                    component={Link}
                    to={to}
                    label={label}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                    onClick={onNavigate}
                    className={classes.navLink}
                    variant="light"
                  />
                </li>
              );
            })}
          </Stack>

          <Divider />

          <Stack gap="xs" component="section" aria-labelledby="recent-orders-title">
            <h2 id="recent-orders-title" className={classes.sectionTitle}>
              Recent Orders
            </h2>
            <RecentOrders userId={userId} orderHref={paths.mainOrders} onNavigate={onNavigate} />
            {signedIn ? (
              <Anchor component={Link} to={paths.mainOrders} size="sm" px="sm" onClick={onNavigate}>
                View all orders
              </Anchor>
            ) : null}
          </Stack>

          <PromoSlider sizes={`${NAVBAR_WIDTH}px`} />
        </Stack>
      </div>
      <Box p="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {signedIn ? (
          <Button
            fullWidth
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={() => {
              onNavigate?.();
              onLogout();
            }}
          >
            Logout
          </Button>
        ) : (
          <Button
            fullWidth
            component={Link}
            to={paths.login}
            leftSection={<IconLogin2 size={18} aria-hidden />}
            onClick={onNavigate}
          >
            Sign In
          </Button>
        )}
      </Box>
    </Stack>
  );
}
