import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { authApi, type SessionInfo, type SignedIn, type Tier, type User } from '../api/auth-api.ts';
import { onSessionExpired } from '../api/session-expiry.ts';
import { readStored, removeStored, storageKeys, writeStored } from '../storage/local-storage.ts';
import { rememberAccountDeleted } from './deleted-account-memory.ts';
import { queryKeys } from './query-client.ts';

export interface AuthState {
  /** `loading` until the start-up session check has answered (auth starts unknown and loading). */
  status: 'loading' | 'ready';
  user: User | null;
  tier: Tier;
  /** Google's client id when this server offers Google sign-in. */
  googleClientId: string | null;
  /** Takes a successful sign-in (login, Google, verification) into the app. */
  signedIn(result: SignedIn): void;
  /** The signed-in user's details changed (name, address): same person, same session. */
  userUpdated(user: User): void;
  /** Re-reads who is signed in (after a change made elsewhere, such as a confirmed new address). */
  refresh(): Promise<void>;
  logout(): Promise<void>;
  deleteAccount(): Promise<void>;
  /** Set once the account was deleted from this page, so the page can confirm it; cleared by dismissing. */
  accountDeleted: boolean;
  dismissAccountDeleted(): void;
  /** The session ended under the page (expired, or signed out in another tab) and the page signed itself out. */
  sessionExpired: boolean;
  dismissSessionExpired(): void;
}

const AuthContext = createContext<AuthState | null>(null);

function remember(user: User | null, session: SessionInfo | null): void {
  if (user) writeStored(storageKeys.user, user);
  else removeStored(storageKeys.user);
  if (session) writeStored(storageKeys.session, session);
  else removeStored(storageKeys.session);
}

/**
 * Who is signed in. Every query that depends on the person (credits, history) refreshes when that changes, and an
 * announced end of the session (`session-expiry.ts`) signs the page out at once.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<'loading' | 'ready'>('loading');
  const [user, setUser] = useState<User | null>(() => readStored<User>(storageKeys.user) ?? null);
  const [googleClientId, setGoogleClientId] = useState<string | null>(null);
  const [sessionExpired, setSessionExpired] = useState(false);
  const [accountDeleted, setAccountDeleted] = useState(false);
  // Announcements arrive between renders: they are judged against who is signed in right now, not at the last render.
  const current = useRef({ user, ready: false, leaving: false });

  const changeUser = useCallback(
    (next: User | null, session: SessionInfo | null) => {
      remember(next, session);
      current.current.user = next;
      setUser(next);
      if (next) setSessionExpired(false);
      // Credits and history belong to whoever is signed in now; drop what belonged to the one before.
      queryClient.removeQueries({ queryKey: queryKeys.history });
      void queryClient.invalidateQueries({ queryKey: queryKeys.credits });
    },
    [queryClient],
  );

  useEffect(
    () =>
      onSessionExpired((userId) => {
        const { user: signedIn, ready, leaving } = current.current;
        // Nobody to sign out (a wrong password is a 401 too), a sign-out already under way, the start-up check
        // still deciding, or news about someone who is no longer the one signed in.
        if (!signedIn || !ready || leaving || (userId !== null && userId !== signedIn.id)) return;
        changeUser(null, null);
        setSessionExpired(true);
      }),
    [changeUser],
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
        current.current.user = next;
        setUser(next);
      })
      .catch((error: unknown) => {
        // The app still works signed out; a failed check must not leave the loader up forever.
        console.error('Failed to fetch profile', error);
        if (cancelled) return;
        current.current.user = null;
        setUser(null);
      })
      .finally(() => {
        if (cancelled) return;
        current.current.ready = true;
        setStatus('ready');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const signedIn = useCallback((result: SignedIn) => changeUser(result.user, result.session), [changeUser]);

  const userUpdated = useCallback((next: User) => {
    if (current.current.user?.id !== next.id) return;
    writeStored(storageKeys.user, next);
    current.current.user = next;
    setUser(next);
  }, []);

  const refresh = useCallback(async () => {
    const check = await authApi.session();
    const next = check.authenticated ? check.user : null;
    if (next && current.current.user?.id === next.id) userUpdated(next);
  }, [userUpdated]);

  const logout = useCallback(async () => {
    // Calls racing a deliberate sign-out may meet the ended session: that is no expiry to report.
    current.current.leaving = true;
    try {
      await authApi.logout();
    } finally {
      // Signed out here whatever the server said: the cookie is cleared on its side, the user on ours.
      changeUser(null, null);
      current.current.leaving = false;
    }
  }, [changeUser]);

  const deleteAccount = useCallback(async () => {
    // No sign-out until it succeeds: a 401 here means the session had already ended, and is announced as such.
    await authApi.deleteAccount();
    // Before the page turns guest, so the invitation to register never offers this address its used credits.
    rememberAccountDeleted();
    changeUser(null, null);
    setAccountDeleted(true);
  }, [changeUser]);

  const dismissSessionExpired = useCallback(() => setSessionExpired(false), []);
  const dismissAccountDeleted = useCallback(() => setAccountDeleted(false), []);

  const value = useMemo<AuthState>(
    () => ({
      status,
      user,
      tier: user?.tier ?? 'free',
      googleClientId,
      signedIn,
      userUpdated,
      refresh,
      logout,
      deleteAccount,
      sessionExpired,
      dismissSessionExpired,
      accountDeleted,
      dismissAccountDeleted,
    }),
    [status, user, googleClientId, signedIn, userUpdated, refresh, logout, deleteAccount, sessionExpired, dismissSessionExpired, accountDeleted, dismissAccountDeleted],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
