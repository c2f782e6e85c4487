import { authApi, type SignedIn } from '../../api/auth-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { verificationNeededFor } from './auth-outcomes.ts';
import { validateSignIn, type SignInValues } from './auth-validation.ts';
import { AuthFormLayout, type AuthField } from './auth-form-layout.tsx';
import { useAuthForm } from './use-auth-form.ts';

export interface SignInFormProps {
  onSignedIn(result: SignedIn): void;
  /** The account exists but its address is not verified yet: the modal shows the banner with resend. */
  onVerificationNeeded(email: string, message: string): void;
}

const SIGN_IN_FIELDS: readonly AuthField<keyof SignInValues>[] = [
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', kind: 'password', autoComplete: 'current-password' },
];

/** Email and password. Checks the fields first, then asks the server. */
export function SignInForm({ onSignedIn, onVerificationNeeded }: SignInFormProps) {
  const form = useAuthForm<SignInValues>(
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

  return <AuthFormLayout form={form} fields={SIGN_IN_FIELDS} label="Sign in" submitLabel="Sign In" />;
}
