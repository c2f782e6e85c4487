import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { HistoryRequest } from '../../api/history-api.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { formatRequestDate } from '../../history/request-dates.ts';
import { answerDifferences, type AnswerDifference } from './answer-differences.ts';
import { useRef } from 'react';
import classes from './run-differences.module.css';
import { useBringIntoView } from '../answer-differences/use-bring-into-view.ts';
import { RunDifferenceAnswer } from './run-difference-answer.tsx';

function changeBadge(difference: AnswerDifference) {
  if (difference.earlier === null && difference.later === null) return { label: 'No answer either time', color: 'gray' };
  if (difference.earlier === null) return { label: 'No answer then', color: 'blue' };
  if (difference.later === null) return { label: 'No answer now', color: 'orange' };
  const share = Math.round((difference.unchangedShare ?? 0) * 100);
  return { label: share === 100 ? 'Unchanged' : `${share}% of words kept`, color: share >= 80 ? 'green' : share >= 40 ? 'yellow' : 'orange' };
}

/**
 * The same question asked on two dates, answer by answer: each model's later answer with the words it dropped
 * struck through and the words it added highlighted, and how much of it stayed. Loaded only when asked for.
 */
export default function RunDifferences({ earlier, later }: { earlier: HistoryRequest; later: HistoryRequest }) {
  const nameOf = useDisplayNames();
  const differences = answerDifferences(earlier, later);
  // Opened under its button, it may start below the dialog's fold: it is brought into view, clear of the dialog's header.
  const panel = useRef<HTMLDivElement>(null);
  useBringIntoView(panel);
  return (
    <Stack ref={panel} gap="sm" data-testid="run-differences" style={{ scrollMarginTop: 72 }}>
      <Text size="sm" c="dimmed">
        Answers of {formatRequestDate(later.createdAt, { withSeconds: true })} against {formatRequestDate(earlier.createdAt, { withSeconds: true })}:{' '}
        <del className={classes.removed}>struck through</del> only in the earlier answer, <ins className={classes.added}>highlighted</ins> only in the later one.
      </Text>
      {differences.map((difference) => {
        const names = nameOf(difference);
        const badge = changeBadge(difference);
        return (
          <Paper key={`${difference.engine}/${difference.model}`} withBorder p="sm" radius="md" data-testid="run-difference">
            <Group justify="space-between" gap="xs" mb={6}>
              <Text fw={600} size="sm">{`${names.engine} - ${names.model}`}</Text>
              <Badge variant="filled" color={badge.color} autoContrast data-testid="run-difference-badge">
                {badge.label}
              </Badge>
            </Group>
            {difference.parts.length === 0 ? (
              <Text size="sm" c="dimmed">
                Neither run has an answer from this model.
              </Text>
            ) : (
              <RunDifferenceAnswer parts={difference.parts} />
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
