import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { authApi, type SignedIn } from '../../api/auth-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { verificationNeededFor } from './auth-outcomes.ts';
import { validateSignIn, type SignInValues } from './auth-validation.ts';
import { useAuthForm } from './use-auth-form.ts';

export interface SignInFormProps {
  onSignedIn(result: SignedIn): void;
  /** The account exists but its address is not verified yet: the modal shows the banner with resend. */
  onVerificationNeeded(email: string, message: string): void;
}

/** Email and password. Checks the fields first (spec section 5), then asks the server. */
export function SignInForm({ onSignedIn, onVerificationNeeded }: SignInFormProps) {
  const { values, errors, failure, submitting, change, submit } = useAuthForm<SignInValues>(
    { email: '', password: '' },
    validateSignIn,
    async ({ email, password }) => {
      try {
        onSignedIn(await authApi.login({ email: email.trim(), password }));
        return null;
      } catch (error) {
        const message = messageOf(error, 'Login failed');
        const verification = verificationNeededFor(error, email);
        if (!verification) return message;
        // The banner carries that message itself; saying it twice would read like two problems.
        onVerificationNeeded(verification.email, message);
        return null;
      }
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          data-testid="auth-email"
          data-autofocus
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          data-testid="auth-password"
        />
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="auth-error">
            {failure}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={submitting} data-testid="auth-submit" mt={4}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
