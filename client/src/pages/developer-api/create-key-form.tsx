import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { API_KEY_LIMITS } from '../../../../contract/limits.ts';
import { createApiKey, type CreatedApiKey } from '../../api/api-keys-api.ts';
import { messageOf } from '../../api/http-client.ts';

/** Optional whole numbers: an emptied field means "no limit of my own". */
const wholeOrNull = (value: string | number): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** Names a new key, with an optional monthly credit cap and rate limit, and hands the created key up. */
export function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [cap, setCap] = useState<string | number>('');
  const [rate, setRate] = useState<string | number>('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const created = await createApiKey({ name: name.trim(), monthlyCreditCap: wholeOrNull(cap), requestsPerMinute: wholeOrNull(rate) });
      setName('');
      setCap('');
      setRate('');
      onCreated(created);
    } catch (caught) {
      setError(messageOf(caught, 'The key could not be created. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={(event: FormEvent) => void submit(event)} aria-labelledby="create-key-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="create-key-title">
          Create a key
        </Title>
        <TextInput
          label="Name"
          description="What the key is for, so you can tell your keys apart."
          placeholder="e.g. Nightly report"
          required
          maxLength={API_KEY_LIMITS.name}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-testid="api-key-name"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label="Monthly credit cap"
            description="Optional. Calls are refused once the key has spent this much in a month."
            placeholder="No cap"
            min={1}
            max={API_KEY_LIMITS.monthlyCreditCapMax}
            allowDecimal={false}
            allowNegative={false}
            value={cap}
            onChange={setCap}
            data-testid="api-key-cap"
          />
          <NumberInput
            label="Calls per minute"
            description={`Optional. ${API_KEY_LIMITS.defaultRequestsPerMinute} when left empty.`}
            placeholder={String(API_KEY_LIMITS.defaultRequestsPerMinute)}
            min={1}
            max={API_KEY_LIMITS.requestsPerMinuteMax}
            allowDecimal={false}
            allowNegative={false}
            value={rate}
            onChange={setRate}
            data-testid="api-key-rate"
          />
        </SimpleGrid>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={saving} disabled={name.trim() === ''} data-testid="create-api-key">
            Create key
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
