import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLock, IconX } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { authApi } from '../../api/auth-api.ts';
import { ApiError, messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';
import { AuthFormLayout, type AuthField } from '../../components/auth-modal/auth-form-layout.tsx';
import { AUTH_VALIDATION_MESSAGES, passwordError, type FieldErrors } from '../../components/auth-modal/auth-validation.ts';
import { useAuthForm } from '../../components/auth-modal/use-auth-form.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

export const RESET_TEXTS = {
  invalidLink: 'This password reset link is invalid or has already been used. Please request a new one.',
  failed: 'Password reset failed. Please try again.',
} as const;

interface ResetValues {
  password: string;
  confirmPassword: string;
}

const FIELDS: readonly AuthField<keyof ResetValues>[] = [
  { name: 'password', label: 'New password', kind: 'password', autoComplete: 'new-password', description: 'At least 8 characters' },
  { name: 'confirmPassword', label: 'Confirm new password', kind: 'password', autoComplete: 'new-password' },
];

function validate(values: ResetValues): FieldErrors<keyof ResetValues> {
  const errors: FieldErrors<keyof ResetValues> = {};
  const password = passwordError(values.password);
  if (password) errors.password = password;
  if (values.confirmPassword !== values.password) errors.confirmPassword = AUTH_VALIDATION_MESSAGES.passwordsDiffer;
  return errors;
}

type Outcome = { status: 'form' } | { status: 'done'; message: string } | { status: 'refused'; message: string };

/** A refusal of the link itself (used, expired, unknown) ends the form; any other failure lets the person try again. */
function isLinkRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'VALIDATION_ERROR' && /link/i.test(error.message);
}

/**
 * `/reset-password?token=…`: opened from the reset mail. Asks for the new password twice; the server signs this
 * browser in (and every other one out), and the page goes home like the verification page does.
 */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const { token } = useSearch({ from: '/reset-password' });
  const { signedIn } = useAuth();
  const authModal = useAuthModal();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>(token ? { status: 'form' } : { status: 'refused', message: RESET_TEXTS.invalidLink });

  const form = useAuthForm<ResetValues>({ password: '', confirmPassword: '' }, validate, async ({ password }) => {
    try {
      const result = await authApi.resetPassword({ token: token ?? '', password });
      signedIn({ user: result.user, session: result.session });
      setOutcome({ status: 'done', message: result.message });
      return null;
    } catch (error) {
      if (isLinkRefusal(error)) {
        setOutcome({ status: 'refused', message: (error as ApiError).message });
        return null;
      }
      return messageOf(error, RESET_TEXTS.failed);
    }
  });

  const done = outcome.status === 'done';
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate({ to: '/' }), 2_000);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <Center py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480} data-testid="reset-password-page">
        {outcome.status === 'form' && (
          <Stack gap="md">
            <Stack align="center" gap="sm">
              <ThemeIcon size={56} radius="xl" color="indigo" variant="light">
                <IconLock size={28} stroke={2} aria-hidden />
              </ThemeIcon>
              <Title order={1} size="h3">
                Choose a new password
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                Saving it signs you in here and signs you out on every other device.
              </Text>
            </Stack>
            <AuthFormLayout form={form} fields={FIELDS} label="New password" submitLabel="Save new password" />
          </Stack>
        )}
        {outcome.status === 'done' && (
          <Stack align="center" gap="sm" role="status" data-testid="reset-success">
            <ThemeIcon size={56} radius="xl" color="teal" variant="light">
              <IconCheck size={28} stroke={2.5} aria-hidden />
            </ThemeIcon>
            <Title order={1} size="h3">
              Password changed
            </Title>
            <Text ta="center">{outcome.message}</Text>
            <Text c="dimmed" size="sm" ta="center">
              Taking you to Quorum…
            </Text>
          </Stack>
        )}
        {outcome.status === 'refused' && (
          <Stack align="center" gap="sm" data-testid="reset-error">
            <ThemeIcon size={56} radius="xl" color="red" variant="light">
              <IconX size={28} stroke={2.5} aria-hidden />
            </ThemeIcon>
            <Title order={1} size="h3">
              Link not valid
            </Title>
            <Text ta="center" role="alert">
              {outcome.message}
            </Text>
            <Group mt="xs" justify="center">
              <Button component={Link} to="/" variant="default">
                Go to Home
              </Button>
              <Button variant="light" onClick={() => authModal.open('forgot')}>
                Request a new link
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
