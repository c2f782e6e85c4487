import { useQuery } from '@tanstack/react-query';
import { fetchHealth, type HealthReport } from '../api/health.ts';
import { queryKeys } from './query-client.ts';

/** Spec section 9: the footer's health check runs every 30 s. */
export const HEALTH_CHECK_INTERVAL_MS = 30_000;

export type SystemStatus = 'loading' | 'operational' | 'maintenance' | 'unavailable';

export const SYSTEM_STATUS_TEXT: Record<SystemStatus, { label: string; colour: string }> = {
  loading: { label: 'Checking system status…', colour: 'yellow' },
  operational: { label: 'All systems operational', colour: 'green' },
  maintenance: { label: 'System maintenance', colour: 'red' },
  unavailable: { label: 'System status unavailable', colour: 'gray' },
};

/** The health report, polled every 30 s and shared by the footer's dot and the demo-mode banner. */
export function useHealthReport() {
  return useQuery({
    queryKey: queryKeys.health,
    // fetchHealth never rejects; "could not ask" comes back as null.
    queryFn: ({ signal }) => fetchHealth({ signal }),
    refetchInterval: HEALTH_CHECK_INTERVAL_MS,
    staleTime: HEALTH_CHECK_INTERVAL_MS,
  });
}

export function systemStatusOf(pending: boolean, report: HealthReport | null | undefined): SystemStatus {
  if (pending) return 'loading';
  if (!report) return 'unavailable';
  return report.status === 'ok' ? 'operational' : 'maintenance';
}
