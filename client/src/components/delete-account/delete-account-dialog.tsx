import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';

/** What deleting costs, said before it happens (the terms say the same). */
export const DELETE_ACCOUNT_WARNINGS = [
  'Your history, brand data, tracked prompts, shared links and API keys are deleted for good.',
  'Unused credits are forfeited. Credits you bought are not refunded.',
  'Registering again with the same address brings no new free credits.',
] as const;

/**
 * "Delete your account?": the warning, then the deletion. Used by the user menu and by Settings; on success the app
 * signs out and the root layout confirms the deletion.
 */
export function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { deleteAccount } = useAuth();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleDelete = async () => {
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
    <Modal opened={opened} onClose={onClose} title="Delete your account?" centered closeButtonProps={{ 'aria-label': 'Close' }} data-testid="delete-account-dialog">
      <Stack>
        <Text size="sm">This cannot be undone.</Text>
        <List size="sm" spacing={4}>
          {DELETE_ACCOUNT_WARNINGS.map((warning) => (
            <List.Item key={warning}>{warning}</List.Item>
          ))}
        </List>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.9" loading={deleting} onClick={() => void handleDelete()} data-testid="confirm-delete-account">
            Delete Account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
