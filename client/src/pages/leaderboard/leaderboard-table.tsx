import { Badge, Table, Text } from '@mantine/core';
import type { LeaderboardEntry } from '../../api/arena-api.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';

const signed = (value: number): string => `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value))}`;
const counted = (value: number): string => String(Math.round(value * 10) / 10);
const rankText = (entry: LeaderboardEntry): string => (entry.rankLower === entry.rankUpper ? String(entry.rankLower) : `${entry.rankLower}–${entry.rankUpper}`);

/**
 * The board's rows: each model's rank interval, score with its 95% interval, and its tied group. A heavier rule
 * starts each new group, so where the statistically tied models end is visible without reading the numbers.
 */
export function LeaderboardTable({ entries }: { entries: readonly LeaderboardEntry[] }) {
  const nameOf = useDisplayNames();
  return (
    // Focusable, so a keyboard can scroll the table sideways on a phone.
    <div role="region" aria-label="Leaderboard table" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table miw={640} highlightOnHover verticalSpacing="xs" data-testid="leaderboard-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Rank</Table.Th>
            <Table.Th scope="col">Model</Table.Th>
            <Table.Th scope="col" ta="right">
              Score
            </Table.Th>
            <Table.Th scope="col" ta="right">
              95% interval
            </Table.Th>
            <Table.Th scope="col" ta="center">
              Tied group
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Comparisons
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Won · lost · tied
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => (
            <Table.Tr
              key={`${entry.engine}/${entry.model}`}
              data-testid="leaderboard-row"
              data-group={entry.group}
              style={index > 0 && entries[index - 1]!.group !== entry.group ? { borderTop: '3px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Table.Td data-testid="leaderboard-rank" title="The 95% interval of the rank">
                {rankText(entry)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {entry.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {nameOf(entry).engine}
                </Text>
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {Math.round(entry.score)}
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c="dimmed">
                  {signed(entry.upper - entry.score)} / {signed(entry.lower - entry.score)}
                </Text>
              </Table.Td>
              <Table.Td ta="center">
                <Badge variant="light" color="gray" size="sm" aria-label={`Group ${entry.group}`}>
                  {entry.group}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{counted(entry.battles)}</Table.Td>
              <Table.Td ta="right">
                {counted(entry.wins)} · {counted(entry.losses)} · {counted(entry.ties)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
