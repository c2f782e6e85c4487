import { Divider, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { LazyMarkdownAnswer } from '../markdown-answer/lazy-markdown-answer.tsx';
import type { EarlierAnswer } from '../../requests/conversation.ts';

export interface ColumnTurn {
  query: string;
  answer: EarlierAnswer | undefined;
}

/**
 * The earlier turns of one column's conversation, above its latest answer: each question, then what this model
 * said (or that it did not answer, in which case that turn was not part of its conversation).
 */
export const ColumnThread = memo(function ColumnThread({ turns, question }: { turns: readonly ColumnTurn[]; question: string }) {
  return (
    <Stack gap="sm" data-testid="column-thread">
      {turns.map((turn, index) => (
        <Stack gap={6} key={index} data-testid="column-thread-turn">
          <Text size="sm" fw={600} data-testid="column-thread-question">
            {turn.query}
          </Text>
          {turn.answer?.answered ? (
            <div style={{ overflowWrap: 'anywhere' }}>
              <LazyMarkdownAnswer content={turn.answer.text} />
            </div>
          ) : (
            <Text size="sm" fs="italic">
              No answer from this model to that question; it was left out of its conversation.
            </Text>
          )}
          <Divider />
        </Stack>
      ))}
      <Text size="sm" fw={600} data-testid="column-current-question">
        {question}
      </Text>
    </Stack>
  );
});
