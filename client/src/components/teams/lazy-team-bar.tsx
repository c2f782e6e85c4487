import { lazy, Suspense } from 'react';
import type { TeamBarProps } from './team-bar.tsx';

const TeamBar = lazy(() => import('./team-bar.tsx'));

/** Saved teams, fetched after the comparison form has painted. */
export function LazyTeamBar(props: TeamBarProps) {
  return (
    <Suspense fallback={null}>
      <TeamBar {...props} />
    </Suspense>
  );
}
