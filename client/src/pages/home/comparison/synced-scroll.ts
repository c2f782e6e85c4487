import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `enabled`, scrolling any answer inside `container` (elements marked `data-column-scroll`) moves the others
 * to the same share of their length, so the answers can be read side by side paragraph by paragraph. Scroll events
 * do not bubble, so one capturing listener on the container hears every column; the positions it sets itself are
 * recognised and ignored, so columns never chase each other.
 */
export function useSyncedScroll(container: RefObject<HTMLElement | null>, enabled: boolean): void {
  const settingPositions = useRef(false);
  useEffect(() => {
    const root = container.current;
    if (!root || !enabled) return;
    const onScroll = (event: Event) => {
      const source = event.target;
      if (!(source instanceof HTMLElement) || !source.hasAttribute('data-column-scroll')) return;
      if (settingPositions.current) return;
      const range = source.scrollHeight - source.clientHeight;
      const share = range > 0 ? source.scrollTop / range : 0;
      settingPositions.current = true;
      for (const other of root.querySelectorAll<HTMLElement>('[data-column-scroll]')) {
        if (other !== source) other.scrollTop = share * (other.scrollHeight - other.clientHeight);
      }
      // The scroll events those assignments cause arrive in the next frame.
      requestAnimationFrame(() => {
        settingPositions.current = false;
      });
    };
    root.addEventListener('scroll', onScroll, true);
    return () => root.removeEventListener('scroll', onScroll, true);
  }, [container, enabled]);
}
