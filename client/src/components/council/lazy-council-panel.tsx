import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CouncilPanelProps } from './council-panel.tsx';

const CouncilPanel = lazy(() => import('./council-panel.tsx'));

/** The council, fetched when someone picks it among the judge's modes. */
export function LazyCouncilPanel(props: CouncilPanelProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the council" />}>
      <CouncilPanel {...props} />
    </Suspense>
  );
}
