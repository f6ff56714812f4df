import { lazy, Suspense, useEffect, useState } from 'react';
import { Burger, Group, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { paths } from '../../config/paths';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { whenIdle } from '../../lib/when-idle';
import { BrandLogo } from '../../features/branding/components/brand-logo';
import { CartButton } from '../../features/cart/components/cart-button';
import { cartDialog, useCartDialogOpen } from '../../features/cart/stores/cart-dialog';
import { AccountButton } from './account-button';
import classes from './app-layout.module.css';

// The cart review, payment and success modals load the first time the cart opens.
const CartFlow = lazy(() => import('./cart-flow').then((m) => ({ default: m.CartFlow })));
// The account menu (with the Menu and floating-ui code under it): its code is fetched once the page
// is idle, and it replaces the plain button at the first click, opened. Until then the first screen
// shows only the button (and it is never swapped under a user's focus).
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));

export interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
  /** The signed-in email; null while unknown. */
  email: string | null;
  signedIn: boolean;
  /** Items in the cart (the stored count). */
  cartCount: number;
  onLogout: () => void;
}

/** Top bar (spec §2): sidebar toggle, cart with its count, user menu with Logout or Login. */
export function TopBar({ navOpened, onToggleNav, email, signedIn, cartCount, onLogout }: TopBarProps) {
  const cartOpen = useCartDialogOpen();
  const cartFlowLoaded = useOpenedOnce(cartOpen);
  const [accountMenuWanted, setAccountMenuWanted] = useState(false);
  useEffect(() => whenIdle(() => void loadAccountMenu().catch(() => undefined)), []);
  const accountButton = <AccountButton email={email} signedIn={signedIn} onClick={() => setAccountMenuWanted(true)} />;

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

        <CartButton count={cartCount} onClick={cartDialog.open} />
        {cartFlowLoaded ? (
          <Suspense fallback={null}>
            <CartFlow />
          </Suspense>
        ) : null}

        {accountMenuWanted ? (
          <Suspense fallback={accountButton}>
            <AccountMenu email={email} signedIn={signedIn} onLogout={onLogout} defaultOpened />
          </Suspense>
        ) : (
          accountButton
        )}
      </Group>
    </div>
  );
}
