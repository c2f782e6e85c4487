import { Group, Loader, Text } from '@mantine/core';
import { LazyMarkdownAnswer } from '../../../components/markdown-answer/lazy-markdown-answer.tsx';
import { isOpen, type RunColumn } from '../../../requests/request-state.ts';
import { NO_RESPONSE_CONTENT } from '../../../requests/run-outcome-text.ts';

/**
 * A column's newest answer as it is being written: "Thinking..." before the first words, the words as they come,
 * then the whole answer, or what was there when it stopped. `text` may lag `column.text` by a render (deferred while
 * several columns stream); the column says what has ended.
 */
export function NewestAnswer({ column, text }: { column: RunColumn; text: string }) {
  const { phase } = column;
  const stopped = phase === 'stopped';
  return (
    <>
      {phase === 'waiting' && (
        <Group gap="xs" role="status" data-testid="column-thinking">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Thinking...
          </Text>
        </Group>
      )}

      {text !== '' && (
        // What a stopped model had written stays readable, set back so it does not pass for a whole answer.
        <div data-testid="column-answer" style={{ overflowWrap: 'anywhere', ...(stopped ? { opacity: 0.65 } : {}) }}>
          <LazyMarkdownAnswer content={text} streaming={isOpen(column)} />
        </div>
      )}
      {phase === 'done' && column.text === '' && (
        <Text size="sm" c="dimmed">
          {NO_RESPONSE_CONTENT}
        </Text>
      )}
      {stopped && column.text === '' && (
        <Text size="sm" c="dimmed">
          Stopped before the first words arrived.
        </Text>
      )}
    </>
  );
}
