import { Text } from '@mantine/core';
import { useState } from 'react';
import { accountApi } from '../../api/account-api.ts';
import type { User } from '../../api/auth-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { AuthFormLayout, type AuthField } from '../../components/auth-modal/auth-form-layout.tsx';
import { AUTH_VALIDATION_MESSAGES, emailError, type FieldErrors } from '../../components/auth-modal/auth-validation.ts';
import { useAuthForm } from '../../components/auth-modal/use-auth-form.ts';

interface EmailValues {
  email: string;
  currentPassword: string;
}

const NEW_EMAIL: AuthField<'email'> = { name: 'email', label: 'New email', kind: 'email', autoComplete: 'email' };
const CURRENT_PASSWORD: AuthField<'currentPassword'> = { name: 'currentPassword', label: 'Current password', kind: 'password', autoComplete: 'current-password' };

/**
 * A new address, proved by a link mailed to it: until it is opened the account keeps the old one, which is then told.
 * An account without a password (Google only) has nothing to confirm with here; the mailed link is the proof.
 */
export function EmailForm({ user, hasPassword }: { user: User; hasPassword: boolean }) {
  const [sent, setSent] = useState<string | null>(null);
  const fields = hasPassword ? [NEW_EMAIL, CURRENT_PASSWORD] : [NEW_EMAIL];
  const form = useAuthForm<EmailValues>(
    { email: '', currentPassword: '' },
    ({ email, currentPassword }) => {
      const errors: FieldErrors<keyof EmailValues> = {};
      const invalid = emailError(email);
      if (invalid) errors.email = invalid;
      else if (email.trim().toLowerCase() === user.email) errors.email = 'This is already your email address.';
      if (hasPassword && currentPassword === '') errors.currentPassword = AUTH_VALIDATION_MESSAGES.passwordRequired;
      return errors;
    },
    async ({ email, currentPassword }) => {
      setSent(null);
      try {
        const result = await accountApi.changeEmail({ email: email.trim(), ...(hasPassword ? { currentPassword } : {}) });
        form.reset({ email: '', currentPassword: '' });
        setSent(result.message);
        return null;
      } catch (error) {
        return messageOf(error, 'Your email address could not be changed.');
      }
    },
  );
  return (
    <>
      <Text size="sm">
        Current address: <strong data-testid="current-email">{user.email}</strong>
      </Text>
      <AuthFormLayout form={form} fields={fields} label="Change email" submitLabel="Send confirmation link" success={sent} compact />
    </>
  );
}
