import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ArenaRound } from '../../api/arena-api.ts';
import { LazyRequestActions } from '../../components/request-actions/lazy-request-actions.tsx';

/** After the vote: whether it counts, what the round cost, sharing it, and the way to the next round. */
export function RevealedRound({ round, requestId, onNewRound }: { round: ArenaRound; requestId: string | null; onNewRound(): void }) {
  return (
    <Alert color="blue" title="Revealed" data-testid="arena-revealed">
      <Stack gap="xs">
        <Text size="sm">
          {round.vote?.verdict === 'all_bad' ? 'You found them all wanting; that vote does not move the leaderboard.' : 'Your vote counts toward the leaderboard.'} This round
          cost {round.totalCreditsUsed} credits.
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
