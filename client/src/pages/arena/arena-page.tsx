import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ArenaRequestBody, ArenaRound } from '../../api/arena-api.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import type { RunColumn } from '../../requests/request-state.ts';
import { useAskSession } from '../../requests/use-ask-session.ts';
import { forgetUnvotedRound, rememberUnvotedRound, restoreUnvotedRound } from './unvoted-round.ts';
import { ArenaAnswers } from './arena-answers.tsx';
import { ArenaForm } from './arena-form.tsx';
import { RevealedRound } from './revealed-round.tsx';
import { RoundQuestion } from './round-question.tsx';
import { useArenaVote } from './use-arena-vote.ts';
import { VotePanel } from './vote-panel.tsx';
import { SignedInOnly } from '../../components/signed-in-only/signed-in-only.tsx';

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
  const [round, setRound] = useState<ArenaRound | null>(null);
  // A round brought back after a reload, once its answers had finished: shown from the server's blind view.
  const [restored, setRestored] = useState<{ requestId: string; question: string; columns: RunColumn[] } | null>(null);
  const [price, setPrice] = useState<string | null>(null);
  // A round followed again after a reload: its question comes from what the tab remembered of it.
  const [resumedQuestion, setResumedQuestion] = useState('');
  // After a reload: a round still answering is followed again; a finished one waiting for its vote is shown as stored.
  const { state, askNew, clear, stopAll, question } = useAskSession('arena', {
    nothingToResume: () => restoreUnvotedRound(setRestored),
    resumed: (active) => setResumedQuestion(active.query),
  });
  const voting = useArenaVote(setRound);

  // Until the vote, the round survives a reload.
  useEffect(() => {
    if (state.requestId && !round) rememberUnvotedRound(state.requestId);
  }, [state.requestId, round]);

  const start = (body: ArenaRequestBody, priceText: string) => {
    setRound(null);
    setPrice(priceText);
    voting.clearError();
    askNew(body);
  };
  const newRound = () => {
    clear();
    forgetUnvotedRound();
    setRestored(null);
    setRound(null);
    setPrice(null);
  };

  const requestId = restored?.requestId ?? state.requestId;
  const columns = restored?.columns ?? state.columns;
  const running = !restored && state.status === 'running';
  const finished = restored !== null || (state.status === 'finished' && state.requestId !== null && state.columns.length > 0);

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
          <RoundQuestion question={restored?.question ?? (question || resumedQuestion)} price={restored ? null : price} {...(running ? { onStop: stopAll } : {})} />
          <ArenaAnswers columns={columns} round={round} catalogue={catalogue} />
          {finished && !round && (
            <VotePanel
              labels={columns.filter((column) => column.phase === 'done').map((column) => column.model)}
              busy={voting.voting}
              error={voting.error}
              onVote={(body) => {
                if (requestId) voting.vote(requestId, body);
              }}
            />
          )}
          {round && <RevealedRound round={round} requestId={requestId} onNewRound={newRound} />}
        </>
      )}
    </Stack>
  );
}
