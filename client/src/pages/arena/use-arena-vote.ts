import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { leaderboardQueryKeys, voteOnRound, type ArenaRound, type ArenaVoteBody } from '../../api/arena-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { queryKeys } from '../../app-state/query-client.ts';
import { forgetUnvotedRound } from './unvoted-round.ts';

/**
 * Sending a round's vote: while it is on its way (`voting`), what went wrong (`error`), and, once recorded, the
 * revealed round handed to `onRevealed` while the leaderboard and the history are asked again.
 */
export function useArenaVote(onRevealed: (round: ArenaRound) => void) {
  const queryClient = useQueryClient();
  const [voting, setVoting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const vote = (requestId: string, body: ArenaVoteBody) => {
    setVoting(true);
    setError(null);
    voteOnRound(requestId, body)
      .then((revealed) => {
        forgetUnvotedRound();
        onRevealed(revealed);
        void queryClient.invalidateQueries({ queryKey: leaderboardQueryKeys.all });
        // The history showed the round blind; now it can show who answered and what it cost.
        void queryClient.invalidateQueries({ queryKey: queryKeys.history });
      })
      .catch((failure: unknown) => setError(messageOf(failure, 'Your vote could not be recorded. Please try again.')))
      .finally(() => setVoting(false));
  };

  return { voting, error, vote, clearError: () => setError(null) };
}
