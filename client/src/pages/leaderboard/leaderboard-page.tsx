import { Alert, Anchor, Group, Loader, NativeSelect, Paper, Progress, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ARENA_CATEGORIES, ARENA_CATEGORY_NAMES } from '../../../../contract/arena.ts';
import { leaderboardQuery, type Leaderboard, type LeaderboardCategory, type LeaderboardStyle } from '../../api/arena-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { CountingRules } from './counting-rules.tsx';
import { LeaderboardTable } from './leaderboard-table.tsx';
import { StyleEffects } from './style-effects.tsx';
import { updatedAgo, useNow } from './updated-ago.ts';

const CATEGORY_CHOICES = [{ value: 'overall', label: 'All categories' }, ...ARENA_CATEGORIES.map((value) => ({ value, label: ARENA_CATEGORY_NAMES[value] }))];
const STYLE_CHOICES = [
  { value: 'controlled', label: 'Style-controlled' },
  { value: 'raw', label: 'Raw' },
];

/** Until a person has cast enough votes, their own board says how far they are. */
function LockedBoard({ personal }: { personal: NonNullable<Leaderboard['personal']> }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="leaderboard-locked">
      <Stack gap="xs">
        <Text fw={600}>
          Your board opens after {personal.needed} votes: you have cast {personal.votes}.
        </Text>
        <Progress value={(100 * Math.min(personal.votes, personal.needed)) / personal.needed} aria-label={`${personal.votes} of ${personal.needed} votes`} />
        <Text size="sm" c="dimmed">
          Fewer votes than that say too little about your taste to rank models by. <Anchor component={Link} to="/arena" size="sm" underline="always">Play a round</Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}

function BoardFooter({ board }: { board: Leaderboard }) {
  const now = useNow();
  const parts = [
    `${board.votes} ${board.votes === 1 ? 'vote' : 'votes'}`,
    ...(board.droppedVotes > 0 ? [`${board.droppedVotes} left out as too fast to have been read`] : []),
    ...(board.hidden > 0 ? [`${board.hidden} ${board.hidden === 1 ? 'model' : 'models'} not shown yet (fewer than ${board.minBattles} comparisons)`] : []),
  ];
  return (
    <Text size="xs" c="dimmed" data-testid="leaderboard-footer">
      {parts.join(' · ')}
      {board.computedAt ? ` · ` : ''}
      {board.computedAt && <span data-testid="leaderboard-updated">{updatedAgo(board.computedAt, now)}</span>}
    </Text>
  );
}

/** The arena's leaderboards: everyone's votes (public) or one's own, overall or per category, raw or style-controlled. */
export default function LeaderboardPage() {
  usePageTitle('Leaderboard');
  const { user } = useAuth();
  const [category, setCategory] = useState<LeaderboardCategory>('overall');
  const [whose, setWhose] = useState<'everyone' | 'mine'>('everyone');
  const [style, setStyle] = useState<LeaderboardStyle>('controlled');
  const board = useQuery(leaderboardQuery(category, user ? whose : 'everyone', style));

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
        <Stack gap={4}>
          <Text size="sm" fw={500} id="leaderboard-style-label">
            Scores
          </Text>
          <SegmentedControl
            data={STYLE_CHOICES}
            value={style}
            onChange={(value) => setStyle(value as LeaderboardStyle)}
            aria-labelledby="leaderboard-style-label"
            data-testid="leaderboard-style"
          />
        </Stack>
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
      <Text size="sm" c="dimmed" data-testid="leaderboard-style-note">
        {style === 'controlled'
          ? 'Style-controlled: answer length and formatting are held equal, so a model is not ranked up for writing more or dressing it up.'
          : 'Raw: every vote as cast, with length and formatting free to sway it.'}
      </Text>
      {board.isPending ? (
        <Loader size="sm" aria-label="Loading the leaderboard" />
      ) : board.isError ? (
        <Alert color="red" role="alert">
          {messageOf(board.error, 'The leaderboard could not be loaded.')}
        </Alert>
      ) : board.data.personal && board.data.personal.votes < board.data.personal.needed ? (
        <LockedBoard personal={board.data.personal} />
      ) : board.data.entries.length === 0 ? (
        <Stack gap={4}>
          <Text c="dimmed" data-testid="leaderboard-empty">
            {board.data.hidden > 0 ? 'No model has enough comparisons here yet.' : `No votes here yet${board.data.computedAt ? '' : ' (the board is computed every few minutes)'}.`}
          </Text>
          {board.data.computedAt && <BoardFooter board={board.data} />}
        </Stack>
      ) : (
        <Stack gap={4}>
          <LeaderboardTable entries={board.data.entries} />
          <BoardFooter board={board.data} />
        </Stack>
      )}
      {board.data && style === 'controlled' && board.data.styleEffects.length > 0 && <StyleEffects effects={board.data.styleEffects} />}
      <CountingRules minBattles={board.data?.minBattles ?? 0} />
    </Stack>
  );
}
