import type { Browser } from 'playwright-core';
import { LARGEST_PAINT_RECORDER } from './page-recorders.ts';

/**
 * How long after a load late arrivals may still paint something larger (the guest's registration invitation comes
 * 1.5 s after load): the LCP is read once they have had their chance, as Chromium would settle it.
 */
const SETTLE_AFTER_READY_MS = 2_500;

export interface ColdLoad {
  lcpMs: number;
  /** What the largest paint was, e.g. `p "Ask a question and watch the answer…"`. */
  element: string | null;
}

/**
 * Opens `/` as a first-time guest: a fresh browser context each time, so nothing is cached (no scripts, no session,
 * no stored choices), and reads the Largest Contentful Paint once the page has settled.
 */
export async function coldLoad(browser: Browser, baseUrl: string, viewport: { width: number; height: number }): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.addInitScript(LARGEST_PAINT_RECORDER);
    await page.goto(baseUrl);
    // Ready: the start-up check has answered and the catalogue has filled the model pickers.
    await page.getByTestId('model-select').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(SETTLE_AFTER_READY_MS);
    const record = (await page.evaluate('window.paintRecord')) as { lcp: number | null; lcpElement: string | null };
    if (record.lcp === null) throw new Error('Chromium reported no largest-contentful-paint for /');
    return { lcpMs: record.lcp, element: record.lcpElement };
  } finally {
    await context.close();
  }
}
