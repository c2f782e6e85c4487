import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { deleteHistoryRequest, type HistoryConversation } from '../../api/history-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { queryKeys } from '../../app-state/query-client.ts';

/**
 * Deletes the conversation shown, every turn with its regenerated versions, after asking once more: a deleted
 * conversation cannot be brought back. Credits it was charged stay charged. One still answering is not offered.
 */
export function DeleteRequest({ conversation, onDeleted }: { conversation: HistoryConversation; onDeleted(conversation: HistoryConversation): void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const turns = conversation.turns.length > 0 ? conversation.turns : [conversation];
  if (conversation.engine === 'arena' || turns.some((turn) => turn.status === 'pending')) return <span />;
  const question = turns.length > 1 ? `Delete this conversation and its ${turns.length} turns? This cannot be undone.` : 'Delete this request? This cannot be undone.';

  const remove = () => {
    setBusy(true);
    setError(null);
    deleteHistoryRequest(conversation.id)
      .then(() => {
        onDeleted(conversation);
        return queryClient.invalidateQueries({ queryKey: queryKeys.history });
      })
      .catch((failure: unknown) => setError(messageOf(failure, 'The request could not be deleted. Please try again.')))
      .finally(() => setBusy(false));
  };

  if (!confirming)
    return (
      // Mantine's subtle red is near-white on the dark background; the theme's error red reads as red in both schemes.
      <Button
        variant="subtle"
        color="red"
        c="var(--mantine-color-error)"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => setConfirming(true)}
        data-testid="delete-request"
      >
        Delete
      </Button>
    );
  return (
    <Group gap="xs" role="group" aria-label="Confirm deletion" data-testid="delete-confirm">
      <Text size="sm">{question}</Text>
      <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)} disabled={busy}>
        Keep
      </Button>
      <Button size="compact-sm" color="red" onClick={remove} loading={busy} data-testid="delete-confirm-button">
        Delete
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert" w="100%">
          {error}
        </Text>
      )}
    </Group>
  );
}
