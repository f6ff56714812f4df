import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Avatar, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import classes from './app-layout.module.css';

export interface AccountButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** The signed-in email; null while unknown. */
  email: string | null;
  signedIn: boolean;
}

/** The top bar's account button (avatar, email, chevron): the account menu's target. */
export const AccountButton = forwardRef<HTMLButtonElement, AccountButtonProps>(function AccountButton({ email, signedIn, className, ...props }, ref) {
  const userLabel = signedIn ? (email ?? 'Loading...') : 'Guest';
  return (
    <UnstyledButton ref={ref} aria-label={`Account menu: ${userLabel}`} {...props} className={className ? `${classes.userButton} ${className}` : classes.userButton}>
      <Avatar size={30} radius={999} color="brand" alt="" aria-hidden>
        {signedIn && email ? email.charAt(0).toUpperCase() : null}
      </Avatar>
      <Text size="sm" fw={500} truncate="end" maw={{ xs: 180, sm: 260 }} visibleFrom="xs">
        {userLabel}
      </Text>
      <IconChevronDown size={14} aria-hidden />
    </UnstyledButton>
  );
});
