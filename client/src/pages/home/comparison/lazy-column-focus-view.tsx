import { lazy, Suspense } from 'react';
import type { ColumnFocusViewProps } from './column-focus-view.tsx';

// Nobody needs the focus view before pressing a column's Focus button, so its code waits until then.
const ColumnFocusView = lazy(() => import('./column-focus-view.tsx'));

/** The focus view, fetched the first time it opens and kept mounted after, so it can fade out when closed. */
export function LazyColumnFocusView(props: ColumnFocusViewProps & { everOpened: boolean }) {
  const { everOpened, ...rest } = props;
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <ColumnFocusView {...rest} />
    </Suspense>
  );
}
