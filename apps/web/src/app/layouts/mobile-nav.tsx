import { IconClock, IconDownload, IconHeart, IconShare, IconSparkles } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Box } from '@mantine/core';
import { paths } from '../../config/paths';
import classes from './app-layout.module.css';

/**
 * The phone menu as spec §2 lists it: Recent, Favorites, Retouched, Shared, Downloads. Orders and
 * Help & FAQs stay a tap away in the drawer (the top bar's menu button), with Sign In or Logout.
 */
const ITEMS = [
  { label: 'Recent', to: paths.main, Icon: IconClock },
  { label: 'Favorites', to: paths.mainFavourites, Icon: IconHeart },
  { label: 'Retouched', to: paths.mainRetouched, Icon: IconSparkles },
  { label: 'Shared', to: paths.mainShared, Icon: IconShare },
  { label: 'Downloads', to: paths.mainDownload, Icon: IconDownload },
] as const;

export function MobileNav() {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Gallery" className={classes.mobileNav} hiddenFrom="sm" data-phone-nav>
      <ul className={classes.mobileNavList}>
        {ITEMS.map(({ label, to, Icon }) => {
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
