import { useEffect } from 'react';

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * Escape closes what is open (the phone's navigation drawer), unless the key was pressed while typing. The key is
 * not claimed (no preventDefault), so with nothing open it still reaches whatever else listens for it, such as
 * stopping a streaming answer.
 */
export function useEscapeToClose(opened: boolean, close: () => void): void {
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const target = event.target;
      if (target instanceof HTMLElement && (target.isContentEditable || TYPING_TAGS.has(target.tagName))) return;
      close();
    };
    document.documentElement.addEventListener('keydown', onKeyDown);
    return () => document.documentElement.removeEventListener('keydown', onKeyDown);
  }, [opened, close]);
}
