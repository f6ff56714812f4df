import { useDocumentTitle } from '@mantine/hooks';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  useDocumentTitle('Page not found · Your Photoshoot');
  return (
    <Center mih="55dvh">
      <Stack align="center" gap="sm" ta="center">
        <Text fz={72} fw={800} lh={1} c="var(--mantine-color-brand-text)" aria-hidden>
          404
        </Text>
        <Title order={1} fz={28}>
          Page not found
        </Title>
        <Text c="dimmed" maw={420}>
          The page you are looking for does not exist or has moved.
        </Text>
        <Button component={Link} to={paths.main} mt="sm">
          Back to Your Photoshoot
        </Button>
      </Stack>
    </Center>
  );
}
