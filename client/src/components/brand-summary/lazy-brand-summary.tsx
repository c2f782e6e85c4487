import { lazy, Suspense } from 'react';
import type { BrandSummaryProps } from './brand-summary.tsx';

// The summary shows only after an answer ends, and only with monitoring on: it need not be in the first paint.
const BrandSummary = lazy(() => import('./brand-summary.tsx').then((module) => ({ default: module.BrandSummary })));

export function LazyBrandSummary(props: BrandSummaryProps) {
  return (
    <Suspense fallback={null}>
      <BrandSummary {...props} />
    </Suspense>
  );
}
