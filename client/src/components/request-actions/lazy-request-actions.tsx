import { lazy, Suspense } from 'react';
import { useAuth } from '../../app-state/auth-context.tsx';
import type { RequestActionsProps } from './request-actions.tsx';

const RequestActions = lazy(() => import('./request-actions.tsx'));

/** Share and export for a finished request, loaded when first shown; signed-in people only. */
export function LazyRequestActions(props: RequestActionsProps) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <RequestActions {...props} />
    </Suspense>
  );
}
