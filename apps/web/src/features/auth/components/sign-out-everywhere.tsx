import { useState } from 'react';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { isApiError, isUnexpectedFailure } from '../../../lib/api-client';
import { endAllSessions } from '../api/logout';
import { useLogout } from '../hooks/use-logout';

/** Settings → Security: ends every session of the account (a lost phone, a shared computer). */
export function SignOutEverywhere() {
  const logout = useLogout();
  const [pending, setPending] = useState(false);

  const signOutEverywhere = async () => {
    setPending(true);
    try {
      await endAllSessions();
    } catch (error) {
      // A failure the API helper already reported (server or network): stay signed in here.
      if (!isApiError(error) || isUnexpectedFailure(error.status)) {
        setPending(false);
        return;
      }
    }
    logout({ serverSessionEnded: true });
  };

  return (
    <Paper withBorder p="lg" maw={560} mt="lg">
      <Title order={2} fz="lg">
        Sign out of all devices
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="lg">
        Ends every session of your account, on this device too: phones, tablets and other browsers
        will need your password again.
      </Text>
      <Group justify="flex-end">
        <Button variant="light" color="red" loading={pending} onClick={() => void signOutEverywhere()}>
          Sign out of all devices
        </Button>
      </Group>
    </Paper>
  );
}
