import { useRef, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { messages } from '@studio-gallery/contract';
import { env } from '../../../config/env';
import { loadScript } from '../../../lib/load-script';
import { notifyError } from '../../../lib/notify';
import { useExternalAuthenticate } from '../api/external-authenticate';

/** The slice of Google Identity Services used here. */
interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup' | 'redirect';
    use_fedcm_for_prompt?: boolean;
  }): void;
  prompt(listener?: (notification: { isNotDisplayed?: () => boolean; isSkippedMoment?: () => boolean }) => void): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

export interface GoogleSignInProps {
  clientId: string;
  onSignedIn: () => void;
}

/**
 * "Continue with Google": loads Google Identity Services only when pressed, asks Google for an ID
 * token and sends it to POST /external-authenticate. When Google's one-tap prompt cannot show,
 * Google's own button is rendered in its place.
 */
export function GoogleSignIn({ clientId, onSignedIn }: GoogleSignInProps) {
  const [loading, setLoading] = useState(false);
  const fallbackRef = useRef<HTMLDivElement>(null);
  const external = useExternalAuthenticate();

  const handleCredential = (response: { credential?: string }) => {
    if (!response.credential) {
      notifyError(messages.socialLoginFailed);
      return;
    }
    external.mutate(response.credential, {
      onSuccess: () => onSignedIn(),
      onError: () => notifyError(messages.socialLoginFailed),
    });
  };

  const start = async () => {
    setLoading(true);
    try {
      await loadScript(env.googleGsiUrl);
      const gis = window.google?.accounts?.id;
      if (!gis) throw new Error('Google Identity Services unavailable');
      gis.initialize({ client_id: clientId, callback: handleCredential, ux_mode: 'popup', use_fedcm_for_prompt: true });
      gis.prompt((notification) => {
        if ((notification.isNotDisplayed?.() || notification.isSkippedMoment?.()) && fallbackRef.current) {
          gis.renderButton(fallbackRef.current, {
            type: 'standard',
            theme: 'outline',
            size: 'large',
            text: 'continue_with',
            width: fallbackRef.current.clientWidth || 320,
          });
        }
      });
    } catch {
      notifyError(messages.socialLoginFailed);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Stack gap="xs">
      <Button
        type="button"
        variant="default"
        size="md"
        fullWidth
        leftSection={<IconBrandGoogleFilled size={18} aria-hidden />}
        loading={loading || external.isPending}
        onClick={() => void start()}
      >
        Continue with Google
      </Button>
      <div ref={fallbackRef} />
    </Stack>
  );
}
