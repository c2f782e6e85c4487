import { Alert, Blockquote, Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FactCheckDashboard } from '../../../../contract/brand-facts.ts';
import type { TrackingSet, TrackingSurface } from '../../../../contract/tracking.ts';
import { messageOf } from '../../api/http-client.ts';
import { trackingFactChecksQuery } from '../../api/tracking-fact-checks-api.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import type { Line } from './segmented-series.ts';
import { TrackingLineChart } from './tracking-line-chart.tsx';
import { rangeText, whenText } from './tracking-format.ts';

const SERIES_COLORS = ['red.7', 'indigo.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'blue.6', 'yellow.7'];

type Share = FactCheckDashboard['overall'];
const percent = (value: number | null) => (value === null ? null : value * 100);
/** "17% (5–40%)", from a share of 0 to 1 with its interval. */
const shareText = (share: Share) => rangeText(percent(share.share), share.low * 100, share.high * 100);

/**
 * The answers read against the brand's fact sheet: how often each model contradicts it (per run, with the Wilson 95%
 * interval as a band), which facts they get wrong most often, in what words, and an alert when contradictions rose
 * significantly. Without a judge model it says what it would show and how it is turned on. Loaded on its own, after
 * the dashboard.
 */
export function TrackingFactChecksCard({ set, surface }: { set: TrackingSet; surface: TrackingSurface | undefined }) {
  const query = useQuery(trackingFactChecksQuery(set.id, surface));
  const nameOf = useDisplayNames();
  const modelName = (entry: { engine: string; model: string }) => {
    const names = nameOf(entry);
    return `${names.engine} - ${names.model}`;
  };
  const data = query.data?.factChecks;
  return (
    <Paper withBorder p="md" radius="md" data-testid="tracking-fact-checks">
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap">
        <div>
          <Title order={3} size="h5">
            Fact-checks against your fact sheet
          </Title>
          <Text size="sm" c="dimmed">
            Answers naming {set.brand.brandName} that state something your sheet contradicts, out of those the judge read.
          </Text>
        </div>
        {data && data.overall.contradicted > 0 ? (
          <Button size="compact-sm" variant="subtle" component="a" href={`/api/tracking/sets/${set.id}/fact-checks.csv`} download data-testid="fact-checks-export">
            Contradictions CSV
          </Button>
        ) : null}
      </Group>
      {query.isPending ? (
        <Text size="sm" c="dimmed">
          Loading fact-checks…
        </Text>
      ) : query.isError ? (
        <Text size="sm" c="red">
          {messageOf(query.error, 'Could not load the fact-checks.')}
        </Text>
      ) : (
        <Stack gap="sm">
          {data!.judgeModel === null ? (
            <Text size="sm" data-testid="fact-checks-off">
              No judge model is configured, so answers are not fact-checked. With one, this card shows for each model and run the share of answers that
              contradict your fact sheet, with its 95% interval, the facts they get wrong most often and the answers&rsquo; own words, and warns when
              contradictions rise. The operator turns it on by setting <code>BRAND_JUDGE_MODEL</code> (for example <code>openai/gpt-4o-mini</code>), or by
              configuring a provider key, which picks a judge by default; see the configuration guide.
            </Text>
          ) : data!.facts === 0 ? (
            <Text size="sm" data-testid="fact-checks-no-facts">
              Your fact sheet is empty. Edit the set and add the claims you stand behind (&ldquo;Founded in 2012 in Lyon&rdquo;): from the next run, every
              answer naming {set.brand.brandName} is checked against them by {data!.judgeModel}.
            </Text>
          ) : null}
          {data!.overall.checked > 0 ? <FactCheckFigures data={data!} modelName={modelName} /> : data!.judgeModel !== null && data!.facts > 0 ? (
            <Text size="sm" c="dimmed">
              No answer has been checked yet: checks start with the next run&rsquo;s answers that name the brand.
            </Text>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

function FactCheckFigures({ data, modelName }: { data: FactCheckDashboard; modelName: (entry: { engine: string; model: string }) => string }) {
  const lines: Line[] = data.byModel.map((entry, index) => ({
    key: `model${index}`,
    label: modelName(entry),
    color: SERIES_COLORS[index % SERIES_COLORS.length]!,
    points: entry.points.map((point) => ({ startedAt: point.startedAt, value: percent(point.share), band: [point.low * 100, point.high * 100] })),
  }));
  return (
    <>
      {data.alert ? (
        <Alert color="red" variant="light" title="Contradictions rose" data-testid="fact-checks-alert">
          The latest run: {data.alert.current.contradicted} of {data.alert.current.checked} checked answers contradicted a fact ({shareText(data.alert.current)}),
          against {data.alert.baseline.contradicted} of {data.alert.baseline.checked} in the 7 days before ({shareText(data.alert.baseline)}); p ={' '}
          {data.alert.p < 0.001 ? '< 0.001' : data.alert.p.toFixed(3)}.
        </Alert>
      ) : null}
      <Text size="sm" data-testid="fact-checks-overall">
        <strong>{shareText(data.overall)}</strong> of checked answers contradict a fact: {data.overall.contradicted} of {data.overall.checked}.
      </Text>
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Contradictions per model' }}>
        <Table miw={360} data-testid="fact-checks-by-model">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Model</Table.Th>
              <Table.Th>Contradicting (95% interval)</Table.Th>
              <Table.Th>Checked</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.byModel.map((entry) => (
              <Table.Tr key={`${entry.engine}/${entry.model}`}>
                <Table.Td>{modelName(entry)}</Table.Td>
                <Table.Td>{shareText(entry)}</Table.Td>
                <Table.Td>{entry.checked}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {data.overTime.length > 1 ? <TrackingLineChart lines={lines} changes={[]} scale="percent" height={180} testId="fact-checks-chart" /> : null}
      {data.contradictedFacts.length > 0 ? (
        <div>
          <Title order={4} size="h6" mb={4}>
            Facts contradicted, most often first
          </Title>
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Facts contradicted' }}>
            <Table miw={480} data-testid="fact-checks-facts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fact</Table.Th>
                  <Table.Th>Answers</Table.Th>
                  <Table.Th>Models</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.contradictedFacts.map((entry) => (
                  <Table.Tr key={entry.fact}>
                    <Table.Td>{entry.fact}</Table.Td>
                    <Table.Td>{entry.answers}</Table.Td>
                    <Table.Td>{entry.models.map((id) => modelName({ engine: id.slice(0, id.indexOf('/')), model: id.slice(id.indexOf('/') + 1) })).join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </div>
      ) : null}
      {data.quotes.length > 0 ? (
        <div>
          <Title order={4} size="h6" mb={4}>
            In the answers&rsquo; words
          </Title>
          <Stack gap="xs" data-testid="fact-checks-quotes">
            {data.quotes.slice(0, 10).map((quote, index) => (
              <Blockquote key={`${quote.resultId}-${index}`} p="xs" color="red" cite={`${modelName(quote)}, ${whenText(quote.startedAt)}: contradicts “${quote.fact}”`}>
                <Text size="sm">{quote.quote}</Text>
              </Blockquote>
            ))}
          </Stack>
        </div>
      ) : null}
    </>
  );
}
