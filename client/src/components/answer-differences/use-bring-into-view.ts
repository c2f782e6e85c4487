import { useEffect, type RefObject } from 'react';

/**
 * Brings what was just opened to where the person is looking: its top scrolled into view (under the fixed top bar
 * or a dialog's header, by the element's scroll-margin-top) once, when it first appears. Smoothly, unless the person
 * asked their system for less motion.
 */
export function useBringIntoView(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  }, [ref]);
}
