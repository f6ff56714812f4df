import { lazy, Suspense, useState } from 'react';
import { Avatar, Burger, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconLogin2,
  IconLogout,
  IconSettings,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { paths } from '../../config/paths';
import { BrandLogo } from '../../features/branding/components/brand-logo';
import { CartButton } from '../../features/cart/components/cart-button';
import { cartDialog, useCartDialogOpen } from '../../features/cart/stores/cart-dialog';
import classes from './app-layout.module.css';

// The cart review, payment and success modals load the first time the cart opens.
const CartFlow = lazy(() => import('./cart-flow').then((m) => ({ default: m.CartFlow })));

export interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
  /** The signed-in email; null while unknown. */
  email: string | null;
  signedIn: boolean;
  /** The cart button reads the cart store itself (kept for the layout's call). */
  cartCount: number;
  onLogout: () => void;
}

/** Top bar (spec §2): sidebar toggle, cart with its count, user menu with Logout or Login. */
export function TopBar({ navOpened, onToggleNav, email, signedIn, onLogout }: TopBarProps) {
  const navigate = useNavigate();
  const cartOpen = useCartDialogOpen();
  const [cartFlowLoaded, setCartFlowLoaded] = useState(cartOpen);
  if (cartOpen && !cartFlowLoaded) setCartFlowLoaded(true);
  const userLabel = email ?? 'Loading...';

  return (
    <div className={classes.header}>
      <Burger
        opened={navOpened}
        onClick={onToggleNav}
        size="sm"
        aria-label={navOpened ? 'Hide navigation' : 'Show navigation'}
      />
      <UnstyledButton component={Link} to={paths.main} aria-label="Your Photoshoot home" style={{ borderRadius: 8 }}>
        <BrandLogo height={32} />
      </UnstyledButton>

      <Group gap={6} ml="auto" wrap="nowrap">
        <ColorSchemeToggle visibleFrom="xs" />

        <CartButton onClick={cartDialog.open} />
        {cartFlowLoaded ? (
          <Suspense fallback={null}>
            <CartFlow />
          </Suspense>
        ) : null}

        <Menu position="bottom-end" width={240} shadow="md" withinPortal>
          <Menu.Target>
            <UnstyledButton className={classes.userButton} aria-label={`Account menu: ${signedIn ? userLabel : 'Guest'}`}>
              <Avatar size={30} radius={999} color="brand" alt="" aria-hidden>
                {signedIn && email ? email.charAt(0).toUpperCase() : null}
              </Avatar>
              <Text size="sm" fw={500} truncate="end" maw={{ xs: 180, sm: 260 }} visibleFrom="xs">
                {signedIn ? userLabel : 'Guest'}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {signedIn && email ? (
              <>
                <Menu.Label>Signed in as</Menu.Label>
                <Text size="sm" fw={500} px="sm" pb="xs" truncate="end">
                  {email}
                </Text>
                <Menu.Divider />
                <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={() => void navigate(paths.settings)}>
                  Settings
                </Menu.Item>
                <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
                  Logout
                </Menu.Item>
              </>
            ) : (
              <Menu.Item leftSection={<IconLogin2 size={16} aria-hidden />} onClick={() => void navigate(paths.login)}>
                Login
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </div>
  );
}
