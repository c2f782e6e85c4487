import { Button, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { authApi } from '../../api/auth-api.ts';
import { ApiError, messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';
import { AuthFormLayout, type AuthField } from '../../components/auth-modal/auth-form-layout.tsx';
import { AUTH_VALIDATION_MESSAGES, passwordError, type FieldErrors } from '../../components/auth-modal/auth-validation.ts';
import { useAuthForm } from '../../components/auth-modal/use-auth-form.ts';
import { ResultCard, ResultPanel } from '../../components/result-panel/result-panel.tsx';
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
    <ResultCard testId="reset-password-page">
      {outcome.status === 'form' && (
        <Stack gap="md">
          <ResultPanel
            outcome={{ color: 'indigo', icon: <IconLock size={28} stroke={2} aria-hidden /> }}
            title="Choose a new password"
            note="Saving it signs you in here and signs you out on every other device."
          />
          <AuthFormLayout form={form} fields={FIELDS} label="New password" submitLabel="Save new password" />
        </Stack>
      )}
      {outcome.status === 'done' && <ResultPanel outcome="success" testId="reset-success" title="Password changed" message={outcome.message} note="Taking you to Quorum…" />}
      {outcome.status === 'refused' && (
        <ResultPanel
          outcome="failure"
          testId="reset-error"
          title="Link not valid"
          message={outcome.message}
          actions={
            <>
              <Button component={Link} to="/" variant="default">
                Go to Home
              </Button>
              <Button variant="light" onClick={() => authModal.open('forgot')}>
                Request a new link
              </Button>
            </>
          }
        />
      )}
    </ResultCard>
  );
}
