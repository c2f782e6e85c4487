import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { leaderboardQueryKeys, voteOnRound, type ArenaRequestBody, type ArenaRound, type ArenaVoteBody } from '../../api/arena-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { queryKeys } from '../../app-state/query-client.ts';
import { LazyRequestActions } from '../../components/request-actions/lazy-request-actions.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import type { RunColumn } from '../../requests/request-state.ts';
import { useAskSession } from '../../requests/use-ask-session.ts';
import { forgetUnvotedRound, rememberUnvotedRound, restoreUnvotedRound } from './unvoted-round.ts';
import { ArenaAnswerCard } from './arena-answer-card.tsx';
import { ArenaForm } from './arena-form.tsx';
import { VotePanel } from './vote-panel.tsx';
import { SignedInOnly } from '../../components/signed-in-only/signed-in-only.tsx';

/** Where the vote put each label (1 is best), for the badges after the reveal. */
function placesOf(round: ArenaRound | null): Map<string, number> {
  const vote = round?.vote;
  if (!vote || vote.verdict === 'all_bad') return new Map();
  if (vote.verdict === 'best') return new Map(vote.best.map((label) => [label, 1]));
  return new Map(vote.tiers.flatMap((tier, index) => tier.map((label) => [label, index + 1] as const)));
}

/** The blind arena: ask, watch Model A, B, C… answer, vote, then see who was who. */
export default function ArenaPage() {
  usePageTitle('Blind arena');
  return (
    <SignedInOnly
      title="Blind arena"
      reason="Sign in to play: the models answer without their names, you vote, then they are revealed. The leaderboard is open to everyone."
      testId="arena-auth-required"
      more={
        <Button component={Link} to="/leaderboard" variant="subtle">
          See the leaderboard
        </Button>
      }
    >
      <ArenaRounds />
    </SignedInOnly>
  );
}

function ArenaRounds() {
  const tier = useAuth().tier;
  const { catalogue } = useCatalogue();
  const queryClient = useQueryClient();
  const [round, setRound] = useState<ArenaRound | null>(null);
  // A round brought back after a reload, once its answers had finished: shown from the server's blind view.
  const [restored, setRestored] = useState<{ requestId: string; columns: RunColumn[] } | null>(null);
  // After a reload: a round still answering is followed again; a finished one waiting for its vote is shown as stored.
  const { state, askNew, clear } = useAskSession('arena', { nothingToResume: () => restoreUnvotedRound(setRestored) });

  // Until the vote, the round survives a reload.
  useEffect(() => {
    if (state.requestId && !round) rememberUnvotedRound(state.requestId);
  }, [state.requestId, round]);
  const [voting, setVoting] = useState(false);
  const [voteError, setVoteError] = useState<string | null>(null);

  const start = (body: ArenaRequestBody) => {
    setRound(null);
    setVoteError(null);
    askNew(body);
  };
  const vote = (body: ArenaVoteBody) => {
    if (!requestId) return;
    setVoting(true);
    setVoteError(null);
    voteOnRound(requestId, body)
      .then((revealed) => {
        forgetUnvotedRound();
        setRound(revealed);
        void queryClient.invalidateQueries({ queryKey: leaderboardQueryKeys.all });
        // The history showed the round blind; now it can show who answered and what it cost.
        void queryClient.invalidateQueries({ queryKey: queryKeys.history });
      })
      .catch((error: unknown) => setVoteError(messageOf(error, 'Your vote could not be recorded. Please try again.')))
      .finally(() => setVoting(false));
  };
  const newRound = () => {
    clear();
    forgetUnvotedRound();
    setRestored(null);
    setRound(null);
  };

  const requestId = restored?.requestId ?? state.requestId;
  const columns = restored?.columns ?? state.columns;
  const running = !restored && state.status === 'running';
  const finished = restored !== null || (state.status === 'finished' && state.requestId !== null && state.columns.length > 0);
  const places = placesOf(round);
  const nameOf = (engine: string, model: string) => {
    const entry = catalogue?.models[engine];
    return { engineName: entry?.name ?? engine, modelName: entry?.models.find((candidate) => candidate.id === model)?.name ?? model };
  };

  return (
    <Stack gap="lg" py="md" data-testid="arena-page">
      <div>
        <Title order={1} size="h2">
          Blind arena
        </Title>
        <Text c="dimmed" size="sm">
          Several models answer your question as Model A, B, C… in shuffled order. Vote for the best, then see who wrote what, what it cost and how fast it was.{' '}
          <Anchor component={Link} to="/leaderboard" size="sm" underline="always">
            Leaderboard
          </Anchor>
        </Text>
      </div>

      {!restored && (state.status === 'idle' || (state.status === 'finished' && state.columns.length === 0)) ? (
        <>
          <ArenaForm catalogue={catalogue} tier={tier} busy={false} onStart={start} />
          {state.error && (
            <Alert color="red" title="The round could not start" role="alert">
              {state.error.message}
            </Alert>
          )}
        </>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: Math.min(3, columns.length) }} spacing="md" data-testid="arena-answers">
            {columns.map((column) => {
              const answer = round?.answers.find((candidate) => candidate.label === column.model) ?? null;
              return (
                <ArenaAnswerCard
                  key={column.model}
                  column={column}
                  revealed={answer ? { answer, ...nameOf(answer.engine, answer.model) } : null}
                  place={places.get(column.model) ?? null}
                />
              );
            })}
          </SimpleGrid>
          {running && (
            <Text size="sm" c="dimmed" role="status">
              The models are answering…
            </Text>
          )}
          {finished && !round && (
            <VotePanel
              labels={columns.filter((column) => column.phase === 'done').map((column) => column.model)}
              busy={voting}
              error={voteError}
              onVote={vote}
            />
          )}
          {round && (
            <Alert color="blue" title="Revealed" data-testid="arena-revealed">
              <Stack gap="xs">
                <Text size="sm">
                  {round.vote?.verdict === 'all_bad' ? 'You found them all wanting; that vote does not move the leaderboard.' : 'Your vote counts toward the leaderboard.'} This round
                  cost {round.totalCreditsUsed} credits.
                </Text>
                {requestId && <LazyRequestActions requestId={requestId} />}
                <Group gap="sm">
                  <Button onClick={newRound} data-testid="arena-new-round">
                    New round
                  </Button>
                  <Button component={Link} to="/leaderboard" variant="default">
                    Leaderboard
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
