/**
 * A bar fixed across the bottom of the window (the cookie question) says how tall it is in this CSS variable on
 * the root element, and whatever floats over the page (the registration invitation, a corner notice) keeps above
 * it instead of being covered. A module of its own: the bar and the floating things load separately.
 */
export const BOTTOM_BAR_HEIGHT_VARIABLE = '--quorum-bottom-bar-height';

/** Tells the floating things how much of the window's bottom the bar covers; returns how to take it back. */
export function claimWindowBottom(heightPx: number): () => void {
  const root = document.documentElement.style;
  root.setProperty(BOTTOM_BAR_HEIGHT_VARIABLE, `${heightPx}px`);
  return () => root.removeProperty(BOTTOM_BAR_HEIGHT_VARIABLE);
}

/** How much of the window's bottom a bar covers now, in pixels; 0 when none does. */
export function windowBottomClaimed(): number {
  return parseFloat(getComputedStyle(document.documentElement).getPropertyValue(BOTTOM_BAR_HEIGHT_VARIABLE)) || 0;
}
