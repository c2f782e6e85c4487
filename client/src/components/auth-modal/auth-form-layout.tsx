import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { AuthForm } from './use-auth-form.ts';

/** One field of an account form: what it asks for and how browsers should fill it. */
export interface AuthField<Field extends string> {
  name: Field;
  label: string;
  kind: 'text' | 'email' | 'password';
  autoComplete: string;
  description?: string;
}

export interface AuthFormLayoutProps<Values extends { [Field in keyof Values]: string }> {
  form: AuthForm<Values>;
  fields: readonly AuthField<keyof Values & string>[];
  /** The form's accessible name and the submit button's text. */
  label: string;
  submitLabel: string;
  /** Shown above the submit button when the last submit went well (a settings form stays on screen after saving). */
  success?: string | null;
  /** A dialog's form fills its width; a settings card's button sits at the end of its row instead. */
  compact?: boolean;
}

/** The test id of a field, as the browser tests find it: `auth-confirm-password` for `confirmPassword`. */
function testIdOf(name: string): string {
  return `auth-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * The shape every account form has: its fields in order (the first takes focus), each with its own error, then the
 * server's refusal, then one submit button that shows it is busy.
 */
export function AuthFormLayout<Values extends { [Field in keyof Values]: string }>({
  form,
  fields,
  label,
  submitLabel,
  success = null,
  compact = false,
}: AuthFormLayoutProps<Values>) {
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label={label}>
      <Stack gap="sm">
        {fields.map((field, index) => {
          const shared = {
            label: field.label,
            description: field.description,
            autoComplete: field.autoComplete,
            value: form.values[field.name],
            onChange: form.change(field.name),
            error: form.errors[field.name],
            'data-testid': testIdOf(field.name),
            'data-autofocus': index === 0 && !compact ? true : undefined,
          };
          return field.kind === 'password' ? (
            <PasswordInput key={field.name} {...shared} />
          ) : (
            <TextInput key={field.name} {...shared} type={field.kind} inputMode={field.kind === 'email' ? 'email' : undefined} />
          );
        })}
        {form.failure && (
          <Alert color="red" variant="light" role="alert" data-testid="auth-error">
            {form.failure}
          </Alert>
        )}
        {success && !form.failure && (
          <Alert color="teal" variant="light" role="status" data-testid="auth-success">
            {success}
          </Alert>
        )}
        <Button type="submit" fullWidth={!compact} style={compact ? { alignSelf: 'flex-end' } : undefined} loading={form.submitting} data-testid="auth-submit" mt={4}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
