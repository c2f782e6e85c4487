import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Room kept below the answer's last line while following it. */
const BOTTOM_MARGIN_PX = 24;

/**
 * How long after an answer ends it is still followed. Its last words are drawn after the end, not with it: the text
 * is rendered deferred (React may draw it a little late on a busy page), the markdown renderer redraws the last
 * block once it is complete, and the answer's facts and actions appear below it.
 */
const SETTLE_MS = 1_500;

/**
 * Keeps a streaming answer in view: when it starts, the page scrolls to it; while it grows, and while it settles
 * just after its end, the page follows its last line, until the reader scrolls up to read something else (then it
 * stays put until the next answer starts).
 */
export function useFollowAnswer(panel: RefObject<HTMLElement | null>, answerKey: number, streaming: boolean, text: string): void {
  const following = useRef(false);
  const lastAutoScroll = useRef(0);
  const active = useStreamingOrSettling(streaming);

  // A new answer: bring it into view and start following it.
  useEffect(() => {
    if (answerKey === 0 || !panel.current) return;
    following.current = true;
    // At once, not smoothly: a smooth scroll carries on to its end even when the reader turns the wheel meanwhile.
    panel.current.scrollIntoView({ behavior: 'instant', block: 'start' });
    lastAutoScroll.current = window.scrollY;
  }, [answerKey, panel]);

  // Scrolling up by hand means "I am reading something else": stop following. The wheel, a touch and the keys
  // say so at once; the scroll position (a scrollbar drag) a frame later, possibly after more text arrived. Heard
  // for as long as the panel is there, not only once it streams: a reader who scrolls up the moment an answer
  // starts, before the page has drawn it streaming, has said so too.
  useEffect(() => {
    const stop = () => {
      following.current = false;
    };
    const onWheel = (event: WheelEvent) => event.deltaY < 0 && stop();
    const onKey = (event: KeyboardEvent) => ['ArrowUp', 'PageUp', 'Home'].includes(event.key) && stop();
    const onScroll = () => {
      if (!following.current) return;
      if (scrolledUpByHand(lastAutoScroll.current)) stop();
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
  }, []);

  // If the answer's end has gone below the screen, bring it back up.
  const bringEndIntoView = useCallback(() => {
    const element = panel.current;
    if (!following.current || !element) return;
    // The reader may already have scrolled up while the news of it (the wheel or scroll event) still waits behind
    // this update on a busy page: the position says so first, and following now would pull the page back down.
    if (scrolledUpByHand(lastAutoScroll.current)) {
      following.current = false;
      return;
    }
    const bottom = element.getBoundingClientRect().bottom;
    if (bottom <= window.innerHeight) return;
    const top = window.scrollY + bottom - window.innerHeight + BOTTOM_MARGIN_PX;
    lastAutoScroll.current = top;
    window.scrollTo({ top, behavior: 'instant' });
  }, [panel]);

  // Each new piece of text, before it is painted.
  useLayoutEffect(() => {
    if (active) bringEndIntoView();
  }, [text, active, bringEndIntoView]);

  // Growth that comes without new text (the markdown redrawn, the facts below the answer).
  useEffect(() => {
    const element = panel.current;
    if (!active || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(bringEndIntoView);
    observer.observe(element);
    return () => observer.disconnect();
  }, [active, panel, bringEndIntoView]);
}

/** Whether the page now sits above where following last put it (beyond a few pixels of rounding). */
function scrolledUpByHand(lastAutoScroll: number): boolean {
  return window.scrollY < lastAutoScroll - 8;
}

/** True while streaming and for SETTLE_MS after it stops. */
function useStreamingOrSettling(streaming: boolean): boolean {
  const [settling, setSettling] = useState(false);
  const wasStreaming = useRef(streaming);
  useEffect(() => {
    if (wasStreaming.current && !streaming) setSettling(true);
    wasStreaming.current = streaming;
  }, [streaming]);
  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(() => setSettling(false), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settling]);
  return streaming || settling;
}
