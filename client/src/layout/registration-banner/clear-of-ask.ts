import { useEffect, useState, type RefObject } from 'react';

/** Where the floating invitation sits: at the bottom of the window, or at the top when that would cover Ask. */
export type FloatingPlace = 'bottom' | 'top';

/** The Ask buttons (the single view's and the comparison's) carry this attribute. */
export const ASK_BUTTON_ATTRIBUTE = 'data-ask-button';

const overlapVertically = (a: DOMRect, top: number, bottom: number) => a.top < bottom && a.bottom > top;

/**
 * Keeps a floating element off the Ask button: it floats at the bottom of the window unless, there, it would lie
 * over Ask (a phone with the question box low on the screen); then it floats at the top instead. Checked on
 * scroll and resize, once a frame at most. Ask is never as tall as the window less two invitations, so one of the
 * two places is always clear.
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
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [floating, active]);
  return place;
}
