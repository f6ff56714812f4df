import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Copyright, SocialLinks } from '../../features/branding/components/social-links';
import classes from './app-layout.module.css';

/** Footer (spec §2): the studio's copyright line and social links. */
export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <Group gap="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            <Copyright />
          </Text>
          <Anchor component={Link} to={paths.faq} size="sm" c="dimmed" underline="always">
            Help &amp; FAQs
          </Anchor>
        </Group>
        <SocialLinks />
      </div>
    </footer>
  );
}
