import { useState } from 'react';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { Link } from 'react-router';

export const CONTENT_NOT_FOUND = 'Content not found !';

/**
 * Only our own media URLs are shown (same origin, under the API): a shared link never turns this
 * page into a viewer for arbitrary pictures.
 */
export function sharedImageSrc(imgUrl: string | null, origin: string, apiBase: string): string | null {
  if (!imgUrl) return null;
  try {
    const url = new URL(imgUrl, origin);
    const base = new URL(`${apiBase.replace(/\/$/, '')}/`, origin);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.href;
  } catch {
    return null;
  }
}

export interface SharedImageProps {
  src: string | null;
  homeHref: string;
}

/** /shared-image?imgUrl=…: a public headshot someone shared, or "Content not found !". */
export function SharedImage({ src, homeHref }: SharedImageProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <Center mih="55dvh">
        <Stack align="center" gap="sm" ta="center" role="alert">
          <ThemeIcon size={72} radius={999} variant="light" color="gray" aria-hidden>
            <IconPhotoOff size={36} stroke={1.4} />
          </ThemeIcon>
          <Title order={1} fz={28}>
            {CONTENT_NOT_FOUND}
          </Title>
          <Text c="dimmed" maw={400}>
            The link may have expired or the photo is no longer shared.
          </Text>
          <Button component={Link} to={homeHref} variant="light" mt="sm">
            Go to the gallery
          </Button>
        </Stack>
      </Center>
    );
  }
  return (
    <Stack align="center" gap="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        A shared headshot
      </Title>
      <Paper withBorder shadow="sm" p="sm" radius="lg" maw={560} w="100%">
        <img
          src={src}
          alt="Shared headshot"
          onError={() => setFailed(true)}
          style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 'var(--mantine-radius-md)', aspectRatio: '2 / 3', objectFit: 'cover' }}
        />
      </Paper>
    </Stack>
  );
}
