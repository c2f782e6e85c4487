import { Badge, Button, Code, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { revokeApiKey, type ApiKeySummary } from '../../api/api-keys-api.ts';
import { messageOf } from '../../api/http-client.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string | null): string => (iso ? dateTime.format(new Date(iso)) : 'Never');
const credits = (count: number): string => `${count} ${count === 1 ? 'credit' : 'credits'}`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** One key: how to recognise it, when it was used, what it spent against its cap, and Revoke. */
function KeyCard({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: () => void }) {
  const { usage } = apiKey;
  return (
    <Paper withBorder radius="md" p="md" data-testid="api-key-row" aria-label={`API key ${apiKey.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {apiKey.name}
            </Text>
            <Code data-testid="api-key-prefix">{apiKey.prefix}…</Code>
          </Stack>
          <Button color="red" variant="light" size="xs" onClick={onRevoke} data-testid="revoke-api-key">
            Revoke
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Created">{formatWhen(apiKey.createdAt)}</Fact>
          <Fact label="Last used">{formatWhen(apiKey.lastUsedAt)}</Fact>
          <Fact label="This month">
            {credits(usage.creditsThisMonth)}
            {apiKey.monthlyCreditCap !== null && ` of ${apiKey.monthlyCreditCap}`}
          </Fact>
          <Fact label="All time">
            {credits(usage.creditsTotal)} · {usage.requests} {usage.requests === 1 ? 'call' : 'calls'}
          </Fact>
        </SimpleGrid>
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {apiKey.requestsPerMinute} calls / minute
          </Badge>
          <Badge variant="light" color={apiKey.monthlyCreditCap === null ? 'gray' : 'indigo'}>
            {apiKey.monthlyCreditCap === null ? 'No monthly cap' : `Cap ${credits(apiKey.monthlyCreditCap)} / month`}
          </Badge>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The live keys, newest last, each revocable after a confirmation. */
export function ApiKeyList({ keys, onRevoked }: { keys: ApiKeySummary[]; onRevoked: () => void }) {
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    setBusy(true);
    setError(null);
    try {
      await revokeApiKey(revoking.id);
      setRevoking(null);
      onRevoked();
    } catch (caught) {
      setError(messageOf(caught, 'The key could not be revoked. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (keys.length === 0) {
    return (
      <Paper withBorder radius="md" p="md" data-testid="api-keys-empty">
        <Text c="dimmed" size="sm">
          You have no API keys yet. Create one above to call Quorum from your own programs and assistants.
        </Text>
      </Paper>
    );
  }
  return (
    <>
      <Stack gap="sm" data-testid="api-key-list">
        {keys.map((apiKey) => (
          <KeyCard key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
        ))}
      </Stack>
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke this key?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text size="sm">
            Programs using <strong>{revoking?.name}</strong> ({revoking?.prefix}…) will be refused from their next call. This cannot be undone.
          </Text>
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={() => void confirmRevoke()} data-testid="confirm-revoke-api-key">
              Revoke key
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
