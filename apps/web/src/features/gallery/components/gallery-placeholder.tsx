import { Badge, Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '@studio-gallery/contract';
import { PageHeader } from '../../../components/page-header';

export interface GalleryPlaceholderProps {
  /** Where help lives (the FAQ). */
  helpHref: string;
}

/**
 * "Your Photoshoot" until the gallery itself lands (next issue): the page header and an empty
 * state. The next issue replaces this component with the real gallery.
 */
export function GalleryPlaceholder({ helpHref }: GalleryPlaceholderProps) {
  return (
    <>
      <PageHeader
        title="Your Photoshoot"
        description="Your headshots appear here as soon as the studio delivers them."
        aside={
          <Badge size="lg" variant="light" color="gray">
            0 photos
          </Badge>
        }
      />
      <Paper withBorder p={{ base: 'lg', sm: 48 }} radius="lg">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={84} radius={999} variant="light" color="brand" aria-hidden>
            <IconPhoto size={44} stroke={1.4} />
          </ThemeIcon>
          <Text fw={700} fz="xl" mt="xs">
            {messages.noSession}
          </Text>
          <Text c="dimmed" maw={440}>
            {messages.noPhotosForFilter} Photos usually arrive within 5 to 10 minutes of your session. We will
            email you when they are ready.
          </Text>
          <Button component={Link} to={helpHref} variant="light" mt="sm">
            Visit Help &amp; FAQs
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
