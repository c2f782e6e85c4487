import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { pairedCountsSentence, pValueText, type PairedComparison } from '../../../../contract/tracking-paired.ts';
import type { AnalyserChange, SettingChange, TrackingSet } from '../../../../contract/tracking.ts';
import { messageOf } from '../../api/http-client.ts';
import { reanalysisPreviewQuery, startReanalysis } from '../../api/tracking-reanalysis-api.ts';
import { trackingQueryKeys } from '../../api/tracking-api.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { creditsText, whenText } from './tracking-format.ts';

/**
 * The latest run against the 7 days before it, cell by cell: the same prompts and models read in both windows, so
 * what is left is whether cells moved and which way. The set's own significance threshold says how to read p.
 */
export function PairedComparisonCard({ paired, threshold }: { paired: PairedComparison; threshold: number }) {
  const significant = paired.cells > 0 && paired.p < threshold;
  return (
    <Paper withBorder p="md" radius="md" data-testid="paired-comparison">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={3} size="h5">
          Same prompts, before and after
        </Title>
        {paired.cells > 0 ? (
          <Badge variant="light" color={significant ? 'red' : 'gray'} c={significant ? undefined : 'var(--mantine-color-text)'} tt="none" data-testid="paired-verdict">
            {significant ? 'A real change' : 'Within the noise'}
          </Badge>
        ) : null}
      </Group>
      {paired.cells === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          No prompt and model has been read both in the latest run and in the 7 days before it yet.
        </Text>
      ) : (
        <Stack gap={4} mt={4}>
          <Text size="sm" data-testid="paired-counts">
            Latest run against the 7 days before, on the {paired.cells} prompt-and-model {paired.cells === 1 ? 'cell' : 'cells'} read in both: {pairedCountsSentence(paired)}.
          </Text>
          <Text size="sm" data-testid="paired-p">
            McNemar&apos;s exact test: p = {pValueText(paired.p)} (your threshold {threshold}). Named in both: {paired.kept}; in neither: {paired.neither}.
          </Text>
          <Text size="xs" c="dimmed">
            A cell counts as mentioned when more than half its answers named the brand. Comparing each prompt and model with itself takes out how
            differently prompts behave, which the overall rate counts as noise.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

const settingValue = (change: SettingChange, value: SettingChange['from']) => {
  if (change.setting === 'webSearch') return value ? 'web search on' : 'web search off';
  return value === null ? 'default temperature' : `temperature ${String(value)}`;
};

/** Where the way readings were taken (temperature, web search) or read (the analyser) changed, oldest first. */
export function ReadingChangesList({ settings, analysers }: { settings: readonly SettingChange[]; analysers: readonly AnalyserChange[] }) {
  const nameOf = useDisplayNames();
  return (
    <Paper withBorder p="md" radius="md" data-testid="reading-changes">
      <Title order={3} size="h5" mb={4}>
        How the readings were taken
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        A new temperature or web search breaks the lines, as a new model version does; a new analyser is marked on the charts, and re-analysing the history removes the mark.
      </Text>
      <Stack gap={6}>
        {settings.map((change) => {
          const names = nameOf(change);
          return (
            <Group key={`${change.runId}-${change.engine}-${change.model}-${change.setting}`} gap="xs" wrap="wrap" data-testid="setting-change">
              <Text size="sm" c="dimmed" miw={110}>
                {whenText(change.startedAt)}
              </Text>
              <Badge variant="light" tt="none" c="var(--mantine-color-text)">
                {`${names.engine} - ${names.model}`}
              </Badge>
              <Text size="sm">
                {settingValue(change, change.from)} → {settingValue(change, change.to)}
              </Text>
            </Group>
          );
        })}
        {analysers.map((change) => (
          <Group key={`${change.runId}-analyser`} gap="xs" wrap="wrap" data-testid="analyser-change">
            <Text size="sm" c="dimmed" miw={110}>
              {whenText(change.startedAt)}
            </Text>
            <Badge variant="light" color="gray" tt="none" c="var(--mantine-color-text)">
              Analyser
            </Badge>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {change.from ?? 'unrecorded'} → {change.to}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * Re-analysing the set's history: the dialog shows what it reads and, with a judge, how many calls that makes and
 * what they cost the operator, before anything starts; the start quotes the figures shown.
 */
export function ReanalyseHistory({ set }: { set: TrackingSet }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)} data-testid="reanalyse-open">
        Re-analyse history
      </Button>
      {opened ? <ReanalyseDialog set={set} onClose={() => setOpened(false)} /> : null}
    </>
  );
}

function ReanalyseDialog({ set, onClose }: { set: TrackingSet; onClose(): void }) {
  const queryClient = useQueryClient();
  const preview = useQuery(reanalysisPreviewQuery(set.id));
  const [judge, setJudge] = useState(false);
  const start = useMutation({
    mutationFn: (readings: number) => startReanalysis(set.id, { judge, readings }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trackingQueryKeys.all }),
  });
  const figures = preview.data?.reanalysis;
  return (
    <Modal opened onClose={onClose} title="Re-analyse history" closeButtonProps={{ 'aria-label': 'Close' }} data-testid="reanalyse-dialog">
      {preview.isPending ? (
        <Loader size="sm" aria-label="Working out what a re-analysis reads" />
      ) : preview.isError || !figures ? (
        <Text c="red">{messageOf(preview.error, 'Could not work out what a re-analysis reads.')}</Text>
      ) : start.isSuccess ? (
        <Alert color="teal" title="Re-analysis started" data-testid="reanalyse-started">
          {start.data.reanalysis.readings} stored answers will be read again; the charts update as it finishes.
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="reanalyse-figures">
            {figures.readings} stored answers will be read again by the current analyser ({figures.outdated} of them were read by an older one). The answers
            are not asked again: only how they are read changes.
          </Text>
          {figures.judge ? (
            <Checkbox
              checked={judge}
              onChange={(event) => setJudge(event.currentTarget.checked)}
              label={`Also ask the judge model (${figures.judge.model}) again`}
              description={`${figures.judge.calls} judge calls, about ${creditsText(figures.judge.operatorCredits)} at its price, paid by the operator as every judge call is.`}
              data-testid="reanalyse-judge"
            />
          ) : null}
          <Text size="sm" fw={600} data-testid="reanalyse-charge">
            Charged to you: {creditsText(figures.creditsCharged)}.
          </Text>
          {figures.running ? <Text size="sm">A re-analysis of this set is already under way.</Text> : null}
          {start.isError ? (
            <Alert color="red" title="Could not start">
              {messageOf(start.error, 'Something went wrong.')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => start.mutate(figures.readings)} loading={start.isPending} disabled={figures.running || figures.readings === 0} data-testid="reanalyse-start">
              Re-analyse {figures.readings} answers
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
