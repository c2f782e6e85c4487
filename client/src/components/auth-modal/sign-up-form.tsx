import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { authApi, type SignedIn } from '../../api/auth-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { validateSignUp, type SignUpValues } from './auth-validation.ts';
import { useAuthForm } from './use-auth-form.ts';

export interface SignUpFormProps {
  onSignedIn(result: SignedIn): void;
  /** The account was created and must verify its address first (no session yet). */
  onVerificationSent(email: string, message: string | undefined): void;
}

/** Name, email, password twice. Checks the fields first (spec section 5), then registers. */
export function SignUpForm({ onSignedIn, onVerificationSent }: SignUpFormProps) {
  const { values, errors, failure, submitting, change, submit } = useAuthForm<SignUpValues>(
    { name: '', email: '', password: '', confirmPassword: '' },
    validateSignUp,
    async ({ name, email, password }) => {
      try {
        const address = email.trim();
        const result = await authApi.register({ name: name.trim(), email: address, password });
        if (result.requiresVerification) onVerificationSent(result.email ?? address, result.message);
        else if (result.user && result.session) onSignedIn({ user: result.user, session: result.session });
        else return 'Registration failed';
        return null;
      } catch (error) {
        return messageOf(error, 'Registration failed');
      }
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign up">
      <Stack gap="sm">
        <TextInput
          label="Name"
          autoComplete="name"
          value={values.name}
          onChange={change('name')}
          error={errors.name}
          data-testid="auth-name"
          data-autofocus
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          data-testid="auth-email"
        />
        <PasswordInput
          label="Password"
          description="At least 8 characters"
          autoComplete="new-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          data-testid="auth-password"
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={change('confirmPassword')}
          error={errors.confirmPassword}
          data-testid="auth-confirm-password"
        />
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="auth-error">
            {failure}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={submitting} data-testid="auth-submit" mt={4}>
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
