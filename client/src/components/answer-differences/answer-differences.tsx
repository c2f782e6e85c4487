import { Mark, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { useBringIntoView } from './use-bring-into-view.ts';
import { JudgeSummaryPanel } from './judge-summary.tsx';
import { markUniqueSentences } from './sentence-differences.ts';

export interface AnswerDifferencesProps {
  /** The finished answers to compare, each with the name it is shown under. */
  answers: readonly { key: string; title: string; text: string }[];
  /** The comparison they belong to, for the optional judge's summary. */
  requestId: string | null;
}

/** Each answer as its sentences, with what that answer alone says highlighted. Loaded on demand (it brings the diff library). */
export default function AnswerDifferences({ answers, requestId }: AnswerDifferencesProps) {
  const marked = useMemo(() => markUniqueSentences(answers.map((answer) => answer.text)), [answers]);
  // Turned on from the results' header, it appears below every answer: it is brought to where the person is looking.
  const section = useRef<HTMLDivElement>(null);
  useBringIntoView(section);
  return (
    <Stack ref={section} gap="sm" component="section" aria-labelledby="differences-title" data-testid="answer-differences" style={{ scrollMarginTop: 72 }}>
      <div>
        <Title order={3} size="h5" id="differences-title">
          Where the answers differ
        </Title>
        <Text size="sm" c="dimmed">
          Highlighted sentences are said by that model only; the rest has a close match in another answer.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: Math.min(3, answers.length) }} spacing="md">
        {answers.map((answer, index) => {
          const sentences = marked[index] ?? [];
          const unique = sentences.filter((sentence) => sentence.unique).length;
          return (
            <Paper key={answer.key} withBorder radius="md" p="md" component="article" aria-label={`${answer.title}: differences`} data-testid="difference-card" style={{ minWidth: 0 }}>
              <Stack gap={6}>
                <Text fw={600}>{answer.title}</Text>
                <Text size="xs" c="dimmed">
                  {unique === 0 ? 'Nothing here that another answer does not say.' : `${unique} of ${sentences.length} sentences only here`}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {sentences.map((sentence, position) =>
                    sentence.unique ? (
                      <Mark key={position} color="yellow" data-testid="unique-sentence">
                        {sentence.text}
                      </Mark>
                    ) : (
                      <span key={position}>{sentence.text}</span>
                    ),
                  ).flatMap((node, position) => (position === 0 ? [node] : [' ', node]))}
                </Text>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      {requestId && <JudgeSummaryPanel requestId={requestId} />}
    </Stack>
  );
}
