import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { memo, useDeferredValue } from 'react';
import type { ModelPair } from '../../../api/compare-contract.ts';
import { creditsText } from '../../../catalogue/model-access.ts';
import { LazyMarkdownAnswer } from '../../../components/markdown-answer/lazy-markdown-answer.tsx';
import { columnErrorText, NO_RESPONSE_CONTENT, timingText } from './column-text.ts';
import type { ComparisonColumn } from './comparison-state.ts';

export interface ComparisonColumnCardProps {
  column: ComparisonColumn;
  /** Display names, as strings so the memo holds across renders. */
  engineName: string;
  modelName: string;
  onRetry(column: ModelPair): void;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** One model's answer in the results grid: waiting, streaming, then its answer, cost and timing, or its own error. */
export const ComparisonColumnCard = memo(function ComparisonColumnCard({ column, engineName, modelName, onRetry }: ComparisonColumnCardProps) {
  // Re-parsing the markdown is the costly part; deferring lets React skip versions when several columns stream at once.
  const text = useDeferredValue(column.text);
  const { phase, result } = column;
  const open = phase === 'waiting' || phase === 'streaming';
  const timing = result ? timingText(result.timeToFirstTokenMs, result.durationMs) : null;

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={`${engineName} - ${modelName}`}
      aria-busy={open}
      data-testid="comparison-column"
      data-model={column.model}
      data-state={phase}
      style={{ minWidth: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end" data-testid="column-model-name">
              {modelName}
            </Text>
            <Text size="xs" c="dimmed">
              {engineName}
            </Text>
          </div>
          {phase === 'streaming' && <Loader size="xs" type="dots" aria-label="Answering" />}
          {result && (
            <Badge variant="light" color={result.success ? 'indigo' : 'gray'} tt="none" style={{ flexShrink: 0 }} data-testid="column-credits">
              {creditsText(result.creditsUsed)}
            </Badge>
          )}
        </Group>

        {phase === 'waiting' && (
          <Group gap="xs" role="status" data-testid="column-thinking">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Thinking...
            </Text>
          </Group>
        )}

        {text !== '' && (
          <div data-testid="column-answer" style={{ overflowWrap: 'anywhere' }}>
            <LazyMarkdownAnswer content={text} />
          </div>
        )}
        {phase === 'done' && column.text === '' && (
          <Text size="sm" c="dimmed">
            {NO_RESPONSE_CONTENT}
          </Text>
        )}

        {phase === 'error' && (
          <Alert color="red" variant="light" p="sm" data-testid="column-error">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{columnErrorText(result?.error)}</Text>
              {result?.retryable === true && (
                <Button size="compact-sm" variant="outline" color="red" onClick={() => onRetry(column)} data-testid="column-retry">
                  Retry
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        {column.sources.length > 0 && !open && (
          <Group gap={6} wrap="wrap" data-testid="column-sources">
            <Text size="xs" c="dimmed">
              Sources:
            </Text>
            {column.sources.map((source) => (
              <Anchor key={source.url} href={source.url} target="_blank" rel="noopener noreferrer" size="xs" title={source.title ?? source.url}>
                {hostOf(source.url)}
              </Anchor>
            ))}
          </Group>
        )}

        {timing && (
          <Text size="xs" c="dimmed" data-testid="column-timing">
            {timing}
          </Text>
        )}
      </Stack>
    </Paper>
  );
});
