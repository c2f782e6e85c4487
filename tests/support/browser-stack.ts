import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { closeChromium, launchChromium } from './chromium.ts';
import { finishWithin } from './closing-steps.ts';
import { testLimit, underLoad } from './load-scaled-timeout.ts';
import { startTestStack, type TestStack, type TestStackOptions } from './test-stack.ts';

/** Ample to start (or stop) Chromium or a stack on a quiet machine; `underLoad` and `testLimit` stretch it on a busy one. */
const START_UP_MS = 120_000;

/** How long before its hook's limit a teardown gives up and says what it was still waiting for. */
const SAY_WHY_MARGIN_MS = 10_000;

export interface BrowserStack {
  browser: Browser;
  stack: TestStack;
}

/** Chromium and a whole Quorum, started side by side: what most browser test files need before anything else. */
export async function startBrowserStack(options?: TestStackOptions): Promise<BrowserStack> {
  const [browser, stack] = await Promise.all([launchChromium(), startTestStack(options)]);
  return { browser, stack };
}

/**
 * Closes whichever of the two started (a failed start leaves the other to clean up). Past `limitMs` it fails naming
 * what had not finished: Chromium, or the stack's step and what that step waits for.
 */
export async function stopBrowserStack(browser: Browser | undefined, stack: TestStack | undefined, limitMs = underLoad(START_UP_MS)): Promise<void> {
  let browserClosed = false;
  const closingBrowser = browser && closeChromium(browser).then(() => (browserClosed = true));
  await finishWithin('closing the browser and the test stack', Promise.all([closingBrowser, stack?.close()]), limitMs, async () =>
    [browser && !browserClosed ? 'Chromium is still closing' : 'Chromium is closed', stack ? `the stack: ${await stack.closing.describe()}` : 'no stack'].join('; '),
  );
}

/**
 * A teardown hook's limit (a backstop fixed when the file is collected), and the shorter one its work gets, read
 * when the teardown starts so that it follows the load then, and so that a late teardown can still say why.
 */
function teardownLimits(): { hookMs: number; workMs: () => number } {
  const hookMs = testLimit(START_UP_MS);
  return { hookMs, workMs: () => Math.min(underLoad(START_UP_MS), hookMs - SAY_WHY_MARGIN_MS) };
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
    started = await startBrowserStack(optionsNow(options));
    take(started);
  }, testLimit(START_UP_MS));
  const limits = teardownLimits();
  afterAll(() => stopBrowserStack(started?.browser, started?.stack, limits.workMs()), limits.hookMs);
}

/**
 * Chromium alone, launched before the file's first test and closed after its last: for files whose describe blocks
 * each start their own stack (a different environment per block), so one browser serves them all.
 */
export function browserForFile(take: (browser: Browser) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    take(browser);
  }, testLimit(START_UP_MS));
  afterAll(() => browser && closeChromium(browser));
}

/**
 * A whole Quorum for the enclosing describe block (or the file, at its top level), started before the block's first
 * test and closed after its last, with the same load-scaled start-up limit as `browserStackForFile`. Pairs with
 * `browserForFile` when blocks need differently configured stacks; `options` may be a function, for options that an
 * earlier hook prepares (a mail catcher's address).
 */
export function stackForBlock(take: (stack: TestStack) => void, options?: TestStackOptions | (() => TestStackOptions)): void {
  let stack: TestStack | undefined;
  beforeAll(async () => {
    stack = await startTestStack(optionsNow(options));
    take(stack);
  }, testLimit(START_UP_MS));
  const limits = teardownLimits();
  afterAll(() => stack && finishWithin('closing the test stack', stack.close(), limits.workMs(), () => stack!.closing.describe()), limits.hookMs);
}

/** Options given as a function are read when the hook runs, after the hooks registered before it. */
function optionsNow(options: TestStackOptions | (() => TestStackOptions) | undefined): TestStackOptions | undefined {
  return typeof options === 'function' ? options() : options;
}
