import { lazy, Suspense } from 'react';
import type { AnswerPanelProps } from './answer-panel.tsx';

// The answer area (streaming text, stop, copy, regenerate, follow-along scrolling, keyboard shortcuts) shows only
// once a question is asked, so it is not part of the first paint; the view fetches it while the question is typed.
const loadAnswerPanel = () => import('./answer-panel.tsx');

const AnswerPanel = lazy(async () => ({ default: (await loadAnswerPanel()).AnswerPanel }));

/** Starts fetching the answer panel ahead of need; safe to call any number of times. */
export function preloadAnswerPanel(): void {
  void loadAnswerPanel().catch(() => {
    // A failed preload is retried by the real render.
  });
}

export function LazyAnswerPanel(props: AnswerPanelProps) {
  return (
    <Suspense fallback={null}>
      <AnswerPanel {...props} />
    </Suspense>
  );
}
