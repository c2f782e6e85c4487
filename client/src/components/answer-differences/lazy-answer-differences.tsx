import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { AnswerDifferencesProps } from './answer-differences.tsx';

const AnswerDifferences = lazy(() => import('./answer-differences.tsx'));

/** The differences view, fetched (with the diff library) only when someone turns it on. */
export function LazyAnswerDifferences(props: AnswerDifferencesProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Finding the differences" />}>
      <AnswerDifferences {...props} />
    </Suspense>
  );
}
