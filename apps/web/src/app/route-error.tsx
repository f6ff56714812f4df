import { useLayoutEffect } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { showApp } from '../lib/first-screen';

/** Shown when a screen fails to render: a way back instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A page started with the stored first screen shows this at once.
  useLayoutEffect(showApp, []);
  return (
    <Center mih="100dvh" p="lg" component="main">
      <Stack align="center" gap="sm" ta="center" maw={440}>
        <Title order={1} fz={28}>
          {notFound ? 'Page not found' : 'Something went wrong'}
        </Title>
        <Text c="dimmed">
          {notFound
            ? 'The page you are looking for does not exist or has moved.'
            : 'Please reload the page. If it keeps happening, contact the studio.'}
        </Text>
        <Button component={Link} to={paths.main} mt="sm" reloadDocument>
          Back to Your Photoshoot
        </Button>
      </Stack>
    </Center>
  );
}
