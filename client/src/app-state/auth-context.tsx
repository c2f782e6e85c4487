import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { authApi, type SessionInfo, type SignedIn, type Tier, type User } from '../api/auth-api.ts';
import { readStored, removeStored, storageKeys, writeStored } from '../storage/local-storage.ts';
import { queryKeys } from './query-client.ts';

export interface AuthState {
  /** `loading` until the start-up session check has answered (spec section 4: auth starts unknown and loading). */
  status: 'loading' | 'ready';
  user: User | null;
  tier: Tier;
  /** Google's client id when this server offers Google sign-in. */
  googleClientId: string | null;
  /** Takes a successful sign-in (login, Google, verification) into the app. */
  signedIn(result: SignedIn): void;
  logout(): Promise<void>;
  deleteAccount(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

function remember(user: User | null, session: SessionInfo | null): void {
  if (user) writeStored(storageKeys.user, user);
  else removeStored(storageKeys.user);
  if (session) writeStored(storageKeys.session, session);
  else removeStored(storageKeys.session);
}

/** Who is signed in. Every query that depends on the person (credits, history) refreshes when that changes. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<'loading' | 'ready'>('loading');
  const [user, setUser] = useState<User | null>(() => readStored<User>(storageKeys.user) ?? null);
  const [googleClientId, setGoogleClientId] = useState<string | null>(null);

  const changeUser = useCallback(
    (next: User | null, session: SessionInfo | null) => {
      remember(next, session);
      setUser(next);
      // Credits and history belong to whoever is signed in now; drop what belonged to the one before.
      queryClient.removeQueries({ queryKey: queryKeys.history });
      void queryClient.invalidateQueries({ queryKey: queryKeys.credits });
    },
    [queryClient],
  );

  useEffect(() => {
    let cancelled = false;
    authApi
      .session()
      .then((check) => {
        if (cancelled) return;
        setGoogleClientId(check.googleClientId ?? null);
        const next = check.authenticated ? check.user : null;
        remember(next, check.authenticated ? check.session : null);
        setUser(next);
      })
      .catch((error: unknown) => {
        // The app still works signed out; a failed check must not leave the loader up forever.
        console.error('Failed to fetch profile', error);
        if (!cancelled) setUser(null);
      })
      .finally(() => {
        if (!cancelled) setStatus('ready');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const signedIn = useCallback((result: SignedIn) => changeUser(result.user, result.session), [changeUser]);

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } finally {
      // Signed out here whatever the server said: the cookie is cleared on its side, the user on ours.
      changeUser(null, null);
    }
  }, [changeUser]);

  const deleteAccount = useCallback(async () => {
    await authApi.deleteAccount();
    changeUser(null, null);
  }, [changeUser]);

  const value = useMemo<AuthState>(
    () => ({ status, user, tier: user?.tier ?? 'free', googleClientId, signedIn, logout, deleteAccount }),
    [status, user, googleClientId, signedIn, logout, deleteAccount],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
