/**
 * The auth forms' field rules, in the product's exact words. Pure, so the forms stay thin and the rules are
 * tested on their own. The server checks the same rules again; these only save a round trip.
 */
export const AUTH_VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  nameRequired: 'Name is required',
  passwordsDiffer: 'Passwords do not match',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

// "Simple address pattern": something@something.something, no spaces. The server owns the final say.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignInValues {
  email: string;
  password: string;
}

export interface SignUpValues extends SignInValues {
  name: string;
  confirmPassword: string;
}

/** One message per field that is wrong; a field with no entry is fine. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return AUTH_VALIDATION_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(trimmed)) return AUTH_VALIDATION_MESSAGES.emailInvalid;
  return undefined;
}

export function passwordError(password: string): string | undefined {
  // Not trimmed: spaces are allowed in a password and count towards its length.
  if (password === '') return AUTH_VALIDATION_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_VALIDATION_MESSAGES.passwordTooShort;
  return undefined;
}

function withoutEmpty<Field extends string>(errors: Record<Field, string | undefined>): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<Field>;
}

export function validateSignIn(values: SignInValues): FieldErrors<keyof SignInValues> {
  return withoutEmpty({ email: emailError(values.email), password: passwordError(values.password) });
}

export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  return withoutEmpty({
    name: values.name.trim() === '' ? AUTH_VALIDATION_MESSAGES.nameRequired : undefined,
    email: emailError(values.email),
    password: passwordError(values.password),
    confirmPassword: values.confirmPassword === values.password ? undefined : AUTH_VALIDATION_MESSAGES.passwordsDiffer,
  });
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

/** Spec section 5: "Errors clear on input" — typing in a field takes that field's message away. */
export function clearFieldError<Field extends string>(errors: FieldErrors<Field>, field: Field): FieldErrors<Field> {
  if (!(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest as FieldErrors<Field>;
}
