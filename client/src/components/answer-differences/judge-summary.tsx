import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { JudgeSummary } from '../../../../contract/judge.ts';
import { apiCall, messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { useRefreshAfterAnswer } from '../../app-state/refresh-after-answer.ts';
import { modelLock } from '../../catalogue/model-access.ts';
import { LazyMarkdownAnswer } from '../markdown-answer/lazy-markdown-answer.tsx';

/** Google's AI Overview searches rather than reads: it cannot judge answers. */
const NOT_A_JUDGE = new Set(['ai-overview']);

/**
 * The optional judge: the person picks a model, which reads the answers and summarises agreement and disagreement.
 * Its price is shown before asking; it is charged like any answer (nothing if it fails).
 */
export function JudgeSummaryPanel({ requestId }: { requestId: string }) {
  const { catalogue } = useCatalogue();
  const { user } = useAuth();
  const refreshAfterAnswer = useRefreshAfterAnswer();
  const choices = useMemo(
    () =>
      Object.entries(catalogue?.models ?? {})
        .filter(([engineId, engine]) => engine.available && !NOT_A_JUDGE.has(engineId))
        .flatMap(([engineId, engine]) =>
          engine.models
            .filter((model) => modelLock(user?.tier ?? 'free', model) === null)
            .map((model) => ({ value: `${engineId}/${model.id}`, label: `${engine.name} - ${model.name} (${model.credits} credits)` })),
        ),
    [catalogue, user],
  );
  const [judge, setJudge] = useState('');
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<JudgeSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = judge || choices[0]?.value || '';

  const summarise = () => {
    const slash = chosen.indexOf('/');
    setBusy(true);
    setError(null);
    apiCall<JudgeSummary>(`/api/requests/${encodeURIComponent(requestId)}/judge`, {
      method: 'POST',
      body: { engine: chosen.slice(0, slash), model: chosen.slice(slash + 1) },
      preferServerMessage: true,
      timeoutMs: 180_000,
    })
      .then((answer) => {
        setSummary(answer);
        void refreshAfterAnswer('single');
      })
      .catch((failure: unknown) => setError(messageOf(failure, 'The summary could not be made. Please try again.')))
      .finally(() => setBusy(false));
  };

  if (!user || choices.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="judge-summary">
      <Stack gap="sm">
        <Text fw={600}>Summarise agreement and disagreement</Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect label="Judge model" data={choices} value={chosen} onChange={(event) => setJudge(event.currentTarget.value)} style={{ flex: 1, minWidth: 220 }} data-testid="judge-model" />
          <Button onClick={summarise} loading={busy} data-testid="judge-run">
            Summarise
          </Button>
        </Group>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {summary &&
          (summary.result.success && summary.result.response ? (
            <div data-testid="judge-result">
              <LazyMarkdownAnswer content={summary.result.response} />
              <Text size="xs" c="dimmed">
                {summary.result.creditsUsed} credits
              </Text>
            </div>
          ) : (
            <Text c="red" size="sm" role="status">
              {summary.result.error ?? 'The judge could not answer.'} Nothing was charged.
            </Text>
          ))}
      </Stack>
    </Paper>
  );
}
