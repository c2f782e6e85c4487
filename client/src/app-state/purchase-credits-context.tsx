import { createContext, lazy, Suspense, use, useMemo, useState, type ReactNode } from 'react';

// The dialog, its price logic and Stripe's loader are fetched the first time someone opens it, never on first paint.
const PurchaseCreditsModal = lazy(() => import('../components/purchase-credits/purchase-credits-modal.tsx'));

export interface PurchaseCreditsState {
  /** Opens the Purchase Credits dialog, with `credits` preselected when given (the pricing page's slider). */
  openPurchase(credits?: number): void;
}

const PurchaseCreditsContext = createContext<PurchaseCreditsState | null>(null);

/** Lets Buy Credits, the pricing page and an "Insufficient credits" error open the one purchase dialog. */
export function PurchaseCreditsProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<{ credits: number | undefined } | null>(null);
  const [loaded, setLoaded] = useState(false);
  const value = useMemo<PurchaseCreditsState>(
    () => ({
      openPurchase: (credits) => {
        setRequest({ credits });
        setLoaded(true);
      },
    }),
    [],
  );
  return (
    <PurchaseCreditsContext value={value}>
      {children}
      {/* Stays mounted once loaded, so closing animates and reopening is instant. */}
      {loaded && (
        <Suspense fallback={null}>
          <PurchaseCreditsModal opened={request !== null} initialCredits={request?.credits} onClose={() => setRequest(null)} />
        </Suspense>
      )}
    </PurchaseCreditsContext>
  );
}

export function usePurchaseCredits(): PurchaseCreditsState {
  const state = use(PurchaseCreditsContext);
  if (!state) throw new Error('usePurchaseCredits must be used within a PurchaseCreditsProvider');
  return state;
}
