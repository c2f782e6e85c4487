import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { DeferredLiveSocket } from '../api/deferred-live-socket.ts';
import { useAuth } from './auth-context.tsx';
import { useCredits } from './credits-context.tsx';
import { queryKeys } from './query-client.ts';

const LiveSocketContext = createContext<DeferredLiveSocket | null>(null);

/**
 * Opens this tab's live connection once the session check is done, re-opens it when the person signing in
 * changes (the server binds account news to the session cookie sent with the upgrade), and feeds account news
 * into the shared state: another tab's spending updates the credit count, a finished request the history.
 */
export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const { setCreditsRemaining } = useCredits();
  const queryClient = useQueryClient();
  const [socket] = useState(() => new DeferredLiveSocket());
  const opened = useRef(false);

  useEffect(() => {
    if (status !== 'ready') return;
    if (!opened.current) {
      opened.current = true;
      socket.open();
    } else {
      socket.reconnect();
    }
  }, [socket, status, user?.id]);

  useEffect(() => () => socket.close(), [socket]);

  useEffect(
    () =>
      socket.onAccountEvent((event) => {
        if (event.type === 'credits_changed') setCreditsRemaining(event.creditsRemaining);
        else void queryClient.invalidateQueries({ queryKey: queryKeys.history });
      }),
    [socket, setCreditsRemaining, queryClient],
  );

  return <LiveSocketContext value={socket}>{children}</LiveSocketContext>;
}

export function useLiveSocket(): DeferredLiveSocket {
  const socket = use(LiveSocketContext);
  if (!socket) throw new Error('useLiveSocket must be used within a LiveUpdatesProvider');
  return socket;
}
