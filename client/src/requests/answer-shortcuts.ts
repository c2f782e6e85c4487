import { useEffect, type RefObject } from 'react';

/** Typing in a box or working in a dialog keeps its own keys. */
function keysBelongElsewhere(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  return target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"], [role="menu"]') !== null;
}

/**
 * Keyboard shortcuts while answers are on screen: Escape stops whatever is still answering; Alt+→ and Alt+← move
 * to the next or previous answer (its scrolling region inside `container`, marked `data-column-scroll`), which on
 * a phone also swipes it into view. A view that shows one answer at a time (tabs) moves itself, through `onMove`.
 * Ctrl+Enter (asking) belongs to the question box itself.
 */
export function useAnswerShortcuts(
  container: RefObject<HTMLElement | null>,
  options: { answering: boolean; onStop(): void; onMove?: ((step: -1 | 1) => void) | undefined },
): void {
  const { answering, onStop, onMove } = options;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || keysBelongElsewhere(event)) return;
      if (event.key === 'Escape' && answering) {
        event.preventDefault();
        onStop();
        return;
      }
      if (!event.altKey || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
      const step = event.key === 'ArrowRight' ? 1 : -1;
      if (onMove) {
        event.preventDefault();
        onMove(step);
        return;
      }
      const columns = [...(container.current?.querySelectorAll<HTMLElement>('[data-column-scroll]') ?? [])];
      if (columns.length === 0) return;
      event.preventDefault();
      const current = columns.findIndex((column) => column.contains(document.activeElement));
      const next = columns[current === -1 ? 0 : (current + step + columns.length) % columns.length]!;
      next.focus({ preventScroll: true });
      next.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'center' });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [container, answering, onStop, onMove]);
}
