import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { authApi, type SignedIn } from '../../api/auth-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { verificationNeededFor } from './auth-outcomes.ts';
import { clearFieldError, hasErrors, validateSignIn, type FieldErrors, type SignInValues } from './auth-validation.ts';

export interface SignInFormProps {
  onSignedIn(result: SignedIn): void;
  /** The account exists but its address is not verified yet: the modal shows the banner with resend. */
  onVerificationNeeded(email: string, message: string): void;
}

type Field = keyof SignInValues;

/** Email and password. Checks the fields first (spec section 5), then asks the server. */
export function SignInForm({ onSignedIn, onVerificationNeeded }: SignInFormProps) {
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => clearFieldError(current, field));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignIn(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    setFailure(null);
    try {
      onSignedIn(await authApi.login({ email: values.email.trim(), password: values.password }));
    } catch (error) {
      const message = messageOf(error, 'Login failed');
      const verification = verificationNeededFor(error, values.email);
      // The banner carries that message itself; saying it twice would read like two problems.
      if (verification) onVerificationNeeded(verification.email, message);
      else setFailure(message);
    } finally {
      setSubmitting(false);
    }
  };

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
