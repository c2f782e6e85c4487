import { Alert, Anchor, Group, Loader, NativeSelect, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ARENA_CATEGORIES, ARENA_CATEGORY_NAMES } from '../../../../contract/arena.ts';
import { leaderboardQuery, type LeaderboardCategory, type LeaderboardEntry } from '../../api/arena-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';

const CATEGORY_CHOICES = [{ value: 'overall', label: 'All categories' }, ...ARENA_CATEGORIES.map((value) => ({ value, label: ARENA_CATEGORY_NAMES[value] }))];

const signed = (value: number): string => `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value))}`;

function Rows({ entries }: { entries: readonly LeaderboardEntry[] }) {
  const nameOf = useDisplayNames();
  return (
    // Focusable, so a keyboard can scroll the table sideways on a phone.
    <div role="region" aria-label="Leaderboard table" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table miw={560} striped highlightOnHover verticalSpacing="xs" data-testid="leaderboard-table">
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
            <Table.Th scope="col" ta="right">
              Comparisons
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Won · lost · tied
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={`${entry.engine}/${entry.model}`} data-testid="leaderboard-row">
              <Table.Td>{entry.rank}</Table.Td>
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
              <Table.Td ta="right">{entry.battles}</Table.Td>
              <Table.Td ta="right">
                {entry.wins} · {entry.losses} · {entry.ties}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The arena's leaderboards: everyone's votes (public) or one's own, overall or per category. */
export default function LeaderboardPage() {
  usePageTitle('Leaderboard');
  const { user } = useAuth();
  const [category, setCategory] = useState<LeaderboardCategory>('overall');
  const [whose, setWhose] = useState<'everyone' | 'mine'>('everyone');
  const board = useQuery(leaderboardQuery(category, user ? whose : 'everyone'));

  return (
    <Stack gap="lg" py="md" data-testid="leaderboard-page">
      <div>
        <Title order={1} size="h2">
          Leaderboard
        </Title>
        <Text c="dimmed" size="sm">
          Bradley–Terry scores from blind arena votes: 1000 is the average model, and 400 points more means ten times the odds of being preferred. The interval shows how
          sure the score is. <Anchor component={Link} to="/arena" size="sm" underline="always">Play a round</Anchor>
        </Text>
      </div>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <NativeSelect label="Category" data={CATEGORY_CHOICES} value={category} onChange={(event) => setCategory(event.currentTarget.value as LeaderboardCategory)} w={220} data-testid="leaderboard-category" />
        {user && (
          <Tabs variant="pills" value={whose} onChange={(value) => value && setWhose(value as 'everyone' | 'mine')}>
            <Tabs.List aria-label="Whose votes">
              <Tabs.Tab value="everyone">Everyone</Tabs.Tab>
              <Tabs.Tab value="mine" data-testid="leaderboard-mine">
                Yours
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
        )}
      </Group>
      {board.isPending ? (
        <Loader size="sm" aria-label="Loading the leaderboard" />
      ) : board.isError ? (
        <Alert color="red" role="alert">
          {messageOf(board.error, 'The leaderboard could not be loaded.')}
        </Alert>
      ) : board.data.entries.length === 0 ? (
        <Text c="dimmed" data-testid="leaderboard-empty">
          No votes here yet{board.data.computedAt ? '' : ' (the board is computed every few minutes)'}.
        </Text>
      ) : (
        <Stack gap={4}>
          <Rows entries={board.data.entries} />
          <Text size="xs" c="dimmed">
            {board.data.votes} {board.data.votes === 1 ? 'vote' : 'votes'}
            {board.data.computedAt ? ` · updated ${new Date(board.data.computedAt).toLocaleString()}` : ''}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
