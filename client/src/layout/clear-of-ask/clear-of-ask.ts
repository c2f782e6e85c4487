import { useEffect, useState, type RefObject } from 'react';
import { ASK_BUTTON_ATTRIBUTE } from './ask-button-attribute.ts';
import { BOTTOM_BAR_HEIGHT_VARIABLE, windowBottomClaimed } from './bottom-bar.ts';

/**
 * Where something floating over the page (the registration invitation, a corner notice) sits: at the bottom of the
 * window (above the cookie question while it is open, `bottom-bar.ts`), at the top when that would cover an Ask
 * button, or set aside (drawn invisibly, where it cannot be pressed) while an Ask button lies under each of the two
 * places.
 */
export type FloatingPlace = 'bottom' | 'top' | 'aside';

/** The top bar's height (3.75rem), under which the upper place starts. */
const TOP_BAR_REM = 3.75;
/** The gap between the floating element and the window's edge or the top bar, and the room kept around Ask. */
const GAP_PX = 16;

/** The `top` of the upper place: just under the top bar, with the same gap as below. */
export const BELOW_TOP_BAR = `calc(${TOP_BAR_REM}rem * var(--mantine-scale) + ${GAP_PX}px)`;

/** The `bottom` of the lower place: the gap above the window's edge, or above a bar fixed across it. */
const ABOVE_BOTTOM_BAR = `calc(var(${BOTTOM_BAR_HEIGHT_VARIABLE}, 0px) + ${GAP_PX}px)`;

/** The style that puts the floating element in its place; set aside, it keeps its size but is neither seen nor hit. */
export function placeStyle(place: FloatingPlace): { bottom?: string; top?: string; visibility?: 'hidden' } {
  if (place === 'top') return { top: BELOW_TOP_BAR };
  return place === 'aside' ? { bottom: ABOVE_BOTTOM_BAR, visibility: 'hidden' } : { bottom: ABOVE_BOTTOM_BAR };
}

interface Span {
  start: number;
  end: number;
}

const meets = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** A button's box as the window shows it. */
export type Box = Pick<DOMRect, 'left' | 'right' | 'top' | 'bottom'>;

/**
 * The first place where the element, `height` tall and spanning `across` horizontally, lies over none of the Ask
 * buttons (kept `GAP_PX` clear of them), in the order bottom, top; `aside` when both would cover one. `windowHeight`
 * is what a bar across the bottom leaves of the window.
 */
export function clearPlace(asks: readonly Box[], across: Span, height: number, windowHeight: number, topBarBottom: number): FloatingPlace {
  const places: [FloatingPlace, Span][] = [
    ['bottom', { start: windowHeight - GAP_PX - height, end: windowHeight - GAP_PX }],
    ['top', { start: topBarBottom + GAP_PX, end: topBarBottom + GAP_PX + height }],
  ];
  const widened = { start: across.start - GAP_PX, end: across.end + GAP_PX };
  const covers = (span: Span) =>
    asks.some((ask) => meets(widened, { start: ask.left, end: ask.right }) && meets({ start: span.start - GAP_PX, end: span.end + GAP_PX }, { start: ask.top, end: ask.bottom }));
  return places.find(([, span]) => !covers(span))?.[0] ?? 'aside';
}

/**
 * Keeps a floating element off every Ask button on the page: the question's Ask and, once an answer is in, Ask
 * follow-up, which sits further down. It floats at the bottom of the window unless, there, it would lie over one of
 * them; then at the top; and when an Ask is under both places (a phone showing the question box high and the
 * follow-up low), it steps aside until the page is scrolled on. Checked on scroll, resize and whenever the page's
 * size changes (an answer arriving, a page drawn after the element appeared, the cookie question coming or going:
 * it keeps a space of its own height at the end of the page), once a frame at most.
 */
export function useClearOfAsk(floating: RefObject<HTMLElement | null>, active: boolean): FloatingPlace {
  const [place, setPlace] = useState<FloatingPlace>('bottom');
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const element = floating.current;
      if (!element) return setPlace('bottom');
      const box = element.getBoundingClientRect();
      const asks = [...document.querySelectorAll(`[${ASK_BUTTON_ATTRIBUTE}]`)].map((ask) => ask.getBoundingClientRect()).filter((ask) => ask.height > 0);
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      setPlace(clearPlace(asks, { start: box.left, end: box.right }, box.height, window.innerHeight - windowBottomClaimed(), TOP_BAR_REM * rem));
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
