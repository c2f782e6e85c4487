import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { authApi } from '../../api/auth-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { emailError, type FieldErrors } from './auth-validation.ts';
import { AuthFormLayout, type AuthField } from './auth-form-layout.tsx';
import { useAuthForm } from './use-auth-form.ts';

interface ForgotValues {
  email: string;
}

const FIELDS: readonly AuthField<'email'>[] = [{ name: 'email', label: 'Email', kind: 'email', autoComplete: 'email' }];
const validate = (values: ForgotValues): FieldErrors<'email'> => {
  const error = emailError(values.email);
  return error ? { email: error } : {};
};

/**
 * "Forgot password?": asks for a reset link. The server answers the same whether or not the address has an account,
 * and so does this form: it shows the server's sentence, which never says which it was.
 */
export function ForgotPasswordForm({ onBack }: { onBack(): void }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useAuthForm<ForgotValues>({ email: '' }, validate, async ({ email }) => {
    try {
      setSent((await authApi.requestPasswordReset(email.trim())).message);
      return null;
    } catch (error) {
      return messageOf(error, 'Failed to send the reset email');
    }
  });

  if (sent) {
    return (
      <Stack gap="sm">
        <Alert color="teal" variant="light" role="status" data-testid="reset-requested">
          {sent}
        </Alert>
        <Button variant="subtle" onClick={onBack}>
          Back to sign in
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <AuthFormLayout form={form} fields={FIELDS} label="Reset password" submitLabel="Send reset link" />
      <Button variant="subtle" onClick={onBack}>
        Back to sign in
      </Button>
    </Stack>
  );
}
