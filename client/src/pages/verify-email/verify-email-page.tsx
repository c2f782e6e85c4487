import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { authApi, type SignedIn } from '../../api/auth-api.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { redirectDelayMs, VERIFY_EMAIL_TEXTS, verificationFailureText } from './verification-outcome.ts';
import { IconCheck, IconX } from '@tabler/icons-react';

type Outcome = { status: 'success'; message: string; signedIn: boolean } | { status: 'error'; message: string };
type Verification = { status: 'verifying' } | Outcome;

/**
 * One verification per link. A link can be used once, so the request must not repeat when React StrictMode (in
 * development) runs the effect twice: the attempt is kept in a ref and both runs wait for the same one.
 */
function useVerification(token: string | undefined, email: string | undefined): Verification {
  const { signedIn } = useAuth();
  const attempt = useRef<{ key: string; outcome: Promise<Outcome> } | null>(null);
  const [verification, setVerification] = useState<Verification>({ status: 'verifying' });

  useEffect(() => {
    if (!token || !email) {
      setVerification({ status: 'error', message: VERIFY_EMAIL_TEXTS.invalidLink });
      return;
    }
    const key = `${email}\n${token}`;
    if (attempt.current?.key !== key) {
      setVerification({ status: 'verifying' });
      const outcome = authApi.verifyEmail({ email, token }).then(
        (result): Outcome => {
          const withUser = Boolean(result.user && result.session);
          // The server has set the session cookie: the app is signed in whether or not this page is still shown.
          if (withUser) signedIn({ user: result.user, session: result.session } satisfies SignedIn);
          return { status: 'success', message: result.message, signedIn: withUser };
        },
        (error: unknown): Outcome => ({ status: 'error', message: verificationFailureText(error) }),
      );
      attempt.current = { key, outcome };
    }
    let current = true;
    void attempt.current.outcome.then((outcome) => {
      if (current) setVerification(outcome);
    });
    return () => {
      current = false;
    };
  }, [token, email, signedIn]);

  return verification;
}

function CheckIcon() {
  return <IconCheck size={28} stroke={2.5} aria-hidden />;
}

function CrossIcon() {
  return <IconX size={28} stroke={2.5} aria-hidden />;
}

/** `/verify-email?token=…&email=…`: uses the emailed link, then takes the user home. */
export function VerifyEmailPage() {
  const { token, email } = useSearch({ from: '/verify-email' });
  const navigate = useNavigate();
  const verification = useVerification(token, email);

  const succeeded = verification.status === 'success';
  const withUser = succeeded && verification.signedIn;
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate({ to: '/' }), redirectDelayMs(withUser));
    return () => clearTimeout(timer);
  }, [succeeded, withUser, navigate]);

  return (
    <Center py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480} data-testid="verify-email-page">
        {verification.status === 'verifying' && (
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Title order={1} size="h3">
              Verifying your email…
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              This takes a moment.
            </Text>
          </Stack>
        )}
        {verification.status === 'success' && (
          <Stack align="center" gap="sm" role="status" data-testid="verification-success">
            <ThemeIcon size={56} radius="xl" color="teal" variant="light">
              <CheckIcon />
            </ThemeIcon>
            <Title order={1} size="h3">
              Email verified
            </Title>
            <Text ta="center">{verification.message}</Text>
            <Text c="dimmed" size="sm" ta="center">
              Taking you to Quorum…
            </Text>
          </Stack>
        )}
        {verification.status === 'error' && (
          <Stack align="center" gap="sm" data-testid="verification-error">
            <ThemeIcon size={56} radius="xl" color="red" variant="light">
              <CrossIcon />
            </ThemeIcon>
            <Title order={1} size="h3">
              Verification failed
            </Title>
            <Text ta="center" role="alert">
              {verification.message}
            </Text>
            <Button component={Link} to="/" variant="light" mt="xs">
              Go to Home
            </Button>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
