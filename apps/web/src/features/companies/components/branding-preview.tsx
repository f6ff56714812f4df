import { Box, Button, Group, Image, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { ACCENT_COLOR_PATTERN } from '@studio-gallery/contract';

export interface BrandingPreviewValues {
  name: string;
  accentColor: string;
  logoDarkUrl: string | null;
  logoWhiteUrl: string | null;
  bannerUrl: string | null;
  copyright: string;
  /** The login's first slider picture, shown in place of the banner as the login page does; null: none. */
  loginPictureUrl?: string | null;
}

/** A readable text colour on the accent: black on light accents, white on dark ones. */
export function textOn(accent: string): string {
  const hex = ACCENT_COLOR_PATTERN.test(accent) ? accent : '#7048E8';
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.6 ? '#000000' : '#FFFFFF';
}

/**
 * What customers on the company's hosts see, drawn from the form as it is edited: the login screen
 * (banner, white logo, accent button) and the gallery header (dark logo, name, accent). A sketch of
 * the real screens, not the screens themselves: it never signs anyone in.
 */
export function BrandingPreview({ values }: { values: BrandingPreviewValues }) {
  const accent = ACCENT_COLOR_PATTERN.test(values.accentColor) ? values.accentColor : '#7048E8';
  const name = values.name.trim() || 'Company name';
  const loginBackground = values.loginPictureUrl ?? values.bannerUrl;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-label="Live preview" role="region">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="login-preview">
        <Text size="xs" c="dimmed" px="sm" py={4}>
          Login
        </Text>
        <Box
          h={220}
          style={{
            backgroundColor: '#1F1D2B',
            backgroundImage: loginBackground ? `url("${loginBackground}")` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            display: 'grid',
            placeItems: 'center',
          }}
          data-testid="login-preview-picture"
          data-picture={loginBackground ?? undefined}
        >
          <Paper radius="md" p="sm" w={200} style={{ background: 'rgba(20, 20, 30, 0.72)' }}>
            <Stack gap={6} align="center">
              {values.logoWhiteUrl ? (
                <Image src={values.logoWhiteUrl} alt={`${name} logo (white)`} h={28} w="auto" fit="contain" />
              ) : (
                <Text c="white" fw={700} size="sm" data-testid="login-preview-name">
                  {name}
                </Text>
              )}
              <TextInput size="xs" placeholder="Email" readOnly w="100%" aria-hidden tabIndex={-1} />
              <Button size="xs" fullWidth tabIndex={-1} aria-hidden styles={{ root: { backgroundColor: accent, color: textOn(accent) } }} data-testid="login-preview-button">
                Login
              </Button>
            </Stack>
          </Paper>
        </Box>
      </Paper>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="gallery-preview">
        <Text size="xs" c="dimmed" px="sm" py={4}>
          Gallery
        </Text>
        <Group justify="space-between" px="sm" py="xs" style={{ borderBottom: `3px solid ${accent}` }} data-testid="gallery-preview-header">
          <Group gap="xs">
            {values.logoDarkUrl ? <Image src={values.logoDarkUrl} alt={`${name} logo`} h={24} w="auto" fit="contain" /> : null}
            <Title order={3} fz="sm" data-testid="gallery-preview-name">
              {name}
            </Title>
          </Group>
          <Box w={24} h={24} style={{ borderRadius: '50%', backgroundColor: accent }} aria-hidden />
        </Group>
        <SimpleGrid cols={4} spacing={6} p="sm">
          {[0, 1, 2, 3].map((i) => (
            <Box key={i} h={60} style={{ borderRadius: 4, background: `linear-gradient(160deg, ${accent}33, #88888833)` }} />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" px="sm" pb="xs">
          {values.copyright}
        </Text>
      </Paper>
    </SimpleGrid>
  );
}
