import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/http-client.ts';

/** Query keys in one place, so an invalidation names exactly what it refreshes. */
export const queryKeys = {
  catalogue: ['catalogue'] as const,
  credits: ['credits'] as const,
  history: ['history'] as const,
  health: ['health'] as const,
};

/** Reads retry only on errors where a retry can help (network, timeout, 408/429/5xx); never on a 4xx answer. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.retryable),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
