import { ActionIcon, Group } from '@mantine/core';
import { IconBrandInstagram, IconBrandTiktok, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import type { SocialLinks as SocialLinksData } from '@studio-gallery/contract';
import { useBranding } from '../hooks/use-branding';

const NETWORKS: { key: keyof SocialLinksData; label: string; Icon: typeof IconBrandTiktok }[] = [
  { key: 'tiktok', label: 'TikTok', Icon: IconBrandTiktok },
  { key: 'instagram', label: 'Instagram', Icon: IconBrandInstagram },
  { key: 'twitter', label: 'Twitter', Icon: IconBrandX },
  { key: 'youtube', label: 'YouTube', Icon: IconBrandYoutube },
];

/** The studio's tiktok, instagram, twitter and youtube links (those it has). */
export function SocialLinks() {
  const { branding } = useBranding();
  const links = NETWORKS.filter((n) => branding.socialLinks[n.key]);
  if (links.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {links.map(({ key, label, Icon }) => (
        <li key={key}>
          <ActionIcon
            component="a"
            href={branding.socialLinks[key] ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`${branding.name} on ${label}`}
          >
            <Icon size={20} stroke={1.6} aria-hidden />
          </ActionIcon>
        </li>
      ))}
    </Group>
  );
}

/** The studio's copyright line. */
export function Copyright() {
  const { branding } = useBranding();
  return <>{branding.copyright}</>;
}
