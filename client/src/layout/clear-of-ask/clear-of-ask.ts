import { useEffect, useState, type RefObject } from 'react';

/**
 * Where something floating over the page (the registration invitation, a corner notice) sits: at the bottom of the
 * window, or at the top when that would cover Ask.
 */
export type FloatingPlace = 'bottom' | 'top';

/** The `top` of the upper place: just under the top bar (3.75rem high), with the same 16 px gap as below. */
export const BELOW_TOP_BAR = 'calc(3.75rem * var(--mantine-scale) + 16px)';

/** The Ask buttons (the single view's and the comparison's) carry this attribute. */
export const ASK_BUTTON_ATTRIBUTE = 'data-ask-button';

const overlapVertically = (a: DOMRect, top: number, bottom: number) => a.top < bottom && a.bottom > top;

/**
 * Keeps a floating element off the Ask button: it floats at the bottom of the window unless, there, it would lie
 * over Ask (a phone with the question box low on the screen); then it floats at the top instead. Checked on
 * scroll, resize and whenever the page's size changes (a page drawn after the element appeared, as home is after an
 * account is deleted), once a frame at most. Ask is never as tall as the window less two floating elements, so one
 * of the two places is always clear.
 */
export function useClearOfAsk(floating: RefObject<HTMLElement | null>, active: boolean): FloatingPlace {
  const [place, setPlace] = useState<FloatingPlace>('bottom');
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const element = floating.current;
      const ask = document.querySelector(`[${ASK_BUTTON_ATTRIBUTE}]`);
      if (!element || !ask) return setPlace('bottom');
      const height = element.getBoundingClientRect().height;
      const gap = 16;
      const bottomTop = window.innerHeight - gap - height;
      setPlace(overlapVertically(ask.getBoundingClientRect(), bottomTop - gap, window.innerHeight) ? 'top' : 'bottom');
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const pageSize = new ResizeObserver(schedule);
    pageSize.observe(document.body);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      pageSize.disconnect();
    };
  }, [floating, active]);
  return place;
}
