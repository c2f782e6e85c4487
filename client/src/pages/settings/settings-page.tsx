import { Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, type User } from '../../api/auth-api.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { DELETE_ACCOUNT_WARNINGS, DeleteAccountDialog } from '../../components/delete-account/delete-account-dialog.tsx';
import { SignedInOnly } from '../../components/signed-in-only/signed-in-only.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { EmailForm } from './email-form.tsx';
import { NameForm } from './name-form.tsx';
import { PasswordForm, SetPasswordByMail } from './password-form.tsx';
import { sessionsQueryKey, SessionsPanel } from './sessions-panel.tsx';
import { CreditsSection } from './credits-section.tsx';
import { SettingsSection } from './settings-section.tsx';
import { ThemeChoice } from './theme-choice.tsx';

/** `/settings`: the account's credits and their history, name, address, password, devices, theme, and deleting it. */
export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <SignedInOnly reason="Sign in to change your name, email address, password and devices." testId="settings-auth-required">
      <SignedInSettings />
    </SignedInOnly>
  );
}

function SignedInSettings() {
  const { user } = useAuth();
  // The sign-in methods decide which forms make sense (a Google-only account has no password to give).
  const profile = useQuery({ queryKey: ['account', 'profile', user?.id], queryFn: authApi.profile });
  if (!user) return null;
  return (
    <Stack gap="lg" py="md" maw={720} data-testid="settings-page">
      <div>
        <Title order={1} size="h2">
          Settings
        </Title>
        <Text c="dimmed" size="sm">
          Your account, your credits, how you sign in, and how Quorum looks.
        </Text>
      </div>
      <CreditsSection />
      <SettingsSection title="Name" description="Shown in the app and in the mails we send you." testId="settings-name">
        <NameForm key={user.id} user={user} />
      </SettingsSection>
      {profile.isPending ? (
        <Loader size="sm" aria-label="Loading your account" />
      ) : (
        <SignInSettings user={user} hasPassword={profile.data?.user.signInMethods.includes('password') ?? true} />
      )}
      <SettingsSection title="Signed-in devices" description="Every browser where your account is signed in." testId="settings-sessions">
        <SessionsPanel />
      </SettingsSection>
      <SettingsSection title="Theme" description="Light, dark, or the same as your system. Kept in this browser." testId="settings-theme">
        <ThemeChoice />
      </SettingsSection>
      <DeleteAccountSection />
    </Stack>
  );
}

function SignInSettings({ user, hasPassword }: { user: User; hasPassword: boolean }) {
  const queryClient = useQueryClient();
  return (
    <>
      <SettingsSection title="Email address" description="We send a link to the new address; it takes effect when you open it, and we tell your old address." testId="settings-email">
        <EmailForm user={user} hasPassword={hasPassword} />
      </SettingsSection>
      <SettingsSection title="Password" description={hasPassword ? 'Changing it signs you out on every other device.' : undefined} testId="settings-password">
        {hasPassword ? <PasswordForm onChanged={() => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey })} /> : <SetPasswordByMail user={user} />}
      </SettingsSection>
    </>
  );
}

function DeleteAccountSection() {
  const [opened, dialog] = useDisclosure(false);
  return (
    <SettingsSection title="Delete account" description="Deleting your account cannot be undone." danger testId="settings-delete">
      <List size="sm" spacing={4}>
        {DELETE_ACCOUNT_WARNINGS.map((warning) => (
          <List.Item key={warning}>{warning}</List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={dialog.open} data-testid="delete-account">
          Delete Account
        </Button>
      </Group>
      <DeleteAccountDialog opened={opened} onClose={dialog.close} />
    </SettingsSection>
  );
}
