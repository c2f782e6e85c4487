import { authApi, type SignedIn } from '../../api/auth-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { validateSignUp, type SignUpValues } from './auth-validation.ts';
import { AuthFormLayout, type AuthField } from './auth-form-layout.tsx';
import { useAuthForm } from './use-auth-form.ts';

export interface SignUpFormProps {
  onSignedIn(result: SignedIn): void;
  /** The account was created and must verify its address first (no session yet). */
  onVerificationSent(email: string, message: string | undefined): void;
}

const SIGN_UP_FIELDS: readonly AuthField<keyof SignUpValues>[] = [
  { name: 'name', label: 'Name', kind: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', kind: 'password', autoComplete: 'new-password', description: 'At least 8 characters' },
  { name: 'confirmPassword', label: 'Confirm password', kind: 'password', autoComplete: 'new-password' },
];

/** Name, email, password twice. Checks the fields first, then registers. */
export function SignUpForm({ onSignedIn, onVerificationSent }: SignUpFormProps) {
  const form = useAuthForm<SignUpValues>(
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

  return <AuthFormLayout form={form} fields={SIGN_UP_FIELDS} label="Sign up" submitLabel="Sign Up" />;
}
