import { Stack, Text, Title } from '@mantine/core';
import { streamSearch } from '../../api/search-stream.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { preloadMarkdownAnswer } from '../../components/markdown-answer/lazy-markdown-answer.tsx';
import { DEFAULT_OPENAI_MODEL, type OpenAiModel } from '../../models/openai-models.ts';
import { AnswerPanel } from './answer-panel/answer-panel.tsx';
import { ErrorPanel } from './error-panel/error-panel.tsx';
import { SearchForm } from './search-form/search-form.tsx';
import { buildSearchRequest, validateQuery } from './search-query.ts';
import { useSearch } from './use-search.ts';

function scrollToTop(): void {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}

/** Ask one model one question and watch the answer stream in. */
export function HomePage() {
  const { state, ask, retry, clear } = useSearch(streamSearch);
  const [query, setQuery] = useState('');
  const [model, setModel] = useState<OpenAiModel>(DEFAULT_OPENAI_MODEL);
  const [validationError, setValidationError] = useState<string | null>(null);
  const queryInput = useRef<HTMLTextAreaElement>(null);

  // Fetch the answer renderer now, so it is ready before the first words of an answer arrive.
  useEffect(preloadMarkdownAnswer, []);

  const handleQueryChange = useCallback((next: string) => {
    setQuery(next);
    setValidationError(null);
  }, []);

  const handleSubmit = useCallback(() => {
    const problem = validateQuery(query);
    setValidationError(problem);
    if (problem === null) ask(buildSearchRequest(query, model));
  }, [ask, model, query]);

  const handleNewSearch = useCallback(() => {
    clear();
    setQuery('');
    setValidationError(null);
    scrollToTop();
    // Without scrolling, so focusing does not fight the smooth scroll to the top.
    queryInput.current?.focus({ preventScroll: true });
  }, [clear]);

  const showAnswer = state.status === 'streaming' || state.status === 'done' || state.answer !== '';

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Ask a question
        </Title>
        <Text c="dimmed" size="sm">
          Pick a model, ask anything, and watch the answer arrive as it is written.
        </Text>
      </div>

      <SearchForm
        query={query}
        model={model}
        loading={state.status === 'streaming'}
        validationError={validationError}
        queryInputRef={queryInput}
        onQueryChange={handleQueryChange}
        onModelChange={setModel}
        onSubmit={handleSubmit}
      />

      {state.error && <ErrorPanel message={state.error.message} retryable={state.error.retryable} onRetry={retry} />}

      {showAnswer && (
        <AnswerPanel
          status={state.status}
          model={state.model}
          answer={state.answer}
          creditsUsed={state.creditsUsed}
          onNewSearch={handleNewSearch}
        />
      )}
    </Stack>
  );
}
