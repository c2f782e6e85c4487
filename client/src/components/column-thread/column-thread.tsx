import { Divider, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { LazyMarkdownAnswer } from '../markdown-answer/lazy-markdown-answer.tsx';
import type { EarlierAnswer, ThreadQuestion } from '../../requests/conversation.ts';
import { QuestionBubble } from '../question-bubble/question-bubble.tsx';
import { useQuestionActions } from '../../requests/conversation-actions.ts';

export interface ColumnTurn extends ThreadQuestion {
  answer: EarlierAnswer | undefined;
}

/**
 * The earlier turns of one column's conversation, above its latest answer: each question, then what this model
 * said (or that it did not answer, in which case that turn was not part of its conversation).
 */
export const ColumnThread = memo(function ColumnThread({ turns, question }: { turns: readonly ColumnTurn[]; question: string }) {
  const current = useQuestionActions()?.current;
  return (
    <Stack gap="sm" data-testid="column-thread">
      {turns.map((turn, index) => (
        <Stack gap={6} key={index} data-testid="column-thread-turn">
          <QuestionBubble query={turn.query} requestId={turn.requestId} place={turn.place} testId="column-thread-question" />
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
      <QuestionBubble query={question} requestId={current?.requestId ?? null} place={current?.place} testId="column-current-question" />
    </Stack>
  );
});
