import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from './auth-context.tsx';
import { CatalogueProvider } from './catalogue-context.tsx';
import { CreditsProvider } from './credits-context.tsx';
import { LiveUpdatesProvider } from './live-updates-context.tsx';
import { createQueryClient } from './query-client.ts';
import { RunAgainProvider } from './run-again-context.tsx';
import { AuthModalProvider } from './auth-modal-context.tsx';
import { PurchaseCreditsProvider } from './purchase-credits-context.tsx';

/**
 * Everything the pages share: server state (TanStack Query), who is signed in, credits, the catalogue, live news,
 * and the dialogs any page can open (sign in, buy credits).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CreditsProvider>
          <CatalogueProvider>
            <LiveUpdatesProvider>
              <RunAgainProvider>
                <AuthModalProvider>
                  <PurchaseCreditsProvider>{children}</PurchaseCreditsProvider>
                </AuthModalProvider>
              </RunAgainProvider>
            </LiveUpdatesProvider>
          </CatalogueProvider>
        </CreditsProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
