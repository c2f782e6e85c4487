import { lazy, Suspense } from 'react';
import type { AnswerFactsProps } from './answer-facts.tsx';

// Facts show only once an answer has ended, so their code (and Mantine's Anchor) need not be in the first paint.
const AnswerFacts = lazy(() => import('./answer-facts.tsx').then((module) => ({ default: module.AnswerFacts })));

export function LazyAnswerFacts(props: AnswerFactsProps) {
  return (
    <Suspense fallback={null}>
      <AnswerFacts {...props} />
    </Suspense>
  );
}
