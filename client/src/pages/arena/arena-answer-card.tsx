import { Alert, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ArenaAnswer } from '../../api/arena-api.ts';
import { LazyMarkdownAnswer } from '../../components/markdown-answer/lazy-markdown-answer.tsx';
import { isOpen, type RunColumn } from '../../requests/request-state.ts';
import { useAnswerText } from '../../requests/use-answer-text.ts';
import { runErrorText } from '../../requests/run-outcome-text.ts';

export interface ArenaAnswerCardProps {
  column: RunColumn;
  /** After the vote: who wrote it, what it cost and how long it took. */
  revealed: { answer: ArenaAnswer; modelName: string; engineName: string } | null;
  /** Where the player placed it (1 is best), once voted. */
  place: number | null;
}

const seconds = (ms: number | null): string => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

/** One blind answer: its label while answering and until the vote, then its model, cost and timings. */
export function ArenaAnswerCard({ column, revealed, place }: ArenaAnswerCardProps) {
  const open = isOpen(column);
  const text = useAnswerText(revealed?.answer.response ?? column.text, open);
  const failed = column.phase === 'error' || column.phase === 'stopped';
  const label = column.model;

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={revealed ? `${label}: ${revealed.modelName}` : label} aria-busy={open} data-testid="arena-answer" data-state={column.phase} style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} data-testid="arena-answer-label">
              {label}
            </Text>
            {revealed && (
              <Text size="sm" data-testid="arena-revealed-model">
                {revealed.modelName} <Text span c="dimmed" size="xs">· {revealed.engineName}</Text>
              </Text>
            )}
          </div>
          <Group gap={6} wrap="nowrap">
            {/* A labelled image: a bare span may not carry a label. */}
            {open && <Loader size="xs" type="dots" role="img" aria-label="Answering" />}
            {place !== null && (
              <Badge variant="light" color={place === 1 ? 'blue' : 'gray'}>
                {place === 1 ? 'Your pick' : `Place ${place}`}
              </Badge>
            )}
          </Group>
        </Group>
        {revealed && revealed.answer.success && (
          <Text size="xs" c="dimmed" data-testid="arena-revealed-facts">
            {revealed.answer.creditsUsed} credits · first word after {seconds(revealed.answer.timeToFirstTokenMs)} · done in {seconds(revealed.answer.durationMs)}
          </Text>
        )}
        {column.phase === 'stopped' ? (
          // Stopping is the player's choice, not a failure: said plainly, with what it means for their credits.
          <Text c="dimmed" size="sm" role="status" data-testid="arena-answer-stopped">
            Stopped before it finished: not charged.
          </Text>
        ) : failed ? (
          <Alert color="red" variant="light" p="sm">
            <Text size="sm" role="status">
              {runErrorText(column.result?.error)}
            </Text>
          </Alert>
        ) : text ? (
          <LazyMarkdownAnswer content={text} streaming={open} />
        ) : (
          <Text size="sm" c="dimmed">
            Waiting for the answer…
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
