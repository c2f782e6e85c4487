import { Anchor, Button, Divider, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SignedIn } from '../../api/auth-api.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal, type AuthModalMode } from '../../app-state/auth-modal-context.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { GoogleButton } from './google-button.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { VerificationBanner } from './verification-banner.tsx';
import { RESEND_COOLDOWN_MS } from './verification-cooldown.ts';

/** An address waiting for verification, and when it may ask for another email. */
interface PendingVerification {
  email: string;
  message: string | undefined;
  cooldownEndsAt: number | null;
}

const HEADINGS = {
  login: { title: 'Welcome back', subtitle: 'Sign in to compare models, keep your history and monitor your brand.' },
  // Only a new address gets the free credits (one that had an account before does not): the copy says so.
  register: { title: 'Create your free account', subtitle: 'A new address gets 150 free credits, side-by-side comparisons, web search and your request history.' },
  registered: { title: 'Check your inbox', subtitle: 'One more step: open the link we emailed you to finish signing up.' },
  forgot: { title: 'Reset your password', subtitle: 'Enter your account’s email address and we will send you a link to choose a new password.' },
} as const;

/**
 * Sign In / Sign Up. Mounted by the root layout only while useAuthModal().mode is set, and
 * loaded lazily with it. Switching tabs starts afresh: the forms remount (empty, no errors) and any pending
 * verification is forgotten.
 */
export default function AuthModal() {
  const authModal = useAuthModal();
  const { signedIn, googleClientId } = useAuth();
  const mode: AuthModalMode = authModal.mode ?? 'login';
  const [opened, setOpened] = useState(false);
  const [verification, setVerification] = useState<PendingVerification | null>(null);

  // Mounted closed, then opened, so Mantine plays its opening transition; closing plays out before unmounting.
  useEffect(() => setOpened(true), []);

  const switchTo = (next: string | null) => {
    if (next !== 'login' && next !== 'register') return;
    setVerification(null);
    authModal.open(next);
  };

  const finish = (result: SignedIn) => {
    signedIn(result);
    setOpened(false);
  };

  const heading = HEADINGS[mode === 'register' && verification ? 'registered' : mode];
  const banner = verification && (
    <VerificationBanner email={verification.email} message={verification.message} cooldownEndsAt={verification.cooldownEndsAt} />
  );

  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      onExitTransitionEnd={authModal.close}
      title={
        <Stack gap={2}>
          <Text fw={700} fz="lg">
            {heading.title}
          </Text>
          <Text size="sm" c="dimmed">
            {heading.subtitle}
          </Text>
        </Stack>
      }
      centered
      size="md"
      overlayProps={{ backgroundOpacity: 0.55, blur: 3 }}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="auth-modal"
    >
      <Stack gap="md">
        {mode === 'forgot' ? (
          <ForgotPasswordForm onBack={() => switchTo('login')} />
        ) : (
          <Tabs value={mode} onChange={switchTo} keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="login">Sign In</Tabs.Tab>
              <Tabs.Tab value="register">Sign Up</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login" pt="md">
              <Stack gap="md">
                {banner}
                <SignInForm
                  onSignedIn={finish}
                  onVerificationNeeded={(email, message) => setVerification({ email, message, cooldownEndsAt: null })}
                />
                <Group justify="center">
                  <Anchor component="button" type="button" size="sm" onClick={() => authModal.open('forgot')} data-testid="forgot-password">
                    Forgot password?
                  </Anchor>
                </Group>
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="register" pt="md">
              {verification ? (
                <Stack gap="sm">
                  {banner}
                  <Button variant="subtle" onClick={() => switchTo('login')}>
                    Verified? Sign in
                  </Button>
                </Stack>
              ) : (
                <SignUpForm
                  onSignedIn={finish}
                  onVerificationSent={(email, message) => setVerification({ email, message, cooldownEndsAt: Date.now() + RESEND_COOLDOWN_MS })}
                />
              )}
            </Tabs.Panel>
          </Tabs>
        )}
        {googleClientId && mode !== 'forgot' && (
          <>
            <Divider label="or" labelPosition="center" />
            <GoogleButton clientId={googleClientId} onSignedIn={finish} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
