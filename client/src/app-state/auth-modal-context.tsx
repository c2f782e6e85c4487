import { createContext, use, useMemo, useState, type ReactNode } from 'react';

/** `forgot` is the sign-in tab's "Forgot password?" view. */
export type AuthModalMode = 'login' | 'register' | 'forgot';

export interface AuthModalState {
  /** The open tab, or null when the modal is closed. */
  mode: AuthModalMode | null;
  open(mode: AuthModalMode): void;
  close(): void;
}

const AuthModalContext = createContext<AuthModalState | null>(null);

/** Lets any part of the page (top bar, banner, lock badges) open the sign-in / sign-up modal. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthModalMode | null>(null);
  const value = useMemo<AuthModalState>(() => ({ mode, open: setMode, close: () => setMode(null) }), [mode]);
  return <AuthModalContext value={value}>{children}</AuthModalContext>;
}

export function useAuthModal(): AuthModalState {
  const state = use(AuthModalContext);
  if (!state) throw new Error('useAuthModal must be used within an AuthModalProvider');
  return state;
}
