import { Badge, Button, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { memo, useDeferredValue } from 'react';
import { LazyMarkdownAnswer } from '../../../../components/markdown-answer/lazy-markdown-answer.tsx';
import { creditsText } from '../../../../catalogue/model-access.ts';
import type { SearchStatus } from '../search-state.ts';

export interface AnswerPanelProps {
  status: SearchStatus;
  model: string | null;
  answer: string;
  creditsUsed: number | null;
  onClear(): void;
  onNewSearch(): void;
}

/** The answer as it streams in, then what it cost and a way to start over. */
export const AnswerPanel = memo(function AnswerPanel({
  status,
  model,
  answer,
  creditsUsed,
  onClear,
  onNewSearch,
}: AnswerPanelProps) {
  // Re-parsing the markdown is the costly part of each frame; deferring it lets React drop intermediate versions
  // rather than let typing or scrolling stutter when answers grow long.
  const renderedAnswer = useDeferredValue(answer);
  const streaming = status === 'streaming';

  return (
    <Paper withBorder p="md" aria-busy={streaming}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs">
            {model && (
              <Badge variant="light" tt="none" data-testid="model-badge">
                {model}
              </Badge>
            )}
            {creditsUsed !== null && (
              <Badge variant="outline" color="gray" data-testid="credits-used">
                {creditsText(creditsUsed)} used
              </Badge>
            )}
            {streaming && (
              <Group gap="xs" data-testid="streaming-indicator" role="status">
                <Loader size="xs" type="dots" />
                <Text size="sm" c="dimmed">
                  {answer === '' ? 'Thinking...' : 'Answering…'}
                </Text>
              </Group>
            )}
          </Group>
          <CloseButton aria-label="Clear results" onClick={onClear} />
        </Group>

        <div data-testid="answer">
          <LazyMarkdownAnswer content={renderedAnswer} />
        </div>

        {status === 'done' && (
          <Group justify="flex-end">
            <Button variant="light" onClick={onNewSearch} data-testid="new-search-button">
              New Search
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
});
