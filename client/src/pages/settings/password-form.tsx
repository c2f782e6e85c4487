import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { accountApi } from '../../api/account-api.ts';
import { authApi, type User } from '../../api/auth-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { AuthFormLayout, type AuthField } from '../../components/auth-modal/auth-form-layout.tsx';
import { AUTH_VALIDATION_MESSAGES, passwordError, type FieldErrors } from '../../components/auth-modal/auth-validation.ts';
import { useAuthForm } from '../../components/auth-modal/use-auth-form.ts';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const FIELDS: readonly AuthField<keyof PasswordValues>[] = [
  { name: 'currentPassword', label: 'Current password', kind: 'password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', kind: 'password', autoComplete: 'new-password', description: 'At least 8 characters' },
  { name: 'confirmPassword', label: 'Confirm new password', kind: 'password', autoComplete: 'new-password' },
];
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

function validate(values: PasswordValues): FieldErrors<keyof PasswordValues> {
  const errors: FieldErrors<keyof PasswordValues> = {};
  if (values.currentPassword === '') errors.currentPassword = AUTH_VALIDATION_MESSAGES.passwordRequired;
  const weak = passwordError(values.newPassword);
  if (weak) errors.newPassword = weak;
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = AUTH_VALIDATION_MESSAGES.passwordsDiffer;
  return errors;
}

/** Needs the current password; saving signs out every other device (the list below shows it). */
export function PasswordForm({ onChanged }: { onChanged(): void }) {
  const [saved, setSaved] = useState<string | null>(null);
  const form = useAuthForm<PasswordValues>(EMPTY, validate, async ({ currentPassword, newPassword }) => {
    setSaved(null);
    try {
      const result = await accountApi.changePassword({ currentPassword, newPassword });
      form.reset(EMPTY);
      setSaved(result.message);
      onChanged();
      return null;
    } catch (error) {
      return messageOf(error, 'Your password could not be changed.');
    }
  });
  return <AuthFormLayout form={form} fields={FIELDS} label="Change password" submitLabel="Change password" success={saved} compact />;
}

/**
 * An account that signs in with Google has no password to type. Its first one is set through the reset link, mailed
 * to its address, which proves the person is the owner and not just someone at an unlocked computer.
 */
export function SetPasswordByMail({ user }: { user: User }) {
  const [state, setState] = useState<{ sending: boolean; message: string | null; error: string | null }>({ sending: false, message: null, error: null });
  const send = async () => {
    setState({ sending: true, message: null, error: null });
    try {
      const result = await authApi.requestPasswordReset(user.email);
      setState({ sending: false, message: result.message, error: null });
    } catch (error) {
      setState({ sending: false, message: null, error: messageOf(error, 'Failed to send the email') });
    }
  };
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">You sign in with Google, so your account has no password. To sign in with your email address too, we will email you a link to set one.</Text>
      {state.message && (
        <Alert color="teal" variant="light" role="status" w="100%">
          {state.message}
        </Alert>
      )}
      {state.error && (
        <Alert color="red" variant="light" role="alert" w="100%">
          {state.error}
        </Alert>
      )}
      <Button variant="light" loading={state.sending} onClick={() => void send()} data-testid="set-password-by-mail">
        Set a password
      </Button>
    </Stack>
  );
}
