import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { FIVE_COMPARED_MODELS } from '../../tests/support/compared-models.ts';
import { LONG_TASK_RECORDER } from './page-recorders.ts';

/** The five models compared, one per provider. */
const COMPARED_MODELS = FIVE_COMPARED_MODELS;

const STREAM_TIMEOUT_MS = 60_000;

export interface LongTask {
  /** In the page's clock; in a finished run's report, from the click on Compare. */
  startTime: number;
  duration: number;
}

export interface StreamingRun {
  /** Long tasks (over 50 ms) from the click on Compare until every column had finished. */
  longTasks: LongTask[];
  /** From the click on Compare until every column had finished. */
  streamedMs: number;
}

export interface StreamingPlan {
  chunks: number;
  chunkMs: number;
  /** Chromium's CPU throttling while the answers stream: 1 is this machine's speed, 4 a mid-range phone's. */
  cpuSlowdown: number;
  viewport: { width: number; height: number };
}

/**
 * A signed-in, funded person compares five models in the browser, each answer `chunks` words long and streamed
 * `chunkMs` apart (the simulator's directives in the question), and the page's long tasks are recorded until every
 * column is done. Loading the page and opening the comparison view happen before, and are not counted.
 */
export async function streamComparison(browser: Browser, baseUrl: string, sessionCookie: string, plan: StreamingPlan): Promise<StreamingRun> {
  const context = await browser.newContext({ viewport: plan.viewport });
  try {
    const [name, ...value] = sessionCookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
    const page = await context.newPage();
    await page.addInitScript(LONG_TASK_RECORDER);
    await page.goto(baseUrl);
    await page.getByTestId('startup-loader').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
    await page.getByTestId('comparison-query-input').waitFor();
    await page.getByTestId('clear-all').click();
    for (const { label } of COMPARED_MODELS) await page.getByRole('checkbox', { name: label, exact: true }).check();
    await page
      .getByTestId('comparison-query-input')
      .fill(`How does an HTTP cache decide what to keep? [[simulate chunks=${plan.chunks} chunk-ms=${plan.chunkMs}]]`);
    // Let whatever the typing and ticking started finish, so the measured span starts quiet.
    await page.waitForTimeout(500);

    if (plan.cpuSlowdown > 1) {
      const devtools = await context.newCDPSession(page);
      await devtools.send('Emulation.setCPUThrottlingRate', { rate: plan.cpuSlowdown });
    }
    const startedAt = (await page.evaluate('performance.now()')) as number;
    await page.getByTestId('compare-button').click();
    await waitUntilEveryColumnEnds(page);
    const endedAt = (await page.evaluate('performance.now()')) as number;
    const states = await page.locator('[data-testid="comparison-column"]').evaluateAll((columns) => columns.map((column) => column.getAttribute('data-state')));
    if (states.some((state) => state !== 'done')) throw new Error(`not every column finished well: ${states.join(', ')}`);
    // A task still running at the last poll is reported when it ends: give it that long.
    await page.waitForTimeout(200);

    const { longTasks } = (await page.evaluate('window.paintRecord')) as { longTasks: LongTask[] };
    const measured = longTasks.filter((task) => task.startTime >= startedAt && task.startTime <= endedAt);
    // Times from the click, to tell a slow start (rendering the columns) from a slowdown as the answers grow.
    return { longTasks: measured.map((task) => ({ startTime: task.startTime - startedAt, duration: task.duration })), streamedMs: endedAt - startedAt };
  } finally {
    await context.close();
  }
}

// Read by polling from here: the page's Content-Security-Policy refuses the string evaluation Playwright's
// waitForFunction would do inside it.
const COLUMNS_STILL_OPEN = `[...document.querySelectorAll('[data-testid="comparison-column"]')]
  .filter((column) => ['waiting', 'streaming'].includes(column.getAttribute('data-state'))).length`;
const COLUMN_COUNT = `document.querySelectorAll('[data-testid="comparison-column"]').length`;

async function waitUntilEveryColumnEnds(page: Page): Promise<void> {
  const deadline = performance.now() + STREAM_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const [columns, open] = (await Promise.all([page.evaluate(COLUMN_COUNT), page.evaluate(COLUMNS_STILL_OPEN)])) as [number, number];
    if (columns === COMPARED_MODELS.length && open === 0) return;
    await sleep(100);
  }
  throw new Error(`the comparison had not finished after ${STREAM_TIMEOUT_MS} ms`);
}
