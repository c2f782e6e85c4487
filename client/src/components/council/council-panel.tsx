import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { councilPreview, councilsOf, fetchCouncil, startChairman, startCouncil, type Council, type CouncilPreview } from '../../api/council-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { useRefreshAfterAnswer } from '../../app-state/refresh-after-answer.ts';
import { modelNames } from '../../catalogue/model-names.ts';
import { LazyMarkdownAnswer } from '../markdown-answer/lazy-markdown-answer.tsx';
import { useFollowedRuns } from './use-followed-runs.ts';

export interface CouncilPanelProps {
  /** The comparison the council reviews. */
  requestId: string;
  chairman: { engine: string; model: string };
}

const STATUS_TEXT: Record<Council['status'], string> = {
  reviewing: 'The models are reviewing each other’s answers…',
  reviewed: 'Reviews are in; the chairman is starting…',
  chairing: 'The chairman is writing the council’s answer…',
  done: 'The council has answered.',
  failed: 'The council could not finish. What did not answer cost nothing.',
};

/**
 * The council: every answering model reviews the others' answers under labels only and ranks them; then the chosen
 * chairman writes one answer from the best points, each credited to its answer. Its price is shown before it runs;
 * the reviews and the chairman's answer stream in as they are written, and a council held before (from the history)
 * is shown again, picked up where it stood.
 */
export default function CouncilPanel({ requestId, chairman }: CouncilPanelProps) {
  const { catalogue } = useCatalogue();
  const refreshAfterAnswer = useRefreshAfterAnswer();
  const { runs, follow } = useFollowedRuns();
  const [council, setCouncil] = useState<Council | null>(null);
  const [preview, setPreview] = useState<CouncilPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const stop = useRef(new AbortController());
  useEffect(() => () => stop.current.abort(), []);
  const nameOf = (pair: { engine: string; model: string }) => modelNames(catalogue, pair).model;

  /** Takes a council from where it stands to its end: follow the reviews, start the chairman, follow it. */
  const carryOn = useCallback(
    async (from: Council) => {
      const signal = stop.current.signal;
      let current = from;
      const settled = async (waiting: Council['status']) => {
        // The stream ends as the last answer is stored; read until the council says so too.
        for (let attempt = 0; attempt < 20 && !signal.aborted; attempt += 1) {
          current = await fetchCouncil(current.id, signal);
          setCouncil(current);
          if (current.status !== waiting) return;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      };
      if (current.status === 'reviewing') {
        await follow(current.reviewRequestId, 'comparison', signal);
        await settled('reviewing');
        void refreshAfterAnswer('comparison');
      }
      if (current.status === 'reviewed' && !signal.aborted) {
        current = await startChairman(current.id);
        setCouncil(current);
      }
      if (current.status === 'chairing' && current.chairmanRequestId && !signal.aborted) {
        await follow(current.chairmanRequestId, 'single', signal);
        await settled('chairing');
        void refreshAfterAnswer('single');
      }
    },
    [follow, refreshAfterAnswer],
  );

  const run = useCallback(
    (work: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      work()
        .catch((failure: unknown) => {
          if (!stop.current.signal.aborted) setError(messageOf(failure, 'The council could not go on. Please try again.'));
        })
        .finally(() => setBusy(false));
    },
    [],
  );

  // A council held on this comparison before is shown (and finished, if it was still going).
  useEffect(() => {
    run(async () => {
      const { councils } = await councilsOf(requestId, stop.current.signal);
      const last = councils.at(-1);
      if (!last) return;
      setCouncil(last);
      await carryOn(last);
    });
  }, [requestId, carryOn, run]);

  useEffect(() => {
    const abort = new AbortController();
    setPreview(null);
    councilPreview(requestId, chairman, abort.signal)
      .then(setPreview)
      .catch((failure: unknown) => !abort.signal.aborted && setError(messageOf(failure, 'The council’s price could not be worked out.')));
    return () => abort.abort();
  }, [requestId, chairman.engine, chairman.model]);

  const hold = () =>
    run(async () => {
      const started = await startCouncil(requestId, chairman);
      setCouncil(started);
      await carryOn(started);
    });

  const reviewsCost = preview?.reviewers.reduce((sum, reviewer) => sum + reviewer.credits, 0) ?? 0;
  const going = council !== null && council.status !== 'done' && council.status !== 'failed';
  const labelName = (label: string) => {
    const answer = council?.answers.find((entry) => entry.label === label);
    return answer ? `${label} (${nameOf(answer)})` : label;
  };
  const chairmanRun = council?.chairmanResult ? runs[council.chairmanResult.runId] : undefined;

  return (
    <Stack gap="sm" data-testid="council-panel">
      <Text size="sm" c="dimmed">
        Every model that answered reviews the others’ answers without their names and ranks them; then the chairman writes one answer from the best
        points, crediting each to its answer.
      </Text>
      {preview && (
        <Text size="sm" data-testid="council-price">
          Reviews: {reviewsCost} credits ({preview.reviewers.length} models) · Chairman: {preview.chairman.credits} credits · Each is charged only if it
          answers.
        </Text>
      )}
      <Group>
        <Button onClick={hold} loading={busy && !council} disabled={busy || going || !preview} data-testid="council-run">
          Hold council{preview ? ` · ${preview.totalCredits} credits` : ''}
        </Button>
      </Group>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {council && (
        <Stack gap="sm" data-testid="council-result" aria-live="polite">
          <Text size="sm" fw={500} data-testid="council-status" data-status={council.status}>
            {STATUS_TEXT[council.status]}
          </Text>
          <SimpleGrid cols={{ base: 1, md: Math.min(3, Math.max(1, council.reviews.length)) }} spacing="sm">
            {council.reviews.map((review) => {
              const streamed = runs[review.result.runId];
              const text = review.result.response ?? streamed?.text ?? '';
              return (
                <Paper key={review.result.runId} withBorder radius="md" p="sm" component="article" aria-label={`Review by ${nameOf(review.result)}`} data-testid="council-review" style={{ minWidth: 0 }}>
                  <Stack gap={6}>
                    <Group gap={6} wrap="wrap">
                      <Text fw={600} size="sm">
                        Review by {nameOf(review.result)}
                      </Text>
                      <Badge size="sm" variant="light" color="gray">
                        wrote {review.label}
                      </Badge>
                    </Group>
                    {review.ranking ? (
                      <List type="ordered" size="sm" spacing={4} data-testid="council-ranking">
                        {review.ranking.map((entry) => (
                          <List.Item key={entry.label}>
                            <Text span fw={500} size="sm">
                              {labelName(entry.label)}
                            </Text>
                            {entry.reason ? `: ${entry.reason}` : ''}
                          </List.Item>
                        ))}
                      </List>
                    ) : review.result.error ? (
                      <Text size="sm" c="red">
                        {review.result.error} Nothing was charged.
                      </Text>
                    ) : (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="council-review-text">
                        {text || 'Reading…'}
                      </Text>
                    )}
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
          {council.status !== 'reviewing' && council.standings.some((standing) => standing.votes > 0) && (
            <div>
              <Text fw={600} size="sm" id="council-standings-title">
                Where the reviews placed each answer
              </Text>
              <List type="ordered" size="sm" aria-labelledby="council-standings-title" data-testid="council-standings">
                {council.standings.map((standing) => (
                  <List.Item key={standing.label}>
                    {labelName(standing.label)}
                    {standing.averagePlace !== null ? ` · mean place ${standing.averagePlace.toFixed(1)} from ${standing.votes} review${standing.votes === 1 ? '' : 's'}` : ' · not ranked'}
                  </List.Item>
                ))}
              </List>
            </div>
          )}
          {council.chairmanRequestId && (
            <Paper withBorder radius="md" p="md" data-testid="council-chairman">
              <Stack gap={6}>
                <Text fw={600}>The council’s answer, by {nameOf(council.chairman)}</Text>
                {council.chairmanResult?.success && council.chairmanResult.response ? (
                  <>
                    <LazyMarkdownAnswer content={council.chairmanResult.response} />
                    {council.attributions.length > 0 && (
                      <Text size="sm" data-testid="council-attributions">
                        Points credited to:{' '}
                        {council.attributions.map((attribution) => `${attribution.label} = ${nameOf(attribution)} (${attribution.points})`).join(', ')}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      The council cost {council.creditsUsed} credits.
                    </Text>
                  </>
                ) : council.chairmanResult?.error ? (
                  <Text size="sm" c="red" role="status">
                    {council.chairmanResult.error} The chairman cost nothing.
                  </Text>
                ) : (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="council-chairman-text">
                    {chairmanRun?.text || 'Writing…'}
                  </Text>
                )}
              </Stack>
            </Paper>
          )}
        </Stack>
      )}
    </Stack>
  );
}
