import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin } from '@tabler/icons-react';
import { Link } from 'react-router';

/** /social: the static share page (spec §2). */
export function SocialPage({ galleryHref }: { galleryHref: string }) {
  return (
    <Stack gap="lg" maw={640} mx="auto">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Share your headshots
      </Title>
      <Paper withBorder p="lg" radius="lg">
        <Stack gap="sm">
          <Text>Put your new headshot to work: on your profiles, your team page or your next conference badge.</Text>
          <List spacing="xs">
            <List.Item>In your gallery, select the photos you want to share.</List.Item>
            <List.Item>Choose Share: copy each photo’s link, or post it to Facebook or LinkedIn.</List.Item>
            <List.Item>Anyone with a link sees only that photo, never the rest of your gallery.</List.Item>
          </List>
          <Group gap="sm" mt="sm">
            <Button component={Link} to={galleryHref}>
              Open Your Photoshoot
            </Button>
            <Button component="a" href="https://www.linkedin.com/" target="_blank" rel="noopener noreferrer" variant="default" leftSection={<IconBrandLinkedin size={18} aria-hidden />}>
              LinkedIn
            </Button>
            <Button component="a" href="https://www.facebook.com/" target="_blank" rel="noopener noreferrer" variant="default" leftSection={<IconBrandFacebook size={18} aria-hidden />}>
              Facebook
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            Questions? See <Anchor component={Link} to="/faq" underline="always">Help &amp; FAQs</Anchor>.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
