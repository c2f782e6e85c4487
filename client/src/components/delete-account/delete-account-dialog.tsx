import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { accountApi } from '../../api/account-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { confirmsAddress, deletionLoss } from './deletion-cost-text.ts';

/** What deleting costs, said before it happens (the terms say the same). */
export const DELETE_ACCOUNT_WARNINGS = [
  'Your history, brand data, tracked prompts, shared links and API keys are deleted for good.',
  'Unused credits are forfeited. Credits you bought are not refunded.',
  'Registering again with the same address brings no new free credits.',
] as const;

/**
 * "Delete your account?": what is lost (the balance, and what was paid for it), then the deletion, which waits until
 * the person has typed their email address: a deliberate act, not two clicks. Used by the user menu and by Settings;
 * on success the app signs out and the root layout confirms the deletion.
 */
export function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Delete your account?" centered closeButtonProps={{ 'aria-label': 'Close' }} data-testid="delete-account-dialog">
      {/* Mounted only while open: every opening starts with an empty box and a fresh balance. */}
      <DeleteAccountForm onClose={onClose} />
    </Modal>
  );
}

function DeleteAccountForm({ onClose }: { onClose(): void }) {
  const { user, deleteAccount } = useAuth();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  const confirmed = confirmsAddress(typed, user.email);

  const handleDelete = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount();
      onClose();
      // The account's own pages would now ask to sign in; home is where a guest belongs.
      void navigate({ to: '/' });
    } catch (failure) {
      setError(messageOf(failure, 'An error occurred while deleting your account'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleDelete(event)} noValidate>
      <Stack>
        <Text size="sm">This cannot be undone.</Text>
        <DeletionLoss userId={user.id} />
        <List size="sm" spacing={4}>
          {DELETE_ACCOUNT_WARNINGS.map((warning) => (
            <List.Item key={warning}>{warning}</List.Item>
          ))}
        </List>
        <TextInput
          label={`To confirm, type your email address (${user.email})`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          type="email"
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          data-testid="delete-account-email"
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red.9" disabled={!confirmed} loading={deleting} data-testid="confirm-delete-account">
            Delete Account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The balance and what was paid for it, read afresh from the ledger each time the dialog opens. */
function DeletionLoss({ userId }: { userId: string }) {
  const cost = useQuery({ queryKey: ['account', 'deletion-cost', userId], queryFn: accountApi.deletionCost, staleTime: 0, gcTime: 0 });
  if (cost.isPending) return <Text size="sm">Reading your balance…</Text>;
  if (cost.isError) return <Text size="sm">Your whole credit balance is lost with the account.</Text>;
  const loss = deletionLoss(cost.data);
  return (
    <Stack gap={4} data-testid="deletion-loss">
      <Text size="sm" fw={600}>
        {loss.balance}
      </Text>
      {loss.paid && <Text size="sm">{loss.paid}</Text>}
    </Stack>
  );
}
