import { Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { authApi, type SignedIn } from '../../api/auth-api.ts';
import { messageOf } from '../../api/http-client.ts';
import {
  credentialFrom,
  GOOGLE_SIGN_IN_TEXTS,
  GoogleSignInError,
  loadGoogleIdApi,
  type GoogleCredentialResponse,
} from '../../auth/google-sign-in.ts';

export interface GoogleButtonProps {
  clientId: string;
  onSignedIn(result: SignedIn): void;
}

/** GSI draws buttons between 200 and 400 pixels wide; fill the modal's width within that. */
function buttonWidth(container: HTMLElement): number {
  return Math.min(400, Math.max(200, Math.floor(container.clientWidth)));
}

/**
 * Google's own "Continue with Google" button, drawn by Google's script into a frame. Its credential (an ID token)
 * goes to the server, which verifies it and signs the user in.
 */
export function GoogleButton({ clientId, onSignedIn }: GoogleButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  // Google keeps the callback it was given at initialise time; it must reach the latest props.
  const latestOnSignedIn = useRef(onSignedIn);
  useEffect(() => {
    latestOnSignedIn.current = onSignedIn;
  });

  useEffect(() => {
    const controller = new AbortController();

    const receive = async (response: GoogleCredentialResponse) => {
      setError(null);
      try {
        const credential = credentialFrom(response);
        setSigningIn(true);
        latestOnSignedIn.current(await authApi.google(credential));
      } catch (failure) {
        setError(failure instanceof GoogleSignInError ? failure.message : messageOf(failure, GOOGLE_SIGN_IN_TEXTS.loginFailed));
      } finally {
        setSigningIn(false);
      }
    };

    loadGoogleIdApi({ signal: controller.signal })
      .then((google) => {
        const target = container.current;
        if (controller.signal.aborted || !target) return;
        try {
          google.initialize({ client_id: clientId, callback: (response) => void receive(response), ux_mode: 'popup' });
          target.replaceChildren();
          google.renderButton(target, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', shape: 'rectangular', logo_alignment: 'center', width: buttonWidth(target) });
          setStatus('ready');
        } catch (failure) {
          console.error(GOOGLE_SIGN_IN_TEXTS.failedToInitialize, failure);
          setError(GOOGLE_SIGN_IN_TEXTS.failedToInitialize);
          setStatus('failed');
        }
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof GoogleSignInError ? failure.message : GOOGLE_SIGN_IN_TEXTS.failedToLoad);
        setStatus('failed');
      });
    return () => controller.abort();
  }, [clientId]);

  return (
    <Stack gap={6} data-testid="google-signin">
      {/* Room for Google's 40-pixel button from the start, so the modal does not jump when it appears. */}
      <Box ref={container} mih={status === 'failed' ? 0 : 40} style={{ display: 'flex', justifyContent: 'center' }} />
      {status === 'loading' && (
        <Text size="xs" c="dimmed" ta="center">
          Loading Google Sign-In…
        </Text>
      )}
      {signingIn && (
        <Group gap="xs" justify="center">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Signing in with Google…
          </Text>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red" ta="center" role="alert" data-testid="google-signin-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
