import { useState, type ChangeEvent, type FormEvent } from 'react';
import { clearFieldError, hasErrors, type FieldErrors } from './auth-validation.ts';

export interface AuthForm<Values extends { [Field in keyof Values]: string }> {
  values: Values;
  errors: FieldErrors<keyof Values & string>;
  /** The server's refusal (or the fallback text), shown above the submit button. */
  failure: string | null;
  submitting: boolean;
  /** Change handler for one field; editing a field clears its error. */
  change(field: keyof Values & string): (event: ChangeEvent<HTMLInputElement>) => void;
  submit(event: FormEvent<HTMLFormElement>): Promise<void>;
  /** Puts new values in the fields (a settings form clears its passwords after saving). */
  reset(values: Values): void;
}

/**
 * What the sign-in and sign-up forms share: field values, the field checks before anything is sent, one
 * request at a time, and a failure message. `send` returns the failure to show, or null when it went well.
 */
export function useAuthForm<Values extends { [Field in keyof Values]: string }>(
  initial: Values,
  validate: (values: Values) => FieldErrors<keyof Values & string>,
  send: (values: Values) => Promise<string | null>,
): AuthForm<Values> {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof Values & string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (field: keyof Values & string) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => clearFieldError(current, field));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    setFailure(null);
    try {
      setFailure(await send(values));
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, failure, submitting, change, submit, reset: setValues };
}
