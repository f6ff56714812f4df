import { useDocumentTitle } from '@mantine/hooks';
import { ScrollArea, Tabs } from '@mantine/core';
import { IconBell, IconFileInvoice, IconLock, IconPalette, IconUser } from '@tabler/icons-react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { PageHeader } from '../../components/page-header';
import { InvoicesTable } from '../../features/orders/components/invoices-table';
import { ChangePasswordForm } from '../../features/settings/components/change-password-form';
import { SignOutEverywhere } from '../../features/auth/components/sign-out-everywhere';
import { NotificationSettingsForm } from '../../features/settings/components/notification-settings-form';
import { ProfileForm } from '../../features/settings/components/profile-form';
import { ThemePreferencePanel } from '../../features/settings/components/theme-preference';
import { useSession } from '../../lib/session';

const TABS = [
  { value: 'profile', label: 'Profile Information', Icon: IconUser },
  { value: 'notification', label: 'Notification', Icon: IconBell },
  { value: 'preference', label: 'Preference', Icon: IconPalette },
  { value: 'security', label: 'Security', Icon: IconLock },
  { value: 'invoices', label: 'Bill & Invoices', Icon: IconFileInvoice },
] as const;

type TabValue = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TabValue {
  return TABS.some((t) => t.value === value);
}

export function SettingsRoute() {
  useDocumentTitle('Settings · Your Photoshoot');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'profile';

  if (!session) return <Navigate to={paths.login} replace />;

  return (
    <>
      <PageHeader title="Settings" description="Manage your profile, notifications, appearance, security and invoices." />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isTab(value)) setParams(value === 'profile' ? {} : { tab: value }, { replace: true });
        }}
        keepMounted={false}
        variant="pills"
        radius="md"
      >
        <ScrollArea type="never" mb="xl" mx={{ base: -16, sm: 0 }}>
          <Tabs.List style={{ flexWrap: 'nowrap', gap: 6 }} px={{ base: 16, sm: 0 }}>
            {TABS.map(({ value, label, Icon }) => (
              <Tabs.Tab
                key={value}
                value={value}
                leftSection={<Icon size={16} aria-hidden />}
                style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        <Tabs.Panel value="profile">
          <ProfileForm userId={session.userId} />
        </Tabs.Panel>
        <Tabs.Panel value="notification">
          <NotificationSettingsForm userId={session.userId} />
        </Tabs.Panel>
        <Tabs.Panel value="preference">
          <ThemePreferencePanel />
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <ChangePasswordForm />
          <SignOutEverywhere />
        </Tabs.Panel>
        <Tabs.Panel value="invoices">
          <InvoicesTable userId={session.userId} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
