import { useQuery } from '@tanstack/react-query';
import { createContext, use, useMemo, type ReactNode } from 'react';
import { fetchCatalogue, type Catalogue } from '../api/catalogue-api.ts';
import { messageOf } from '../api/http-client.ts';
import { queryKeys } from './query-client.ts';

export interface CatalogueState {
  catalogue: Catalogue | null;
  loading: boolean;
  /** "Failed to fetch models" or the server's reason; the page offers a reload. */
  error: string | null;
}

const CatalogueContext = createContext<CatalogueState | null>(null);

/** The engines and models this server offers (`GET /api/models`), loaded once and shared by every view. */
export function CatalogueProvider({ children }: { children: ReactNode }) {
  const query = useQuery({ queryKey: queryKeys.catalogue, queryFn: ({ signal }) => fetchCatalogue(signal), staleTime: 5 * 60_000 });
  const value = useMemo<CatalogueState>(
    () => ({
      catalogue: query.data ?? null,
      loading: query.isPending,
      error: query.error ? messageOf(query.error, 'Failed to fetch models') : null,
    }),
    [query.data, query.isPending, query.error],
  );
  return <CatalogueContext value={value}>{children}</CatalogueContext>;
}

export function useCatalogue(): CatalogueState {
  const catalogue = use(CatalogueContext);
  if (!catalogue) throw new Error('useCatalogue must be used within a CatalogueProvider');
  return catalogue;
}
