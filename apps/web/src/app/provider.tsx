import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_THEME, storageKeys } from '@studio-gallery/contract';
import { FullPageLoader } from '../components/full-page-loader';
import { useBranding } from '../features/branding/hooks/use-branding';
import { useBrandTheme } from '../features/branding/hooks/use-brand-theme';
import { createQueryClient } from '../lib/query-client';
import toastClasses from './toasts.module.css';

/** The light/dark choice lives in local storage under the spec's `theme` name. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.theme });

function BrandedMantine({ children }: { children: ReactNode }) {
  const { theme, cssVariablesResolver, accentColor } = useBrandTheme();
  const { isLoading, branding } = useBranding();
  // Leaving the loader renders the whole first screen: deferred, React does that in interruptible
  // slices while the loader stays up, instead of one long task that blocks input.
  const showApp = useDeferredValue(!isLoading);
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', accentColor);
  }, [accentColor]);

  useEffect(() => {
    document.documentElement.dataset.studio = branding.name;
  }, [branding.name]);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_THEME}
    >
      {/* At the bottom, clear of the cart badge and the dialogs' titles and close buttons (toasts.module.css
          lifts them above the phone menu and the selection bar); a repeated message replaces itself
          and a new one takes the place of the one showing (lib/notify.ts). */}
      <Notifications
        position={isPhone ? 'bottom-center' : 'bottom-right'}
        containerWidth={isPhone ? 440 : 380}
        zIndex={1000}
        limit={2}
        classNames={{ root: toastClasses.toasts }}
      />
      {showApp ? children : <FullPageLoader />}
    </MantineProvider>
  );
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <BrandedMantine>{children}</BrandedMantine>
    </QueryClientProvider>
  );
}
