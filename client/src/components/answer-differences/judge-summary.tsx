import { Badge, Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { councilsOf } from '../../api/council-api.ts';
import type { JudgeMode, JudgeSummary } from '../../../../contract/judge.ts';
import { apiCall, messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { useRefreshAfterAnswer } from '../../app-state/refresh-after-answer.ts';
import { modelLock } from '../../catalogue/model-access.ts';
import { LazyMarkdownAnswer } from '../markdown-answer/lazy-markdown-answer.tsx';
import { JudgeInstructionEditor } from './judge-instruction-editor.tsx';
import { LazyCouncilPanel } from '../council/lazy-council-panel.tsx';
import { teamJudge } from '../teams/team-judge-choice.ts';

/** Google's AI Overview searches rather than reads: it cannot judge answers. */
const NOT_A_JUDGE = new Set(['ai-overview']);

/** The judge's modes, and the council beside them (its own panel: reviews by every model, then a chairman). */
type PanelMode = JudgeMode | 'council';

const MODES: { value: PanelMode; label: string; action: string }[] = [
  { value: 'agreement', label: 'Agreement', action: 'Summarise' },
  { value: 'merge', label: 'Merge', action: 'Merge' },
  { value: 'critique', label: 'Critique', action: 'Critique' },
  { value: 'rank', label: 'Rank', action: 'Rank' },
  { value: 'council', label: 'Council', action: 'Hold council' },
];

/**
 * The optional judge: the person picks a model and what it should do with the answers (summarise agreement and
 * disagreement, merge them into one answer with each claim attributed, critique each, or rank them), and may edit
 * and save the instruction. Its price is shown on the button; it is charged like any answer (nothing if it fails).
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
            .map((model) => ({ value: `${engineId}/${model.id}`, label: `${engine.name} - ${model.name} (${model.credits} credits)`, credits: model.credits })),
        ),
    [catalogue, user],
  );
  // A picked team's judge or council is where the panel opens.
  const [judge, setJudge] = useState(() => {
    const fromTeam = teamJudge();
    return fromTeam ? `${fromTeam.engine}/${fromTeam.model}` : '';
  });
  const [mode, setMode] = useState<PanelMode>(() => {
    const fromTeam = teamJudge();
    return fromTeam ? (fromTeam.kind === 'council' ? 'council' : fromTeam.mode) : 'agreement';
  });
  // A comparison that already had a council (reopened from the history) opens on it.
  const signedIn = user !== null && user !== undefined;
  useEffect(() => {
    if (!signedIn) return;
    const abort = new AbortController();
    councilsOf(requestId, abort.signal)
      .then(({ councils }) => councils.length > 0 && setMode('council'))
      .catch(() => undefined);
    return () => abort.abort();
  }, [requestId, signedIn]);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<JudgeSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = (choices.some((choice) => choice.value === judge) ? judge : '') || choices[0]?.value || '';
  const chosenPair = { engine: chosen.slice(0, chosen.indexOf('/')), model: chosen.slice(chosen.indexOf('/') + 1) };
  const price = choices.find((choice) => choice.value === chosen)?.credits ?? 0;
  const action = MODES.find((entry) => entry.value === mode)!.action;

  const summarise = () => {
    const slash = chosen.indexOf('/');
    setBusy(true);
    setError(null);
    apiCall<JudgeSummary>(`/api/requests/${encodeURIComponent(requestId)}/judge`, {
      method: 'POST',
      body: { engine: chosen.slice(0, slash), model: chosen.slice(slash + 1), mode: mode as JudgeMode },
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
        <Text fw={600} id="judge-title">
          Have a judge read the answers
        </Text>
        <SegmentedControl
          aria-labelledby="judge-title"
          data={MODES.map(({ value, label }) => ({ value, label }))}
          value={mode}
          onChange={(value) => setMode(value as PanelMode)}
          fullWidth
          size="xs"
          data-testid="judge-mode"
        />
        {mode !== 'council' && <JudgeInstructionEditor mode={mode} />}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={mode === 'council' ? 'Chairman model' : 'Judge model'}
            data={choices.map(({ value, label }) => ({ value, label }))}
            value={chosen}
            onChange={(event) => setJudge(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
            data-testid="judge-model"
          />
          {mode !== 'council' && (
            <Button onClick={summarise} loading={busy} data-testid="judge-run">
              {action} · {price} credits
            </Button>
          )}
        </Group>
        {mode === 'council' && <LazyCouncilPanel requestId={requestId} chairman={chosenPair} />}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {mode !== 'council' && summary &&
          (summary.result.success && summary.result.response ? (
            <div data-testid="judge-result">
              <Group gap={6} mb={4}>
                <Badge size="sm" variant="light" data-testid="judge-result-mode">
                  {MODES.find((entry) => entry.value === summary.mode)?.label}
                </Badge>
                {summary.checkedSources && (
                  <Badge size="sm" variant="light" color="grape">
                    Cited pages checked by title
                  </Badge>
                )}
              </Group>
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
