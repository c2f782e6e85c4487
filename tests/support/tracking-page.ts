import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from './accessibility-check.ts';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, saveScreenshot, saveViewportScreenshot } from './browser-page.ts';
import { signedInCalls } from './signed-in-calls.ts';
import type { TestStack } from './test-stack.ts';
import { underLoad } from './load-scaled-timeout.ts';

/**
 * The tracking browser tests drive their sets through the API as the stack's funded user, and wait for runs in
 * Postgres; these calls were repeated in each of them. `stack` is read at call time, since a file's stack only
 * exists once its hooks have run.
 */
export function trackingCalls(stack: () => TestStack) {
  const call = signedInCalls(stack);

  /** A signed-in JSON call that must answer 200; returns the envelope's `data`. */
  async function api(method: string, path: string, body?: unknown) {
    const answer = await call<any>(path, stack().fundedCookie, body, method);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  /** Waits until the set has `count` completed runs, then pauses it, so no further run changes what the page shows. */
  async function completedRuns(setId: string, count: number): Promise<void> {
    await expect
      .poll(async () => (await stack().records().execute<{ n: number }[]>(`select count(*)::int as n from tracking_runs where set_id = ? and status = 'completed'`, [setId]))[0]!.n, {
        timeout: underLoad(30_000),
      })
      .toBeGreaterThanOrEqual(count);
    await api('PATCH', `/api/tracking/sets/${setId}`, { status: 'paused' });
  }

  return { api, completedRuns };
}

export interface PictureOptions {
  /** Photograph what the window shows rather than the whole page (dialogs sit against the window). */
  viewportOnly?: boolean;
  /** Name the pictures `<name>-<width>-<scheme>` rather than `<name>-<scheme>`, as some tests' pictures always were. */
  widthInName?: boolean;
  /** More pictures at each width and scheme (close-ups of parts), taken after the page's own and before axe reads it. */
  closeUps?: (viewport: { width: number; height: number }, colorScheme: 'light' | 'dark') => Promise<void>;
}

/**
 * Screenshots at phone and desktop width, light and dark, once transitions have settled; axe must find nothing serious
 * at either width in either scheme. Leaves the page light and at desktop width.
 */
export async function pictureAndCheck(page: Page, name: string, options: PictureOptions = {}): Promise<void> {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await transitionsSettled(page);
      const picture = options.widthInName ? `${name}-${viewport.width}-${colorScheme}` : `${name}-${colorScheme}`;
      await (options.viewportOnly ? saveViewportScreenshot : saveScreenshot)(page, picture);
      await options.closeUps?.(viewport, colorScheme);
      expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme} ${viewport.width}`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP_VIEWPORT);
}
