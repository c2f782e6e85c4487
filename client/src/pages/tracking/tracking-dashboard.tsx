import '@mantine/charts/styles.css';
import { Badge, Button, Group, Loader, Modal, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { SURFACE_LABELS, type TrackingDashboard as Dashboard, type TrackingRun, type TrackingSet, type TrackingSurface } from '../../../../contract/tracking.ts';
import { messageOf } from '../../api/http-client.ts';
import { runResultsQuery, trackingDashboardQuery, trackingRunsQuery } from '../../api/tracking-api.ts';
import { ChartCard, NoData, RankingChart } from '../brand-mentions/brand-charts.tsx';
import { band, percentText, positionText, whenText } from './tracking-format.ts';
import { ModelChangesList, SurfacePicker } from './surface-and-changes.tsx';
import { TrackingLineChart } from './tracking-line-chart.tsx';
import type { Line } from './segmented-series.ts';
import { TrackingTables } from './tracking-tables.tsx';
import { TrackingCanaryCard } from './tracking-canary-card.tsx';
import { PairedComparisonCard, ReadingChangesList, ReanalyseHistory } from './reading-changes.tsx';
import type { ChartMarker } from './tracking-line-chart.tsx';
import { useDisplayNames, type DisplayNames } from '../../catalogue/display-names.ts';
import { LazyMarkdownAnswer } from '../../components/markdown-answer/lazy-markdown-answer.tsx';
import { FactCheckStatements } from '../../components/fact-sheet/fact-check-statements.tsx';
import { SearchTrailView } from '../../components/search-trail/search-trail-view.tsx';

/** The fact-checks card comes in its own chunk, after the charts: most sets show it below the fold. */
// Loaded when the dashboard shows it, like the fact-checks: its code is not in the dashboard's own chunk.
const TrackingRetrievalCard = lazy(() => import('./tracking-retrieval-card.tsx').then((module) => ({ default: module.TrackingRetrievalCard })));
const TrackingFactChecksCard = lazy(() => import('./tracking-fact-checks-card.tsx').then((module) => ({ default: module.TrackingFactChecksCard })));

/** "engine - model", as every list of models in Quorum names one. */
const checklistName = (names: DisplayNames): string => `${names.engine} - ${names.model}`;

const SERIES_COLORS = ['indigo.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'red.6', 'blue.6', 'yellow.7'];

type Points = Dashboard['overall'];

type Measure = 'visibility' | 'shareOfVoice' | 'averagePosition' | 'sentiment';

/** A run's 95% interval for a measure, as a band; sentiment has none, so its line is drawn alone. */
const intervalOf = (point: Points[number], measure: Measure): [number, number] | undefined => {
  if (measure === 'visibility') return band(point.visibilityInterval);
  if (measure === 'shareOfVoice') return band(point.statistics?.shareOfVoice);
  if (measure === 'averagePosition') return band(point.statistics?.averagePosition);
  return undefined;
};

const linePoints = (points: Points, measure: Measure): Line['points'] =>
  points.map((point) => ({ startedAt: point.startedAt, segment: point.segment, value: point[measure], band: intervalOf(point, measure) }));

const measureLines = (points: Points, measures: { key: Measure; label: string; color: string }[]): Line[] =>
  measures.map((measure) => ({ ...measure, points: linePoints(points, measure.key) }));

/**
 * One line per group (a model, a country, a surface), each in its own colour, named in full. The key is not the
 * name: the chart reads a dotted key as a path, so "GPT-3.5 Turbo" would lose everything before its last dot.
 */
const groupLines = (groups: { name: string; points: Points }[], measure: 'visibility' | 'shareOfVoice'): Line[] =>
  groups.map((group, index) => ({
    key: `group${index}`,
    label: group.name,
    color: SERIES_COLORS[index % SERIES_COLORS.length]!,
    points: linePoints(group.points, measure),
  }));

/**
 * A set's dashboard: the four measures over time (overall, per model, per AI Overview country), the most cited
 * domains, and the runs, each opening its answers. All of it for one surface (a plain model, a model searching the
 * web, the AI Overview), picked above the charts; the surfaces' visibility is compared side by side, never averaged.
 * Every line carries its 95% interval as a band; a model whose provider changed its version is marked on every
 * chart, and the lines break there. Below the charts, the tables to act on, on the same surface.
 * Loaded with the charts only when a set is opened.
 */
export function TrackingDashboard({ set }: { set: TrackingSet }) {
  const [picked, setPicked] = useState<TrackingSurface | undefined>(undefined);
  const dashboard = useQuery({ ...trackingDashboardQuery(set.id, picked), placeholderData: keepPreviousData });
  const surface = picked ?? dashboard.data?.dashboard.surface ?? undefined;
  const runs = useQuery(trackingRunsQuery(set.id, surface));
  const [openRun, setOpenRun] = useState<TrackingRun | null>(null);
  const nameOf = useDisplayNames();

  if (dashboard.isPending) return <Loader size="sm" aria-label="Loading the dashboard" />;
  if (dashboard.isError) return <Text c="red">{messageOf(dashboard.error, 'Could not load the dashboard.')}</Text>;
  const data = dashboard.data.dashboard;
  const changes = data.modelChanges;
  const settingChanges = data.settingChanges ?? [];
  const analyserChanges = data.analyserChanges ?? [];
  // Every chart marks where the model, the way it was asked, or the analyser changed.
  const markers: ChartMarker[] = [
    ...changes,
    ...settingChanges.map((change) => ({ startedAt: change.startedAt, kind: 'setting' as const })),
    ...analyserChanges.map((change) => ({ startedAt: change.startedAt, kind: 'analyser' as const })),
  ];
  const modelGroups = data.byModel.map((entry) => ({ name: checklistName(nameOf(entry)), points: entry.points }));
  const countryGroups = data.byCountry.map((entry) => ({ name: entry.country.toUpperCase(), points: entry.points }));
  const surfaceGroups = data.surfaces.map((entry) => ({ name: SURFACE_LABELS[entry.surface], points: entry.points }));
  const noRuns = data.overall.length === 0;
  const waiting = 'The first run is still answering; this fills in when it finishes.';

  return (
    <Stack gap="md" data-testid="tracking-dashboard">
      {data.surfaces.length > 1 ? (
        <SurfacePicker surfaces={data.surfaces.map((entry) => entry.surface)} value={data.surface ?? data.surfaces[0]!.surface} onChange={setPicked} />
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {data.surfaces.length > 1 ? (
          <ChartCard title="Visibility per surface" description="Each surface on its own line: a plain model, a model searching the web, Google's AI Overview" testId="chart-per-surface">
            <TrackingLineChart lines={groupLines(surfaceGroups, 'visibility')} changes={markers} scale="percent" />
          </ChartCard>
        ) : null}
        <ChartCard title="Visibility and share of voice" description="Share of answers naming the brand, and its share of all brand mentions" testId="chart-visibility">
          {noRuns ? (
            <NoData text={waiting} />
          ) : (
            <TrackingLineChart
              lines={measureLines(data.overall, [
                { key: 'visibility', label: 'Visibility', color: 'indigo.6' },
                { key: 'shareOfVoice', label: 'Share of voice', color: 'grape.6' },
              ])}
              changes={markers}
              scale="percent"
            />
          )}
        </ChartCard>
        <ChartCard
          title="Average position and sentiment"
          description="Where the brand is named among the brands named (#1, named first, at the top), and the tone from -1 to +1, each on its own scale"
          testId="chart-position"
        >
          {noRuns ? (
            <NoData text={waiting} />
          ) : (
            // Two scales with nothing in common: two charts, one over the other, on the same runs.
            <Stack gap="sm">
              <TrackingLineChart
                lines={measureLines(data.overall, [{ key: 'averagePosition', label: 'Average position', color: 'teal.6' }])}
                changes={markers}
                scale="position"
                height={170}
                testId="chart-position-rank"
              />
              <TrackingLineChart
                lines={measureLines(data.overall, [{ key: 'sentiment', label: 'Sentiment', color: 'orange.6' }])}
                changes={markers}
                scale="sentiment"
                height={170}
                testId="chart-position-sentiment"
              />
            </Stack>
          )}
        </ChartCard>
        <ChartCard title="Visibility per model" description="Share of each model's answers naming the brand" testId="chart-per-model">
          {modelGroups.length === 0 ? <NoData text={waiting} /> : <TrackingLineChart lines={groupLines(modelGroups, 'visibility')} changes={markers} scale="percent" />}
        </ChartCard>
        <ChartCard title="Visibility per country" description="AI Overview answers, by the country Google was asked from" testId="chart-per-country">
          {countryGroups.length === 0 ? (
            <NoData
              text={
                surface !== 'ai-overview' && data.surfaces.some((entry) => entry.surface === 'ai-overview')
                  ? 'Pick the AI Overview surface to compare countries.'
                  : 'Add the AI Overview engine to compare countries.'
              }
            />
          ) : (
            <TrackingLineChart lines={groupLines(countryGroups, 'visibility')} changes={markers} scale="percent" />
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
      {changes.length > 0 ? <ModelChangesList changes={changes} /> : null}
      {settingChanges.length > 0 || analyserChanges.length > 0 ? <ReadingChangesList settings={settingChanges} analysers={analyserChanges} /> : null}
      {data.paired ? <PairedComparisonCard paired={data.paired} threshold={set.alertPValue} /> : null}
      {noRuns ? null : (
        <Group justify="flex-end">
          <ReanalyseHistory set={set} />
        </Group>
      )}

      {noRuns ? null : <TrackingTables set={set} surface={surface} />}
      {noRuns ? null : <TrackingCanaryCard set={set} />}
      {noRuns ? null : (
        <Suspense fallback={null}>
          <TrackingRetrievalCard set={set} />
        </Suspense>
      )}
      {noRuns ? null : (
        <Suspense fallback={null}>
          <TrackingFactChecksCard set={set} surface={surface} />
        </Suspense>
      )}

      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="xs">
          {data.surfaces.length > 1 && surface ? `Runs: ${SURFACE_LABELS[surface]}` : 'Runs'}
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
                {result.sentiment ? (
                  <Badge variant="outline" data-testid="tracking-result-sentiment">
                    {result.sentiment}
                    {result.sentimentBy === 'person' ? ' · corrected' : ''}
                  </Badge>
                ) : null}
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
              {result.factCheck ? <FactCheckStatements check={result.factCheck} /> : null}
              {result.searchTrail ? <SearchTrailView trail={result.searchTrail} /> : null}
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
