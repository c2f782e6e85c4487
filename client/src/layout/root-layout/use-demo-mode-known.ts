import { useEffect, useState } from 'react';
import { useHealthReport } from '../../app-state/health-query.ts';

/**
 * How long the start-up loader waits for the health report beyond the session check. The report says whether this
 * is demo mode, and the demo banner sits at the top of every page: drawn with the page, it pushes nothing down
 * when it arrives. A server slow to report its health is not waited on longer than this.
 */
export const DEMO_MODE_STARTUP_WAIT_MS = 1_000;

/**
 * True once the page knows whether to show the demo banner: the health report has answered (or failed), or the
 * start-up wait is over. Asked from the first render, so the report is on its way beside the session check.
 */
export function useDemoModeKnown(): boolean {
  const health = useHealthReport();
  const [waitOver, setWaitOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitOver(true), DEMO_MODE_STARTUP_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return !health.isPending || waitOver;
}
