import {
  ActionIcon,
  Avatar,
  Burger,
  Group,
  Indicator,
  Menu,
  Popover,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronDown,
  IconLogin2,
  IconLogout,
  IconSettings,
  IconShoppingCart,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { paths } from '../../config/paths';
import { BrandLogo } from '../../features/branding/components/brand-logo';
import classes from './app-layout.module.css';

export interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
  /** The signed-in email; null while unknown. */
  email: string | null;
  signedIn: boolean;
  cartCount: number;
  onLogout: () => void;
}

/** Top bar (spec §2): sidebar toggle, cart with its count, user menu with Logout or Login. */
export function TopBar({ navOpened, onToggleNav, email, signedIn, cartCount, onLogout }: TopBarProps) {
  const navigate = useNavigate();
  const userLabel = email ?? 'Loading...';

  return (
    <div className={classes.header}>
      <Burger
        opened={navOpened}
        onClick={onToggleNav}
        size="sm"
        aria-label={navOpened ? 'Hide navigation' : 'Show navigation'}
      />
      <UnstyledButton component={Link} to={paths.main} aria-label="Your Photoshoot home" style={{ borderRadius: 8 }}>
        <BrandLogo height={32} />
      </UnstyledButton>

      <Group gap={6} ml="auto" wrap="nowrap">
        <ColorSchemeToggle visibleFrom="xs" />

        <Indicator label={<span aria-hidden>{cartCount}</span>} size={18} offset={5} color="brand" showZero inline withBorder>
          <Popover position="bottom-end" withArrow shadow="md" width={260}>
            <Popover.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
              >
                <IconShoppingCart size={21} stroke={1.6} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap={4}>
                <Text fw={600}>Your Cart</Text>
                <Text size="sm" c="dimmed">
                  {cartCount === 0
                    ? 'Your cart is empty. Retouching services you add will appear here.'
                    : `${cartCount} ${cartCount === 1 ? 'item' : 'items'} in your cart.`}
                </Text>
              </Stack>
            </Popover.Dropdown>
          </Popover>
        </Indicator>

        <Menu position="bottom-end" width={240} shadow="md" withinPortal>
          <Menu.Target>
            <UnstyledButton className={classes.userButton} aria-label={`Account menu: ${signedIn ? userLabel : 'Guest'}`}>
              <Avatar size={30} radius={999} color="brand" alt="" aria-hidden>
                {signedIn && email ? email.charAt(0).toUpperCase() : null}
              </Avatar>
              <Text size="sm" fw={500} truncate="end" maw={{ xs: 180, sm: 260 }} visibleFrom="xs">
                {signedIn ? userLabel : 'Guest'}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </UnstyledButton>
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
      </Group>
    </div>
  );
}
