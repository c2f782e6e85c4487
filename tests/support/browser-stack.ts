import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.ts';
import { underLoad } from './load-scaled-timeout.ts';
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

/**
 * The set-up every browser test file shares: Chromium and a whole Quorum started before the file's first test and
 * stopped after its last, with a start-up limit that grows with the machine's load (a busy machine starts a stack
 * slower, and a fixed limit failed good runs). `take` hands the two to the file's own variables once started;
 * `options` may be a function, for options that another of the file's hooks prepares first.
 */
export function browserStackForFile(
  take: (started: BrowserStack) => void,
  options?: TestStackOptions | (() => TestStackOptions),
): void {
  let started: BrowserStack | undefined;
  beforeAll(async () => {
    started = await startBrowserStack(typeof options === 'function' ? options() : options);
    take(started);
  }, underLoad(120_000));
  afterAll(() => stopBrowserStack(started?.browser, started?.stack));
}
