import { useSyncExternalStore } from 'react';
import { readStored, storageKeys, writeStored } from '../../storage/local-storage.ts';

/** Whether the visitor let analytics run: undecided (the banner asks), yes, or no. */
export type ConsentChoice = 'pending' | 'accepted' | 'rejected';

const listeners = new Set<() => void>();

export function readConsentChoice(): ConsentChoice {
  const stored = readStored<unknown>(storageKeys.cookieConsent);
  return stored === 'accepted' || stored === 'rejected' ? stored : 'pending';
}

/** Saves the choice and tells every part of the page that shows or acts on it (the banner, the analytics loader). */
export function saveConsentChoice(choice: ConsentChoice): void {
  writeStored(storageKeys.cookieConsent, choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab applies here too, so two tabs never disagree about tracking.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.cookieConsent) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useConsentChoice(): ConsentChoice {
  return useSyncExternalStore(subscribe, readConsentChoice, () => 'pending');
}
