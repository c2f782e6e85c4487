import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** Room kept below the answer's last line while following it. */
const BOTTOM_MARGIN_PX = 24;

/**
 * Keeps a streaming answer in view: when it starts, the page scrolls to it; while it grows, the page follows its
 * last line, until the reader scrolls up to read something else (then it stays put until the next answer starts).
 */
export function useFollowAnswer(panel: RefObject<HTMLElement | null>, answerKey: number, streaming: boolean, text: string): void {
  const following = useRef(false);
  const lastAutoScroll = useRef(0);

  // A new answer: bring it into view and start following it.
  useEffect(() => {
    if (answerKey === 0 || !panel.current) return;
    following.current = true;
    // At once, not smoothly: a smooth scroll carries on to its end even when the reader turns the wheel meanwhile.
    panel.current.scrollIntoView({ behavior: 'instant', block: 'start' });
  }, [answerKey, panel]);

  // Scrolling up by hand means "I am reading something else": stop following. The wheel, a touch and the keys
  // say so at once; the scroll position (a scrollbar drag) a frame later, possibly after more text arrived.
  useEffect(() => {
    if (!streaming) return;
    lastAutoScroll.current = window.scrollY;
    const stop = () => {
      following.current = false;
    };
    const onWheel = (event: WheelEvent) => event.deltaY < 0 && stop();
    const onKey = (event: KeyboardEvent) => ['ArrowUp', 'PageUp', 'Home'].includes(event.key) && stop();
    const onScroll = () => {
      if (window.scrollY < lastAutoScroll.current - 8) stop();
      else lastAutoScroll.current = Math.max(lastAutoScroll.current, window.scrollY);
    };
    window.addEventListener('wheel', onWheel, { passive: true });
    window.addEventListener('touchmove', stop, { passive: true });
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll);
    };
  }, [streaming]);

  // Each new piece of text: if the answer's end has gone below the screen, bring it back up.
  useLayoutEffect(() => {
    const element = panel.current;
    if (!streaming || !following.current || !element) return;
    const bottom = element.getBoundingClientRect().bottom;
    if (bottom <= window.innerHeight) return;
    const top = window.scrollY + bottom - window.innerHeight + BOTTOM_MARGIN_PX;
    lastAutoScroll.current = top;
    window.scrollTo({ top, behavior: 'instant' });
  }, [text, streaming, panel]);
}
