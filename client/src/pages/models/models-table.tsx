// Badges keep the page's text colour on their tinted background: the tinted text Mantine uses reads below 4.5:1.
import { Badge, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ModelStatsEntry, WindowFigures } from '../../api/model-stats-api.ts';
import { answersText, contextText, rateText, speedText, waitText } from './model-figures-format.ts';
import type { FiguresWindow, ModelSort, SortKey } from './model-sorting.ts';
import classes from './models-table.module.css';
import { TIER_LABELS } from '../../../../contract/tier-rules.ts';

const TIER_BADGES = {
  guest: { label: 'Guests', colour: 'green', title: 'Open to everyone, no account needed' },
  registered: { label: TIER_LABELS.registered, colour: 'blue', title: 'Needs a free account' },
  paid: { label: 'Paid', colour: 'grape', title: 'Needs bought credits' },
} as const;

interface Column {
  key: SortKey;
  label: string;
  /** A second line under the label, so a long heading stays narrow. */
  detail?: string;
  /** Said by screen readers and shown on hover where the label is short. */
  title: string;
  numeric: boolean;
}

const INFORMATION_COLUMNS: Column[] = [
  { key: 'credits', label: 'Price', title: 'Credits per answer', numeric: true },
  { key: 'context', label: 'Context', title: 'Context window, in tokens', numeric: true },
];
const FIGURE_COLUMNS: Column[] = [
  { key: 'answers', label: 'Answers', title: 'Answers that ended in the window', numeric: true },
  { key: 'errorRate', label: 'Errors', title: 'Share of answers that failed', numeric: true },
  { key: 'firstTokenP50', label: 'First token', detail: 'p50', title: 'Median wait for the first text', numeric: true },
  { key: 'firstTokenP95', label: 'First token', detail: 'p95', title: 'One answer in twenty waited longer than this', numeric: true },
  { key: 'speed', label: 'Tokens/s', title: 'Median output tokens per second', numeric: true },
];

function SortHeader({ column, sort, onSort, className }: { column: Column; sort: ModelSort | null; onSort(key: SortKey): void; className?: string }) {
  const sorted = sort?.key === column.key ? sort.direction : undefined;
  const Icon = sorted === 'ascending' ? IconArrowUp : sorted === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th scope="col" aria-sort={sorted ?? 'none'} className={className} ta={column.numeric ? 'right' : 'left'}>
      <UnstyledButton onClick={() => onSort(column.key)} title={column.title} className={classes.sortButton} data-testid={`sort-${column.key}`} data-numeric={column.numeric || undefined}>
        <span className={classes.sortLabel}>
          {column.label}
          {column.detail && <span className={classes.sortDetail}> {column.detail}</span>}
        </span>
        <Icon size={14} aria-hidden focusable={false} className={sorted ? undefined : classes.idleIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** A figure with the count under it, or, below the minimum, that there are not enough answers yet. */
function Figure({ value, count, minimum, testId }: { value: string | null; count: number; minimum: number; testId: string }) {
  if (value === null && count === 0) {
    return (
      <Text size="xs" c="dimmed" data-testid={testId} data-value="" className={classes.notEnough}>
        No answers yet
      </Text>
    );
  }
  if (value === null) {
    return (
      <Stack gap={0} align="flex-end" data-testid={testId} data-value="">
        <Text size="xs" c="dimmed" className={classes.notEnough}>
          Not enough answers yet
        </Text>
        <Text size="xs" c="dimmed">
          {count} of {minimum}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0} align="flex-end" data-testid={testId} data-value={value}>
      <Text size="sm" fw={600}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {answersText(count)}
      </Text>
    </Stack>
  );
}

function Accepts({ entry }: { entry: ModelStatsEntry }) {
  const { accepts } = entry;
  const items: ReactNode[] = [];
  const badge = (key: string, text: string, title: string) => (
    <Badge key={key} variant="light" color="gray" c="var(--mantine-color-text)" size="xs" tt="none" fw={500} title={title}>
      {text}
    </Badge>
  );
  if (accepts.webSearch) items.push(badge('web', 'Web search', 'Can search the web while answering'));
  if (accepts.images) items.push(badge('images', 'Images', 'Reads attached images'));
  if (accepts.systemPrompt) items.push(badge('system', 'System prompt', 'Takes a system prompt'));
  if (accepts.temperature) items.push(badge('temperature', `Temperature ${accepts.temperature.min}–${accepts.temperature.max}`, 'The temperatures it accepts'));
  if (accepts.reasoning) items.push(badge('reasoning', 'Reasoning', 'Reasons before answering'));
  return (
    <Group gap={4} wrap="wrap" data-testid="model-accepts">
      {items.length > 0 ? items : <Text size="xs" c="dimmed">Questions only</Text>}
    </Group>
  );
}

function FigureCells({ figures, minimum }: { figures: WindowFigures; minimum: number }) {
  const ttft = figures.timeToFirstTokenMs;
  return (
    <>
      <Table.Td ta="right" data-testid="figure-answers">
        <Text size="sm" fw={600}>
          {figures.answers.toLocaleString('en-US')}
        </Text>
        {figures.errors > 0 && (
          <Text size="xs" c="dimmed">
            {figures.errors} failed
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Figure value={figures.errorRate.value === null ? null : rateText(figures.errorRate.value)} count={figures.errorRate.count} minimum={minimum} testId="figure-error-rate" />
      </Table.Td>
      <Table.Td ta="right">
        <Figure value={ttft.p50 === null ? null : waitText(ttft.p50)} count={ttft.count} minimum={minimum} testId="figure-first-token-p50" />
      </Table.Td>
      <Table.Td ta="right">
        <Figure value={ttft.p95 === null ? null : waitText(ttft.p95)} count={ttft.count} minimum={minimum} testId="figure-first-token-p95" />
      </Table.Td>
      <Table.Td ta="right">
        <Figure
          value={figures.outputTokensPerSecond.p50 === null ? null : speedText(figures.outputTokensPerSecond.p50)}
          count={figures.outputTokensPerSecond.count}
          minimum={minimum}
          testId="figure-speed"
        />
      </Table.Td>
    </>
  );
}

interface ModelsTableProps {
  entries: readonly ModelStatsEntry[];
  window: FiguresWindow;
  minimum: number;
  sort: ModelSort | null;
  onSort(key: SortKey): void;
}

/**
 * Every model in one table: what it is and costs, what it accepts, who may ask it, and its figures in the chosen
 * window. On a narrow screen the table scrolls sideways inside its own region while the model's name stays put,
 * so each row is still read against its model.
 */
export function ModelsTable({ entries, window, minimum, sort, onSort }: ModelsTableProps) {
  return (
    // Focusable, so a keyboard can scroll the table sideways on a phone.
    <div role="region" aria-label="Models and their figures" tabIndex={0} className={classes.scroller} data-testid="models-table-region">
      <Table verticalSpacing="xs" horizontalSpacing="xs" highlightOnHover data-testid="models-table" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader column={{ key: 'name', label: 'Model', title: 'Model name', numeric: false }} sort={sort} onSort={onSort} className={classes.sticky} />
            {INFORMATION_COLUMNS.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
            <Table.Th scope="col">Accepts</Table.Th>
            <SortHeader column={{ key: 'tier', label: 'Tier', title: 'Who may ask it', numeric: false }} sort={sort} onSort={onSort} />
            {FIGURE_COLUMNS.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const tier = TIER_BADGES[entry.tier];
            return (
              <Table.Tr key={`${entry.engine}/${entry.model}`} data-testid="model-row" data-model={entry.model} data-engine={entry.engine}>
                <Table.Th scope="row" className={classes.sticky} fw="normal">
                  <Text size="sm" fw={600} data-testid="model-name">
                    {entry.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {entry.engineName}
                    {entry.available ? '' : ' · not offered here'}
                  </Text>
                </Table.Th>
                <Table.Td ta="right" data-testid="model-price" className={classes.price}>
                  <Text size="sm" fw={600} span>
                    {entry.credits}
                  </Text>{' '}
                  <Text size="xs" c="dimmed" span>
                    {entry.credits === 1 ? 'credit' : 'credits'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" data-testid="model-context" title={`${entry.contextTokens.toLocaleString('en-US')} tokens`}>
                  <Text size="sm">{contextText(entry.contextTokens)}</Text>
                </Table.Td>
                <Table.Td className={classes.accepts}>
                  <Accepts entry={entry} />
                </Table.Td>
                <Table.Td className={classes.tier}>
                  <Badge variant="light" color={tier.colour} c="var(--mantine-color-text)" size="sm" tt="none" title={tier.title} data-testid="model-tier">
                    {tier.label}
                  </Badge>
                </Table.Td>
                <FigureCells figures={entry[window]} minimum={minimum} />
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
