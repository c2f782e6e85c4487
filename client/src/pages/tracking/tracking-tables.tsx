import { Badge, Group, Loader, Paper, ScrollArea, SegmentedControl, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { CitedDomainRow, TrackingTables as Tables } from '../../../../contract/tracking-tables.ts';
import type { ProportionEstimate } from '../../../../contract/tracking-statistics.ts';
import type { TrackingSet, TrackingSurface } from '../../../../contract/tracking.ts';
import { messageOf } from '../../api/http-client.ts';
import { trackingTablesQuery } from '../../api/tracking-api.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { percentText, rangeText } from './tracking-format.ts';

const WINDOWS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];
const DIRECTIONAL_HINT = 'Fewer than 10 answers: directional, not a measurement.';

function Section({ title, description, testId, children }: { title: string; description: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} style={{ minWidth: 0 }}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {description}
      </Text>
      {children}
    </Paper>
  );
}

/** One grid cell: the rate, its interval beneath, and a dashed, dimmed look when it rests on fewer than 10 answers. */
function GridCell({ estimate }: { estimate: ProportionEstimate | null }) {
  if (!estimate) return <Text c="dimmed">—</Text>;
  const content = (
    <div data-testid="grid-cell" data-directional={estimate.directional}>
      <Text size="sm" fw={600} c={estimate.directional ? 'dimmed' : undefined} style={estimate.directional ? { textDecoration: 'underline dashed' } : undefined}>
        {percentText(estimate.rate)}
      </Text>
      <Text size="xs" c="dimmed">
        {estimate.low === null ? '' : `${estimate.low}–${estimate.high}%`} · {estimate.count}/{estimate.readings}
      </Text>
    </div>
  );
  return estimate.directional ? <Tooltip label={DIRECTIONAL_HINT}>{content}</Tooltip> : content;
}

/** A wide table scrolls sideways on a phone; its scrolling region takes keyboard focus so it can be scrolled without a mouse. */
function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      {children}
    </ScrollArea>
  );
}

function VisibilityGridTable({ grid }: { grid: Tables['grid'] }) {
  const nameOf = useDisplayNames();
  if (grid.rows.length === 0) return <Text size="sm" c="dimmed">No completed run in this window.</Text>;
  return (
    <TableScroll label="Visibility by prompt and model">
      <Table miw={200 + grid.columns.length * 130} data-testid="visibility-grid" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={200}>Prompt</Table.Th>
            {grid.columns.map((column) => {
              const names = nameOf(column);
              return (
                <Table.Th key={`${column.engine}/${column.model}/${column.country ?? ''}`} miw={120}>
                  {names.model}
                  {column.country ? ` (${column.country.toUpperCase()})` : ''}
                  <Text size="xs" c="dimmed" fw={400}>
                    {names.engine}
                  </Text>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.rows.map((row) => (
            <Table.Tr key={row.prompt}>
              <Table.Td>
                <Text size="sm" lineClamp={3}>
                  {row.prompt}
                </Text>
              </Table.Td>
              {row.cells.map((cell, index) => (
                <Table.Td key={index}>
                  <GridCell estimate={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function DomainTable({ rows, testId, empty, label }: { rows: CitedDomainRow[]; testId: string; empty: string; label: string }) {
  if (rows.length === 0) return <Text size="sm" c="dimmed">{empty}</Text>;
  return (
    <TableScroll label={label}>
      <Table miw={480} data-testid={testId} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Domain</Table.Th>
            <Table.Th>Answers citing it</Table.Th>
            <Table.Th>Naming the brand</Table.Th>
            <Table.Th>Naming a competitor</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.domain}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.domain}</Table.Td>
              <Table.Td>{row.answers}</Table.Td>
              <Table.Td>{row.withBrand}</Table.Td>
              <Table.Td>
                {row.withCompetitors}
                {row.competitors.length > 0 ? (
                  <Text size="xs" c="dimmed">
                    {row.competitors.join(', ')}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function ShareOfVoiceTable({ prompts }: { prompts: Tables['shareOfVoiceByPrompt'] }) {
  if (prompts.length === 0) return <Text size="sm" c="dimmed">No completed run in this window.</Text>;
  return (
    <TableScroll label="Share of voice per prompt">
      <Table miw={480} data-testid="share-of-voice-by-prompt" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={200}>Prompt</Table.Th>
            <Table.Th>Share of all brand mentions (95% interval)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {prompts.map((prompt) => (
            <Table.Tr key={prompt.prompt}>
              <Table.Td>
                <Text size="sm" lineClamp={3}>
                  {prompt.prompt}
                </Text>
                <Text size="xs" c="dimmed">
                  {prompt.answers} answers
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  {prompt.brands.map((entry) => (
                    <Badge
                      key={entry.name}
                      variant={entry.isBrand ? 'filled' : 'light'}
                      color={entry.isBrand ? 'indigo' : 'gray'}
                      autoContrast
                      tt="none"
                      style={{ maxWidth: 'none' }}
                      data-testid={entry.isBrand ? 'brand-share' : 'competitor-share'}
                    >
                      {entry.name}: {rangeText(entry.share.value, entry.share.low, entry.share.high)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * What to act on, over a chosen window: where the brand is seen (prompt × model, with intervals), the sources the
 * models cite for competitors but never for the brand, and who wins each prompt's mentions. On the surface the
 * charts above read, so a table never pools readings the charts keep apart.
 */
export function TrackingTables({ set, surface }: { set: TrackingSet; surface: TrackingSurface | undefined }) {
  const [days, setDays] = useState('30');
  const tables = useQuery(trackingTablesQuery(set.id, Number(days), surface));
  return (
    <Stack gap="md" data-testid="tracking-tables">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4">
          Where to act
        </Title>
        <SegmentedControl size="xs" value={days} onChange={setDays} data={WINDOWS} aria-label="Window" />
      </Group>
      {tables.isPending ? (
        <Loader size="sm" aria-label="Loading the tables" />
      ) : tables.isError ? (
        <Text c="red">{messageOf(tables.error, 'Could not load the tables.')}</Text>
      ) : (
        <>
          <Section
            title="Visibility by prompt and model"
            description="Share of answers naming the brand, with its 95% interval and the answers it rests on. Dimmed, dashed cells rest on fewer than 10 answers."
            testId="grid-card"
          >
            <VisibilityGridTable grid={tables.data.tables.grid} />
          </Section>
          <Section
            title="Source opportunities"
            description="Sites the models cite in answers naming a competitor, but never in an answer naming the brand: places to be seen."
            testId="opportunities-card"
          >
            <DomainTable rows={tables.data.tables.sourceOpportunities} testId="source-opportunities" label="Source opportunities" empty="None: every site cited next to a competitor is also cited next to the brand." />
          </Section>
          <Section title="Cited domains" description="The sites the answers cite most, and next to whom." testId="cited-domains-card">
            <DomainTable rows={tables.data.tables.citedDomains} testId="cited-domains" label="Cited domains" empty="No answer in this window cited a website." />
          </Section>
          <Section title="Share of voice per prompt" description="Each brand's share of all brand mentions in a prompt's answers." testId="share-of-voice-card">
            <ShareOfVoiceTable prompts={tables.data.tables.shareOfVoiceByPrompt} />
          </Section>
        </>
      )}
    </Stack>
  );
}
