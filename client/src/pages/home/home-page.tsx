import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { useRunAgain } from '../../app-state/run-again-context.tsx';
import { ErrorBoundary } from '../../components/error-panel/error-boundary.tsx';
import { SegmentedChoice } from '../../components/segmented-choice/segmented-choice.tsx';
import { isComparisonRequest } from '../../history/request-kind.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { watchedRequestToResume } from '../../requests/watched-request.ts';
import { SingleView } from './single/single-view.tsx';

// The home page opens in single mode; the comparison view's code is fetched when someone switches to it.
const ComparisonView = lazy(() => import('./comparison/comparison-view.tsx').then((module) => ({ default: module.ComparisonView })));

type Mode = 'single' | 'comparison';

const MODES: { value: Mode; label: string }[] = [
  { value: 'single', label: 'Single Request' },
  { value: 'comparison', label: 'Comparison Request' },
];

/** Spec section 2's home: intro, the Single / Comparison switch, then the chosen view. */
export function HomePage() {
  const { catalogue, loading, error } = useCatalogue();
  const runAgain = useRunAgain();
  const navigate = useNavigate();
  usePageTitle(null);
  // A comparison still streaming when the page was reloaded reopens its view.
  // So does a team's link (`/?team=<id>`): the comparison form picks the team.
  const [mode, setMode] = useState<Mode>(() =>
    watchedRequestToResume('comparison') || new URLSearchParams(window.location.search).has('team') ? 'comparison' : 'single',
  );

  // A link with a question (`/?q=…&models=…`) fills the form the way "Run this prompt again" does, then leaves the
  // address bar, so a reload keeps the person's own edits. It never asks by itself.
  // Its code loads only for such a link, so it costs the first paint nothing.
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('q')) return;
    void import('./link-prefill.ts').then(({ requestFromLink }) => {
      const linked = requestFromLink(window.location.search);
      if (!linked) return;
      runAgain.runAgain(linked);
      void navigate({ to: '/', search: {}, replace: true });
    });
    // Read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // "Run this prompt again" on a comparison switches to the comparison view, which then takes the request.
  // "Continue with this model only" goes on in the single view.
  useEffect(() => {
    if (runAgain.pending) setMode(isComparisonRequest(runAgain.pending) ? 'comparison' : 'single');
    else if (runAgain.fork) setMode('single');
  }, [runAgain.pending, runAgain.fork]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          One question, many minds
        </Title>
        <Text c="dimmed" size="sm" maw={720}>
          Ask a question and watch the answer stream in, or put it to several AI models at once and compare what they
          say side by side. More than 15 models from OpenAI, Anthropic, Google, DeepSeek, Perplexity and Groq, plus
          Google's AI Overview.
        </Text>
      </div>

      <SegmentedChoice<Mode> data={MODES} value={mode} onChange={setMode} data-testid="mode-switch" aria-label="Request mode" style={{ maxWidth: 'calc(30rem * var(--mantine-scale))' }} />

      {error && (
        <Alert color="red" title="Failed to fetch models" data-testid="models-error">
          <Text size="sm" mb="sm">
            {error}
          </Text>
          <Button size="xs" color="red" variant="outline" onClick={() => window.location.reload()}>
            Retry
          </Button>
        </Alert>
      )}
      {loading && !catalogue && (
        <Center py="xl">
          <Loader aria-label="Loading models" />
        </Center>
      )}

      {catalogue && (
        <ErrorBoundary>
          {mode === 'single' ? (
            <SingleView />
          ) : (
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader aria-label="Loading the comparison view" />
                </Center>
              }
            >
              <ComparisonView />
            </Suspense>
          )}
        </ErrorBoundary>
      )}
    </Stack>
  );
}
