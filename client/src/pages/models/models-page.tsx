import { Alert, Anchor, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { messageOf } from '../../api/http-client.ts';
import { modelStatsQuery } from '../../api/model-stats-api.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { nextSort, sortModels, type FiguresWindow, type ModelSort } from './model-sorting.ts';
import { ModelsTable } from './models-table.tsx';

const WINDOW_CHOICES = [
  { value: 'last24Hours', label: 'Last 24 hours' },
  { value: 'last7Days', label: 'Last 7 days' },
];

/**
 * Every model Quorum offers, with its price, context window, what it accepts and who may ask it, beside Quorum's own
 * figures from the answers it really gave: answers, error rate, time to first token and speed, over 24 hours or 7 days.
 */
export default function ModelsPage() {
  usePageTitle('Models');
  const stats = useQuery(modelStatsQuery());
  const [window, setWindow] = useState<FiguresWindow>('last24Hours');
  const [sort, setSort] = useState<ModelSort | null>(null);
  const rows = useMemo(() => (stats.data ? sortModels(stats.data.models, sort, window) : []), [stats.data, sort, window]);

  return (
    <Stack gap="lg" py="md" data-testid="models-page">
      <div>
        <Title order={1} size="h2">
          Models
        </Title>
        <Text c="dimmed" size="sm">
          Every model you can ask, what one answer costs and what it accepts, and how it has done on Quorum: figures from the answers people really got,
          not the providers’ claims. <Anchor component={Link} to="/pricing" size="sm" underline="always">Pricing</Anchor>
        </Text>
      </div>
      <Group gap="sm" wrap="wrap" align="center" justify="space-between">
        <SegmentedControl
          data={WINDOW_CHOICES}
          value={window}
          onChange={(value) => setWindow(value as FiguresWindow)}
          aria-label="Figures over"
          data-testid="figures-window"
        />
        <Text size="xs" c="dimmed">
          Click a column’s heading to sort by it; again to reverse.
          <Text span size="xs" c="dimmed" hiddenFrom="sm">
            {' '}
            Swipe the table sideways for each model’s figures.
          </Text>
        </Text>
      </Group>
      {stats.isPending ? (
        <Loader size="sm" aria-label="Loading the models" />
      ) : stats.isError ? (
        <Alert color="red" role="alert">
          {messageOf(stats.error, 'The models could not be loaded.')}
        </Alert>
      ) : (
        <ModelsTable entries={rows} window={window} minimum={stats.data.minimumAnswers} sort={sort} onSort={(key) => setSort((current) => nextSort(current, key))} />
      )}
      <Stack gap={4} data-testid="figures-rules">
        <Title order={2} size="h5">
          How the figures are counted
        </Title>
        <Text size="sm" c="dimmed">
          A figure needs at least {stats.data?.minimumAnswers ?? 20} answers in its window; until then it reads “Not enough answers yet”, with how many
          there are so far (“No answers yet” when there are none). Each figure shows how many answers it is drawn from.
        </Text>
        <Text size="sm" c="dimmed">
          Answers are those that finished or failed in the window; an answer you stopped counts as neither. The error rate is the share that failed.
          First token is the wait from Quorum accepting the question to the first text (p50: half waited less; p95: one in twenty waited longer). Tokens/s
          is the median speed of the text once it starts, reasoning left out, among answers that streamed for at least {stats.data?.minimumStreamingMs ?? 100} ms.
          The figures are counted again every minute.
        </Text>
      </Stack>
    </Stack>
  );
}
