import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ArenaRound } from '../../api/arena-api.ts';
import { LazyRequestActions } from '../../components/request-actions/lazy-request-actions.tsx';
import { voteCountedText } from './vote-counted-text.ts';

/** After the vote: what it counted for on the leaderboard and why, what the round cost, sharing it, and the way to the next round. */
export function RevealedRound({ round, requestId, onNewRound }: { round: ArenaRound; requestId: string | null; onNewRound(): void }) {
  return (
    <Alert color="blue" title="Revealed" data-testid="arena-revealed">
      <Stack gap="xs">
        <Text size="sm" data-testid="arena-vote-counted" data-reason={round.counted?.reason}>
          {voteCountedText(round.counted)}
        </Text>
        <Text size="sm" data-testid="arena-round-cost">
          This round cost {round.totalCreditsUsed} credits.
        </Text>
        {requestId && <LazyRequestActions requestId={requestId} />}
        <Group gap="sm">
          <Button onClick={onNewRound} data-testid="arena-new-round">
            New round
          </Button>
          <Button component={Link} to="/leaderboard" variant="default">
            Leaderboard
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
