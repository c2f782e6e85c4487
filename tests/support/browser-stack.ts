import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { startTestStack, type TestStack, type TestStackOptions } from './test-stack.ts';

export interface BrowserStack {
  browser: Browser;
  stack: TestStack;
}

/** Chromium and a whole Quorum, started side by side: what most browser test files need before anything else. */
export async function startBrowserStack(options?: TestStackOptions): Promise<BrowserStack> {
  const [browser, stack] = await Promise.all([launchChromium(), startTestStack(options)]);
  return { browser, stack };
}

/** Closes whichever of the two started (a failed start leaves the other to clean up). */
export async function stopBrowserStack(browser: Browser | undefined, stack: TestStack | undefined): Promise<void> {
  await Promise.all([browser?.close(), stack?.close()]);
}
