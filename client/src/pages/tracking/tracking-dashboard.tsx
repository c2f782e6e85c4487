import '@mantine/charts/styles.css';
import { Badge, Button, Group, Loader, Modal, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TrackingDashboard as Dashboard, TrackingRun, TrackingSet } from '../../../../contract/tracking.ts';
import { messageOf } from '../../api/http-client.ts';
import { runResultsQuery, trackingDashboardQuery, trackingRunsQuery } from '../../api/tracking-api.ts';
import { ChartCard, NoData, RankingChart } from '../brand-mentions/brand-charts.tsx';
import { band, chartRow, percentText, positionText, whenText } from './tracking-format.ts';
import { BandedLineChart, type BandedLine } from './banded-line-chart.tsx';
import { TrackingTables } from './tracking-tables.tsx';
import { useDisplayNames, type DisplayNames } from '../../catalogue/display-names.ts';
import { LazyMarkdownAnswer } from '../../components/markdown-answer/lazy-markdown-answer.tsx';

/** "engine - model", as every list of models in Quorum names one. */
const checklistName = (names: DisplayNames): string => `${names.engine} - ${names.model}`;

const CHART_HEIGHT = 220;
const SERIES_COLORS = ['indigo.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'red.6', 'blue.6', 'yellow.7'];

/**
 * The key of a group's line in the chart's rows. Not its name: the chart reads a dotted key as a path, so a model
 * named "GPT-3.5 Turbo" would lose everything before its last dot in the legend and its line would stay empty.
 */
const seriesKey = (index: number): string => `group${index}`;

/** Visibility per line, one line per model (or country), with its Wilson band, over the runs. */
function perGroupRows(groups: { name: string; points: Dashboard['overall'] }[]) {
  const byRun = new Map<string, Record<string, unknown>>();
  groups.forEach((group, index) => {
    for (const point of group.points) {
      const row = byRun.get(point.startedAt) ?? { label: whenText(point.startedAt) };
      if (point.visibility !== null) row[seriesKey(index)] = point.visibility;
      const interval = band(point.visibilityInterval);
      if (interval) row[`${seriesKey(index)}Band`] = interval;
      byRun.set(point.startedAt, row);
    }
  });
  return [...byRun.entries()].sort(([left], [right]) => left.localeCompare(right)).map(([, row]) => row);
}

/** Visibility over runs, one line per group (a model, a country), each in its own colour, named in full. */
function VisibilityPerGroup({ groups }: { groups: { name: string; points: Dashboard['overall'] }[] }) {
  return (
    <BandedLineChart
      height={CHART_HEIGHT}
      rows={perGroupRows(groups)}
      lines={groups.map((group, index) => ({ name: seriesKey(index), label: group.name, color: SERIES_COLORS[index % SERIES_COLORS.length]!, band: `${seriesKey(index)}Band` }))}
      percent
    />
  );
}

/** Two of the overall measures over the runs, with their intervals as bands; a run without a value is a gap, not a zero. */
function RunMeasures(props: { rows: ReturnType<typeof chartRow>[]; series: BandedLine[]; percent: boolean }) {
  return <BandedLineChart height={CHART_HEIGHT} rows={props.rows} lines={props.series} percent={props.percent} />;
}

/**
 * A set's dashboard: the four measures over time (overall, per model, per AI Overview country), the most cited
 * domains, and the runs, each opening its answers. Loaded with the charts only when a set is opened.
 */
export function TrackingDashboard({ set }: { set: TrackingSet }) {
  const dashboard = useQuery(trackingDashboardQuery(set.id));
  const runs = useQuery(trackingRunsQuery(set.id));
  const [openRun, setOpenRun] = useState<TrackingRun | null>(null);
  const nameOf = useDisplayNames();

  if (dashboard.isPending) return <Loader size="sm" aria-label="Loading the dashboard" />;
  if (dashboard.isError) return <Text c="red">{messageOf(dashboard.error, 'Could not load the dashboard.')}</Text>;
  const data = dashboard.data.dashboard;
  const overall = data.overall.map((point) => chartRow(whenText(point.startedAt), point));
  const modelGroups = data.byModel.map((entry) => ({ name: checklistName(nameOf(entry)), points: entry.points }));
  const countryGroups = data.byCountry.map((entry) => ({ name: entry.country.toUpperCase(), points: entry.points }));
  const noRuns = overall.length === 0;
  const waiting = 'The first run is still answering; this fills in when it finishes.';

  return (
    <Stack gap="md" data-testid="tracking-dashboard">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard title="Visibility and share of voice" description="Share of answers naming the brand, and its share of all brand mentions" testId="chart-visibility">
          {noRuns ? (
            <NoData text={waiting} />
          ) : (
            <RunMeasures
              rows={overall}
              series={[
                { name: 'visibility', label: 'Visibility', color: 'indigo.6', band: 'visibilityBand' },
                { name: 'shareOfVoice', label: 'Share of voice', color: 'grape.6', band: 'shareOfVoiceBand' },
              ]}
              percent
            />
          )}
        </ChartCard>
        <ChartCard title="Average position and sentiment" description="Where the brand is named among the brands named (1 = first), and the tone (-1 to 1)" testId="chart-position">
          {noRuns ? (
            <NoData text={waiting} />
          ) : (
            <RunMeasures
              rows={overall}
              series={[
                { name: 'averagePosition', label: 'Average position', color: 'teal.6', band: 'averagePositionBand' },
                { name: 'sentiment', label: 'Sentiment', color: 'orange.6' },
              ]}
              percent={false}
            />
          )}
        </ChartCard>
        <ChartCard title="Visibility per model" description="Share of each model's answers naming the brand" testId="chart-per-model">
          {modelGroups.length === 0 ? (
            <NoData text={waiting} />
          ) : (
            <VisibilityPerGroup groups={modelGroups} />
          )}
        </ChartCard>
        <ChartCard title="Visibility per country" description="AI Overview answers, by the country Google was asked from" testId="chart-per-country">
          {countryGroups.length === 0 ? (
            <NoData text="Add the AI Overview engine to compare countries." />
          ) : (
            <VisibilityPerGroup groups={countryGroups} />
          )}
        </ChartCard>
        <ChartCard title="Most cited domains" description="Websites the answers cite, over every run" testId="chart-cited-domains">
          {data.citedDomains.length === 0 ? (
            <NoData text="No answer has cited a website yet." />
          ) : (
            <RankingChart data={data.citedDomains} dataKey="domain" series={{ name: 'count', label: 'Citations', color: 'cyan.6' }} percent={false} />
          )}
        </ChartCard>
      </SimpleGrid>

      {noRuns ? null : <TrackingTables set={set} />}

      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="xs">
          Runs
        </Title>
        {runs.data && runs.data.runs.length > 0 ? (
          <ScrollArea type="auto">
            <Table striped highlightOnHover miw={760} data-testid="tracking-runs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th miw={130}>Run</Table.Th>
                  <Table.Th miw={150}>Status</Table.Th>
                  <Table.Th>Visibility</Table.Th>
                  <Table.Th>Share of voice</Table.Th>
                  <Table.Th>Position</Table.Th>
                  <Table.Th>Credits</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Answers</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.data.runs.map((run) => (
                  <Table.Tr key={run.id}>
                    <Table.Td>{whenText(run.startedAt)}</Table.Td>
                    <Table.Td>
                      <Badge variant="filled" autoContrast style={{ maxWidth: 'none' }} color={run.status === 'completed' ? 'green' : run.status === 'skipped' ? 'red' : 'gray'}>
                        {run.status === 'skipped' ? 'skipped (credits)' : run.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{percentText(run.summary.visibility)}</Table.Td>
                    <Table.Td>{percentText(run.summary.shareOfVoice)}</Table.Td>
                    <Table.Td>{positionText(run.summary.averagePosition)}</Table.Td>
                    <Table.Td>{run.creditsCharged}</Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" variant="subtle" disabled={run.status !== 'completed'} onClick={() => setOpenRun(run)} data-testid="open-run">
                        Answers
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        ) : (
          <Text size="sm" c="dimmed">
            No runs yet.
          </Text>
        )}
      </Paper>
      <RunAnswers set={set} run={openRun} onClose={() => setOpenRun(null)} />
    </Stack>
  );
}

/** The drill-down: every answer of one run, with what it came to for the brand. */
function RunAnswers({ set, run, onClose }: { set: TrackingSet; run: TrackingRun | null; onClose(): void }) {
  const results = useQuery({ ...runResultsQuery(set.id, run?.id ?? ''), enabled: run !== null });
  const nameOf = useDisplayNames();
  return (
    <Modal opened={run !== null} onClose={onClose} title={run ? `Answers of the run of ${whenText(run.startedAt)}` : ''} size="xl" closeButtonProps={{ 'aria-label': 'Close' }} data-testid="run-answers">
      {results.isPending ? (
        <Loader size="sm" aria-label="Loading answers" />
      ) : (
        <Stack gap="sm">
          {(results.data?.results ?? []).map((result) => (
            <Paper key={result.id} withBorder p="sm" radius="md" data-testid="run-answer">
              <Group gap="xs" mb={4} wrap="wrap">
                <Badge variant="light" tt="none" c="var(--mantine-color-text)" data-testid="run-answer-model">
                  {checklistName(nameOf(result))}
                </Badge>
                {result.country ? <Badge variant="outline">{result.country.toUpperCase()}</Badge> : null}
                <Badge color={result.status === 'error' ? 'red' : result.mentioned ? 'green' : 'gray'} variant="filled" autoContrast>
                  {result.status === 'error' ? 'failed (free)' : result.mentioned ? `mentioned ${positionText(result.position)}` : 'not mentioned'}
                </Badge>
                {result.sentiment ? <Badge variant="outline">{result.sentiment}</Badge> : null}
              </Group>
              <Text size="sm" fw={600}>
                {result.prompt}
              </Text>
              {/* The answer as the model wrote it: rendered markdown, like every other answer in Quorum. */}
              {result.answer ? (
                <div data-testid="run-answer-text">
                  <LazyMarkdownAnswer content={result.answer} />
                </div>
              ) : null}
              {result.citedDomains.length > 0 ? (
                <Text size="xs" c="dimmed" mt={4}>
                  Cited: {result.citedDomains.join(', ')}
                </Text>
              ) : null}
            </Paper>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
