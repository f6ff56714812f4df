import { Text, UnstyledButton } from '@mantine/core';
import { Link, Outlet, useMatches } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { paths } from '../../config/paths';
import { BrandLogo } from '../../features/branding/components/brand-logo';
import { LoginShowcase } from '../../features/branding/components/login-showcase';
import { Copyright, SocialLinks } from '../../features/branding/components/social-links';
import classes from './auth-layout.module.css';

/** Route handle: the login screens rotate the studio's pictures; the others show its banner. */
export interface AuthRouteHandle {
  showcase?: 'slider' | 'banner';
}

function useShowcaseKind(): 'slider' | 'banner' {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as AuthRouteHandle | undefined;
    if (handle?.showcase) return handle.showcase;
  }
  return 'banner';
}

/** The frame of the sign-in screens: form on one side, the studio's pictures on the other. */
export function AuthLayout() {
  const kind = useShowcaseKind();

  return (
    <div className={classes.root}>
      <div className={classes.column}>
        <header className={classes.top}>
          <UnstyledButton component={Link} to={paths.login} aria-label="Go to login" style={{ borderRadius: 8 }}>
            <BrandLogo height={36} />
          </UnstyledButton>
          <ColorSchemeToggle />
        </header>
        <div className={classes.phoneBanner}>
          <LoginShowcase withSlider={kind === 'slider'} compact />
        </div>
        <main id="main-content" className={classes.main} tabIndex={-1}>
          <div className={classes.formBox}>
            <Outlet />
          </div>
        </main>
        <footer className={classes.footer}>
          <Text size="xs" c="dimmed">
            <Copyright />
          </Text>
          <SocialLinks />
        </footer>
      </div>
      <aside className={classes.showcase} aria-label="Studio pictures">
        <div className={classes.showcaseFrame}>
          <LoginShowcase withSlider={kind === 'slider'} />
        </div>
      </aside>
    </div>
  );
}
