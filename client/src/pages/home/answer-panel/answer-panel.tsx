import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { memo, useDeferredValue } from 'react';
import { LazyMarkdownAnswer } from '../../../components/markdown-answer/lazy-markdown-answer.tsx';
import type { SearchStatus } from '../search-state.ts';

export interface AnswerPanelProps {
  status: SearchStatus;
  model: string | null;
  answer: string;
  creditsUsed: number | null;
  onNewSearch(): void;
}

/** The answer as it streams in, then what it cost and a way to start over. */
export const AnswerPanel = memo(function AnswerPanel({
  status,
  model,
  answer,
  creditsUsed,
  onNewSearch,
}: AnswerPanelProps) {
  // Re-parsing the markdown is the costly part of each frame; deferring it lets React drop intermediate versions
  // rather than let typing or scrolling stutter when answers grow long.
  const renderedAnswer = useDeferredValue(answer);
  const streaming = status === 'streaming';

  return (
    <Paper withBorder p="md" aria-busy={streaming}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          {model && (
            <Badge variant="light" tt="none" data-testid="model-badge">
              {model}
            </Badge>
          )}
          {streaming && (
            <Group gap="xs" data-testid="streaming-indicator" role="status">
              <Loader size="xs" type="dots" />
              <Text size="sm" c="dimmed">
                {answer === '' ? 'Waiting for the model…' : 'Answering…'}
              </Text>
            </Group>
          )}
        </Group>

        <div data-testid="answer">
          <LazyMarkdownAnswer content={renderedAnswer} />
        </div>

        {status === 'done' && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" data-testid="credits-used">
              Credits used: {creditsUsed ?? 0}
            </Text>
            <Button variant="light" onClick={onNewSearch}>
              New Search
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
});
