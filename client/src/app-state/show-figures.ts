import { useSyncExternalStore } from 'react';
import { readStored, storageKeys, writeStored } from '../storage/local-storage.ts';

/**
 * Whether answers show their figures (timings, tokens, speed, the comparison's economics line). One preference for
 * the whole app, kept in the browser; every view that shows figures follows a change at once.
 */
const listeners = new Set<() => void>();

const current = (): boolean => readStored<boolean>(storageKeys.showFigures) !== false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setShowFigures(show: boolean): void {
  writeStored(storageKeys.showFigures, show);
  for (const listener of listeners) listener();
}

export function useShowFigures(): boolean {
  return useSyncExternalStore(subscribe, current, () => true);
}
