import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Below Mantine's `md` breakpoint (62em) the signed-in sidebar lives in a drawer behind the top bar's burger. */
const DRAWER_BELOW_PX = 992;

/**
 * The signed-in sidebar, opened from the burger first when the window is narrow enough to keep it in a drawer. Whether
 * it is a drawer is read from the viewport, not from whether the burger shows yet: a page still drawing has no burger,
 * and the drawer's entries would then be clicked off screen. Whether it is open is read from the burger's
 * `aria-expanded`, not from where the drawer is: mid-slide it is partly on screen either way.
 */
export async function openSidebar(page: Page): Promise<Locator> {
  const sidebar = page.getByTestId('sidebar');
  if ((page.viewportSize()?.width ?? 0) >= DRAWER_BELOW_PX) return sidebar;
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  await burger.waitFor({ state: 'visible' });
  if ((await burger.getAttribute('aria-expanded')) !== 'true') await burger.click();
  await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('true');
  // Slid all the way in: an entry is clicked where it will stay.
  await expect.poll(async () => ((await sidebar.boundingBox())?.x ?? -1) >= 0).toBe(true);
  return sidebar;
}
