import { useEffect, useState } from 'react';
import type { HealthReport } from '../../api/health.ts';
import type { QuorumApi } from '../../api/quorum-api.ts';

/** The server's health, fetched once on mount; null until it arrives or when it cannot be read. */
export function useHealth(fetchHealth: QuorumApi['fetchHealth']): HealthReport | null {
  const [health, setHealth] = useState<HealthReport | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void fetchHealth(controller.signal).then((report) => {
      if (!controller.signal.aborted) setHealth(report);
    });
    return () => controller.abort();
  }, [fetchHealth]);

  return health;
}
