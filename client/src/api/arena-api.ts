import { queryOptions } from '@tanstack/react-query';
import type { ArenaRound, ArenaVoteBody, ArenaVoteCounted, Leaderboard, LeaderboardCategory, LeaderboardStyle } from '../../../contract/arena.ts';
import { apiCall } from './http-client.ts';

export type { ArenaAnswer, ArenaCategory, ArenaRequestBody, ArenaRound, ArenaVoteBody, ArenaVoteCounted, Leaderboard, LeaderboardCategory, LeaderboardEntry, LeaderboardStyle } from '../../../contract/arena.ts';

/** `POST /api/arena/:id/vote`: records the vote and answers the revealed round. */
export const voteOnRound = (requestId: string, vote: ArenaVoteBody) =>
  apiCall<ArenaRound>(`/api/arena/${encodeURIComponent(requestId)}/vote`, { method: 'POST', body: vote, preferServerMessage: true });

/** `GET /api/arena/:id`: the round as its player sees it (blind until the vote). */
export const fetchRound = (requestId: string, signal?: AbortSignal) =>
  apiCall<ArenaRound>(`/api/arena/${encodeURIComponent(requestId)}`, signal ? { signal } : {});

export const leaderboardQueryKeys = { all: ['leaderboard'] as const };

/**
 * `GET /api/leaderboard` (everyone's votes) or `GET /api/leaderboard/mine` (the signed-in person's), raw or
 * style-controlled. Asked again every minute while open: boards are refitted within a minute of votes.
 */
export const leaderboardQuery = (category: LeaderboardCategory, whose: 'everyone' | 'mine', style: LeaderboardStyle) =>
  queryOptions({
    queryKey: [...leaderboardQueryKeys.all, whose, category, style] as const,
    queryFn: ({ signal }) => apiCall<Leaderboard>(`/api/leaderboard${whose === 'mine' ? '/mine' : ''}?category=${category}&style=${style}`, { signal }),
    refetchInterval: 60_000,
  });
