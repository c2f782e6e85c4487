import { lazy, Suspense } from 'react';
import type { FollowUpBoxProps } from './follow-up-box.tsx';

// The box shows only once an answer has ended, so its code need not be in the first paint.
const FollowUpBox = lazy(() => import('./follow-up-box.tsx').then((module) => ({ default: module.FollowUpBox })));

export function LazyFollowUpBox(props: FollowUpBoxProps) {
  return (
    <Suspense fallback={null}>
      <FollowUpBox {...props} />
    </Suspense>
  );
}
