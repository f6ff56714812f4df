import { Menu, Text } from '@mantine/core';
import { IconLogin2, IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AccountButton } from './account-button';

export interface AccountMenuProps {
  email: string | null;
  signedIn: boolean;
  onLogout: () => void;
  /** Open at once (the button was clicked before this code had loaded). */
  defaultOpened?: boolean;
}

/** The top bar's user menu (spec §2): the signed-in email with Settings and Logout, or Login. */
export function AccountMenu({ email, signedIn, onLogout, defaultOpened = false }: AccountMenuProps) {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton email={email} signedIn={signedIn} />
      </Menu.Target>
      <Menu.Dropdown>
        {signedIn && email ? (
          <>
            <Menu.Label>Signed in as</Menu.Label>
            <Text size="sm" fw={500} px="sm" pb="xs" truncate="end">
              {email}
            </Text>
            <Menu.Divider />
            <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={() => void navigate(paths.settings)}>
              Settings
            </Menu.Item>
            <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
              Logout
            </Menu.Item>
          </>
        ) : (
          <Menu.Item leftSection={<IconLogin2 size={16} aria-hidden />} onClick={() => void navigate(paths.login)}>
            Login
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
