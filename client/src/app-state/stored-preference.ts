import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../storage/local-storage.ts';

export interface StoredPreference<Value> {
  /** The value now, re-rendering the caller whenever any view changes it. */
  use(): Value;
  set(value: Value): void;
}

/**
 * A small preference kept in the browser for the whole app (answers' figures, the comparison's layout): every view
 * that shows it follows a change at once, and it outlives a reload. `read` turns whatever is stored (nothing, or a
 * value an older build wrote) into a valid value, so a bad entry never breaks the page.
 */
export function storedPreference<Value extends string | boolean | null>(key: string, read: (stored: unknown) => Value): StoredPreference<Value> {
  const listeners = new Set<() => void>();
  const current = (): Value => read(readStored<unknown>(key));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    use: () => useSyncExternalStore(subscribe, current, () => read(undefined)),
    set(value) {
      writeStored(key, value);
      for (const listener of listeners) listener();
    },
  };
}
