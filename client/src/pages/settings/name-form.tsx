import { useState } from 'react';
import { accountApi } from '../../api/account-api.ts';
import type { User } from '../../api/auth-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { AuthFormLayout, type AuthField } from '../../components/auth-modal/auth-form-layout.tsx';
import { AUTH_VALIDATION_MESSAGES } from '../../components/auth-modal/auth-validation.ts';
import { useAuthForm } from '../../components/auth-modal/use-auth-form.ts';

const FIELDS: readonly AuthField<'name'>[] = [{ name: 'name', label: 'Name', kind: 'text', autoComplete: 'name' }];
export const NAME_MAX_LENGTH = 100;

/** The name shown in the menu and in mails. */
export function NameForm({ user }: { user: User }) {
  const { userUpdated } = useAuth();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useAuthForm<{ name: string }>(
    { name: user.name },
    ({ name }) => {
      if (name.trim() === '') return { name: AUTH_VALIDATION_MESSAGES.nameRequired };
      if (name.trim().length > NAME_MAX_LENGTH) return { name: `Name must be at most ${NAME_MAX_LENGTH} characters long` };
      return {};
    },
    async ({ name }) => {
      setSaved(null);
      try {
        const result = await accountApi.changeName(name.trim());
        userUpdated(result.user);
        form.reset({ name: result.user.name });
        setSaved(result.message);
        return null;
      } catch (error) {
        return messageOf(error, 'Your name could not be saved.');
      }
    },
  );
  return <AuthFormLayout form={form} fields={FIELDS} label="Change name" submitLabel="Save name" success={saved} compact />;
}
